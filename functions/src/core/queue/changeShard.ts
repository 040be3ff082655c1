import { fnv1a } from '../hash.js';

/**
 * A pool's tickets are indexed on when they last changed (`changedAt`), so that a matcher run can follow the
 * tickets changed since its digest. An index on an ever-increasing value takes every write at its one end, which
 * Firestore holds near 500 writes a second for the collection. Each ticket therefore also carries one of
 * CHANGE_SHARDS values drawn from its id, and the change stamp is indexed only after it: a pool's ticket writes
 * spread over that many index ranges, and the run asks for all of them in one query (`in`, at most 30 values).
 */
export const CHANGE_SHARDS = 16;

/** Every shard, for the query that follows a pool's changes. */
export const ALL_CHANGE_SHARDS: readonly number[] = Array.from({ length: CHANGE_SHARDS }, (_, i) => i);

/** The shard of a ticket: the same for every write of that ticket, spread evenly over random ids. */
export const changeShardOf = (ticketId: string): number => fnv1a(ticketId) % CHANGE_SHARDS;
