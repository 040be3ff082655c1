import { getApps, initializeApp } from 'firebase-admin/app';

// An app of the ladder's own: the studio's code in the same codebase may call `initializeApp()` for the default
// app after this module loads, which would throw had the ladder taken the default app first.
export const app = getApps().find((a) => a.name === 'ladder') ?? initializeApp(undefined, 'ladder');
