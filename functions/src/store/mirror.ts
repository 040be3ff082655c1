import type { Query } from 'firebase-admin/firestore';
import { countReads } from './metrics.js';

/**
 * An in-memory copy of a query's results, kept current by a snapshot listener: after the first snapshot,
 * each sweep costs reads only for the documents that changed, however large the pool.
 */
export class Mirror<T extends { id: string }> {
  private readonly docs = new Map<string, T>();
  private readonly unsubscribe: () => void;
  readonly ready: Promise<void>;

  constructor(query: Query<T>, onAdded?: (doc: T) => void) {
    let first: () => void;
    let failed: (error: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      first = resolve;
      failed = reject;
    });
    this.unsubscribe = query.onSnapshot(
      (snapshot) => {
        const changes = snapshot.docChanges();
        // A listener is billed a read per document added to or changed in its results.
        countReads(changes.filter((c) => c.type !== 'removed').length);
        for (const change of changes) {
          if (change.type === 'removed') {
            this.docs.delete(change.doc.id);
          } else {
            const doc = change.doc.data();
            if (change.type === 'added') onAdded?.(doc);
            this.docs.set(doc.id, doc);
          }
        }
        first();
      },
      (error) => failed(error),
    );
  }

  values(): T[] {
    return [...this.docs.values()];
  }

  has(id: string) {
    return this.docs.has(id);
  }

  close() {
    this.unsubscribe();
  }
}
