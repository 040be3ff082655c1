import { doc, onSnapshot, type DocumentData, type Firestore } from 'firebase/firestore';

/** Resolves with the first snapshot of a document (as a client listener sees it) that satisfies `predicate`. */
export function waitForDoc(
  db: Firestore,
  path: string,
  predicate: (data: DocumentData | undefined) => boolean,
  timeoutMs = 15_000,
): Promise<DocumentData | undefined> {
  return new Promise((resolve, reject) => {
    let last: DocumentData | undefined;
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out waiting on ${path}; last seen: ${JSON.stringify(last)}`));
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
