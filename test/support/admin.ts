import type { DocumentReference } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { testContext } from './context.js';

/** The ladder's database, as the test configuration names it. */
export const db = testContext().db;

/** Sets a player's call bucket (`calls` on their state, core/fairplay/rateLimit.ts), as if they had spent calls. */
export const setCallBucket = (uid: string, bucket: { tokens: number; at: number }) =>
  db.doc(`playerStates/${uid}`).update({ calls: bucket });

/** A player's call bucket, or null before their first counted call. */
export const callBucketOf = async (uid: string) => (await db.doc(`playerStates/${uid}`).get()).data()?.calls ?? null;

/** Every document path in the emulated database: what "changes nothing" is checked against. */
export async function documentPaths(): Promise<string[]> {
  const paths: string[] = [];
  const walk = async (refs: DocumentReference[]) => {
    for (const ref of refs) {
      paths.push(ref.path);
      await walk((await Promise.all((await ref.listCollections()).map((c) => c.listDocuments()))).flat());
    }
  };
  for (const collection of await db.listCollections()) await walk(await collection.listDocuments());
  return paths.sort();
}

/** Asserts a call was refused with the given callable error code (client SDK `functions/<code>` or HttpsError). */
export async function expectRefusal(call: Promise<unknown>, code: string, message?: RegExp) {
  const error = await call.then(
    () => null,
    (e: { code?: string; message?: string }) => e,
  );
  expect(error, `expected the call to fail with ${code}`).not.toBeNull();
  expect(String(error!.code).replace(/^functions\//, '')).toBe(code);
  if (message) expect(error!.message).toMatch(message);
  return error!;
}
