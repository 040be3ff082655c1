import { weighsPoolLength } from '../core/match/index.js';
import type { Pool } from '../core/mode/pool.js';
import { countReads } from './firestore/metrics.js';
import { queueStatsRef } from './firestore/refs.js';
import { type LadderContext, perLadder } from '../context.js';

/** When this instance last read each of a ladder's pools' statistics, and the waiting tickets they counted. */
const lastReadIn = perLadder<{ at: number; waiting: number }>();

/**
 * The tickets waiting in a pool as its statistics (`pools/{poolId}`, written by the matcher after a sweep) last
 * counted them, for a mode whose arrivals wait for the sweep sooner in busy pools (`weighsPoolLength`); 0 for any other mode,
 * or before a sweep has written them. A plain read outside the enqueue transaction: the figure only says
 * whether the pool is busy, so a stale one is harmless, and reading it in the transaction would put the
 * matcher's write of it behind every enqueue of the pool. The matcher rewrites it at most every `statsEverySeconds`, so an
 * instance reads it no more often than that.
 */
export async function waitingInPool(ctx: LadderContext, pool: Pick<Pool, 'id' | 'mode'>): Promise<number> {
  if (!weighsPoolLength(pool.mode)) return 0;
  const now = ctx.clock.now();
  const cached = lastReadIn(ctx).get(pool.id);
  if (cached && now - cached.at < ctx.config.advanced.matcher.statsEverySeconds * 1000) return cached.waiting;
  const stats = await queueStatsRef(ctx, pool.id).get();
  countReads(ctx, 1, 'pools');
  const waiting = stats.data()?.waitingTickets ?? 0;
  lastReadIn(ctx).set(pool.id, { at: now, waiting });
  return waiting;
}
