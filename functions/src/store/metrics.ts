/**
 * Firestore document reads and writes made by this process, counted where the store layer makes them, so
 * the cost per matched player can be reported. Transaction retries count again, as they are billed again.
 */
export interface OpCounts {
  reads: number;
  writes: number;
}

export const opCounts: OpCounts = { reads: 0, writes: 0 };

export function countReads(documents: number) {
  // A query that returns nothing is still billed one read.
  opCounts.reads += Math.max(1, documents);
}

export function countWrites(documents: number) {
  opCounts.writes += documents;
}
