import type { TestProject } from 'vitest/node';
import { startBareFirestore } from '../../scripts/emulators.js';

declare module 'vitest' {
  export interface ProvidedContext {
    storeFirestoreHost: string;
  }
}

/**
 * The store tier's Firestore emulator: the use cases run in the test process through the admin SDK, which security
 * rules do not bind, so the emulator needs no rules, no Auth and no Functions emulator (and no build).
 */
export default async function setup(project: TestProject) {
  const firestore = await startBareFirestore();
  project.provide('storeFirestoreHost', firestore.host);
  return firestore.stop;
}
