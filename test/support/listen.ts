import { doc, onSnapshot, type DocumentData, type Firestore } from 'firebase/firestore';
import { db as admin } from './admin.js';

/**
 * Resolves with the first snapshot of a document (as a client listener sees it) that satisfies `predicate`.
 * The emulator on a loaded machine can hold a listener back for several seconds, hence the generous wait; a
 * timeout says what the server holds, so a lagging listener and a wrong server state read differently.
 */
export function waitForDoc(
  db: Firestore,
  path: string,
  predicate: (data: DocumentData | undefined) => boolean,
  timeoutMs = 30_000,
): Promise<DocumentData | undefined> {
  return new Promise((resolve, reject) => {
    let last: DocumentData | undefined;
    const timer = setTimeout(() => {
      unsubscribe();
      void admin
        .doc(path)
        .get()
        .then(
          (snap) => JSON.stringify(snap.data()),
          (error: unknown) => `unreadable (${String(error)})`,
        )
        .then((server) =>
          reject(
            new Error(
              `timed out waiting on ${path}; the listener last saw: ${JSON.stringify(last)}; the server holds: ${server}`,
            ),
          ),
        );
    }, timeoutMs);
    const unsubscribe = onSnapshot(
      doc(db, path),
      (snap) => {
        last = snap.data();
        if (predicate(last)) {
          clearTimeout(timer);
          unsubscribe();
          resolve(last);
        }
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
