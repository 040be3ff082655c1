import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Firestore document reads and writes, counted where the store layer makes them, so the cost per matched
 * player can be reported. A retried transaction's reads count again, as they are billed again; only committed
 * writes count. Counts go to the process totals and to the innermost `withOpCounts` scope (one callable
 * invocation, say), both in all and by the kind of document (its collection's id: `tickets`, `rooms`, …), so a
 * report can say which documents the cost is made of. The totals are a ladder's (its context's `ops`), so two
 * ladders in one process count apart.
 */
export interface OpCounts {
  reads: number;
  writes: number;
}

/** Reads and writes by the id of the collection the documents are in. */
export type OpsByKind = Record<string, OpCounts>;

/** The reads and writes a ladder's store layer made, in all and by kind of document. */
export interface OpCounters {
  readonly totals: OpCounts;
  readonly byKind: OpsByKind;
}

/** What counts land on: a ladder's context, or a transaction's. */
export interface Counted {
  readonly ops: OpCounters;
}

export const newOpCounters = (): OpCounters => ({ totals: { reads: 0, writes: 0 }, byKind: {} });
const scope = new AsyncLocalStorage<{ ops: OpCounts; kinds: OpsByKind }>();

/** The kind of a document: the id of the collection it is in. */
export const kindOf = (ref: { parent: { id: string } }): string => ref.parent.id;

function add(kinds: OpsByKind, kind: string, reads: number, writes: number) {
  const entry = kinds[kind] ?? { reads: 0, writes: 0 };
  entry.reads += reads;
  entry.writes += writes;
  kinds[kind] = entry;
}

function count({ ops }: Counted, kind: string, reads: number, writes: number) {
  ops.totals.reads += reads;
  ops.totals.writes += writes;
  add(ops.byKind, kind, reads, writes);
  const current = scope.getStore();
  if (!current) return;
  current.ops.reads += reads;
  current.ops.writes += writes;
  add(current.kinds, kind, reads, writes);
}

export function countReads(on: Counted, documents: number, kind: string) {
  count(on, kind, documents, 0);
}

/** A query is billed at least one read, even when it returns nothing. */
export function countQueryReads(on: Counted, documents: number, kind: string) {
  countReads(on, Math.max(1, documents), kind);
}

export function countWrites(on: Counted, documents: number, kind: string) {
  count(on, kind, 0, documents);
}

/**
 * Runs `work`, then hands `report` the reads and writes made inside it (in all, and by kind), whether it
 * succeeded or not.
 */
export async function withOpCounts<T>(
  work: () => Promise<T>,
  report: (ops: OpCounts, kinds: OpsByKind) => Promise<void>,
): Promise<T> {
  const counted = { ops: { reads: 0, writes: 0 }, kinds: {} };
  try {
    return await scope.run(counted, work);
  } finally {
    await report(counted.ops, counted.kinds);
  }
}

/**
 * `callback` (a listener's, called long after it was set up) counting towards the scope it was made in, so a
 * held stream or long-poll is billed the documents its listeners receive.
 */
export const countedLater = <F extends (...args: never[]) => unknown>(callback: F): F =>
  AsyncLocalStorage.bind(callback);
