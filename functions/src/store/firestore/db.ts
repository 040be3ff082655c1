import { getApps, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { config } from '../../config.js';

// An app of the ladder's own: the studio's code in the same codebase may call `initializeApp()` for the default
// app after this module loads, which would throw had the ladder taken the default app first.
export const app = getApps().find((a) => a.name === 'ladder') ?? initializeApp(undefined, 'ladder');

/**
 * The database the configuration names (`firestore.database`). Looked up at each use, not at load: a studio hands
 * the ladder its configuration (`createLadderFunctions`) after this module has loaded. The Admin SDK keeps one
 * instance per database, so every caller gets the same handle.
 */
export const database = (): Firestore => getFirestore(app, config.firestore.database);
