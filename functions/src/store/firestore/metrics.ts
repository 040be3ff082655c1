import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Firestore document reads and writes, counted where the store layer makes them, so the cost per matched
 * player can be reported. A retried transaction's reads count again, as they are billed again; only committed
 * writes count. Counts go to the
 * process totals and to the innermost `withOpCounts` scope (one callable invocation, say).
 */
export interface OpCounts {
  reads: number;
  writes: number;
}

export const opCounts: OpCounts = { reads: 0, writes: 0 };
const scope = new AsyncLocalStorage<OpCounts>();

export function countReads(documents: number) {
  opCounts.reads += documents;
  const current = scope.getStore();
  if (current) current.reads += documents;
}

/** A query is billed at least one read, even when it returns nothing. */
export function countQueryReads(documents: number) {
  countReads(Math.max(1, documents));
}

export function countWrites(documents: number) {
  opCounts.writes += documents;
  const current = scope.getStore();
  if (current) current.writes += documents;
}

/** Runs `work`, then hands `report` the reads and writes made inside it, whether it succeeded or not. */
export async function withOpCounts<T>(work: () => Promise<T>, report: (ops: OpCounts) => Promise<void>): Promise<T> {
  const ops: OpCounts = { reads: 0, writes: 0 };
  try {
    return await scope.run(ops, work);
  } finally {
    await report(ops);
  }
}

/**
 * `callback` (a listener's, called long after it was set up) counting towards the scope it was made in, so a
 * held stream or long-poll is billed the documents its listeners receive.
 */
export const countedLater = <F extends (...args: never[]) => unknown>(callback: F): F =>
  AsyncLocalStorage.bind(callback);
