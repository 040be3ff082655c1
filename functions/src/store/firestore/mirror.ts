import type { Query, Timestamp } from 'firebase-admin/firestore';
import { type Counted, countReads, kindOf } from './metrics.js';

export interface MirrorOptions<T> {
  /** Entries known before listening (a digest), which the query's results then update. */
  initial?: Iterable<T>;
  /** Called when an entry enters the mirror. */
  onAdded?: (entry: T) => void;
}

/**
 * An in-memory view of a query's results, kept current by a snapshot listener: after the first snapshot,
 * each sweep costs reads only for the documents that changed, however large the pool. `view` maps a result
 * document to its entry, or to null when the document has left the view (an ended ticket, say).
 */
export class Mirror<D, T extends { id: string }> {
  private readonly entries = new Map<string, T>();
  private readonly unsubscribe: () => void;
  readonly ready: Promise<void>;
  /** The read time of the latest snapshot applied: the entries are exact as of then. */
  readTime: Timestamp | null = null;
  /** Whether any document changed the view since the initial entries. */
  changed = false;

  constructor(
    on: Counted,
    query: Query<D>,
    view: (doc: D) => T | null,
    { initial = [], onAdded }: MirrorOptions<T> = {},
  ) {
    for (const entry of initial) this.entries.set(entry.id, entry);
    let first: () => void;
    let failed: (error: Error) => void;
    this.ready = new Promise<void>((resolve, reject) => {
      first = resolve;
      failed = reject;
    });
    this.unsubscribe = query.onSnapshot(
      (snapshot) => {
        const changes = snapshot.docChanges();
        // A listener is billed a read per document added to, changed in or changed out of its results.
        for (const change of changes) countReads(on, 1, kindOf(change.doc.ref));
        for (const change of changes) {
          const entry = change.type === 'removed' ? null : view(change.doc.data());
          const id = change.doc.id;
          if (entry) {
            if (!this.entries.has(id)) onAdded?.(entry);
            this.entries.set(id, entry);
          } else {
            this.entries.delete(id);
          }
        }
        if (changes.length) this.changed = true;
        this.readTime = snapshot.readTime;
        first();
      },
      (error) => failed(error),
    );
  }

  values(): T[] {
    return [...this.entries.values()];
  }

  has(id: string) {
    return this.entries.has(id);
  }

  close() {
    this.unsubscribe();
  }
}
