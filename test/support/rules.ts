import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc, setLogLevel } from 'firebase/firestore';

let env: RulesTestEnvironment | undefined;

// Denied requests are the point of rules tests; the SDK would log each one.
setLogLevel('silent');

beforeAll(async () => {
  const [host, port] = inject('endpoints').firestoreHost.split(':');
  env = await initializeTestEnvironment({
    // A project of its own, so loading rules and clearing data never touch the functions' project.
    projectId: 'demo-ladder-rules',
    firestore: { host: host!, port: Number(port), rules: readFileSync('firestore.rules', 'utf8') },
  });
});

afterAll(() => env?.cleanup());

export function rulesEnv(): RulesTestEnvironment {
  if (!env) throw new Error('the rules test environment is not initialised');
  return env;
}

/** Empties the rules project and writes these documents with rules disabled, as the functions would. */
export async function seed(documents: Record<string, Record<string, unknown>>) {
  await rulesEnv().clearFirestore();
  await rulesEnv().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await Promise.all(Object.entries(documents).map(([path, data]) => setDoc(doc(db, path), data)));
  });
}

/** A client Firestore as the given user (or signed out, for null), subject to the rules. */
export const as = (uid: string | null) =>
  uid ? rulesEnv().authenticatedContext(uid).firestore() : rulesEnv().unauthenticatedContext().firestore();
