import type { DocumentReference } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { database } from '../../functions/src/store/firestore/db.js';

/** The ladder's database, as the test configuration names it. */
export const db = database();

/**
 * Every document path in the emulated database: what "changes nothing" is checked against. The rate limiter's
 * buckets (`rateLimits/`) are left out: counting a call is bookkeeping about the request, made before the
 * function decides, and test/integration/rateLimit.test.ts checks them itself.
 */
export async function documentPaths(): Promise<string[]> {
  const paths: string[] = [];
  const walk = async (refs: DocumentReference[]) => {
    for (const ref of refs) {
      if (ref.path.startsWith('rateLimits/')) continue;
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
