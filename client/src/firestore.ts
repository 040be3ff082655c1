/**
 * `@ladder/client/firestore`: an app's Firebase services with Firestore among them, for code that reads Firestore
 * itself (tests, tools, a lobby). Apart from the main entry, so that importing `@ladder/client` does not bundle
 * Firestore: the SDK loads it only when a Ladder follows matches with listeners or reads a document.
 */
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { connectFirestoreEmulator, type Firestore, getFirestore } from 'firebase/firestore';
import type { Functions } from 'firebase/functions';
import { authAndFunctions, DEFAULT_DATABASE, DEFAULT_REGION, type EmulatorHosts, hostAndPort } from './contract.js';

export interface FirebaseServices {
  auth: Auth;
  db: Firestore;
  functions: Functions;
}

/**
 * One app's Firestore, pointed at the emulator when `emulators` is given. `database` is the one the ladder's
 * functions are configured with (`firestore.database`).
 */
export function firestoreOf(app: FirebaseApp, emulators?: EmulatorHosts, database = DEFAULT_DATABASE): Firestore {
  const db = getFirestore(app, database);
  // A page that reads Firestore itself and a Ladder that loads it later share one instance, connected once.
  if (emulators && !connected.has(db)) {
    connectFirestoreEmulator(db, ...hostAndPort(emulators.firestore, 'firestore'));
    connected.add(db);
  }
  return db;
}

const connected = new WeakSet<Firestore>();

/** One app's Auth, Firestore and Functions, pointed at the emulators when `emulators` is given. */
export function firebaseServices(
  app: FirebaseApp,
  emulators?: EmulatorHosts,
  region = DEFAULT_REGION,
  database = DEFAULT_DATABASE,
) {
  const services: FirebaseServices = {
    ...authAndFunctions(app, emulators, region),
    db: firestoreOf(app, emulators, database),
  };
  return services;
}
