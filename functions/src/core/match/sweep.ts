import type { Mode } from '../modes.js';
import type { Ticket } from '../ticket.js';
import { QueuedPool } from './pool.js';
import { unmatchedReasons, type UnmatchedReason } from './reasons.js';
import type { MatchProposal } from './proposal.js';

export interface SweepResult {
  /** Disjoint proposals, in the order they were made (longest-waiting anchor first). */
  proposals: MatchProposal[];
  /** How many tickets stayed queued, by the reason their last attempt failed. */
  unmatched: Record<UnmatchedReason, number>;
}

/**
 * Matches a whole pool, as the scheduled tick does. Every ticket, longest waiting first, gets to build a
 * match around itself from what is still free, so an old ticket is never outbid by newer ones, and its
 * longer wait has widened the caps it matches under.
 */
export function sweepPool(mode: Mode, tickets: readonly Ticket[], nowMs: number): SweepResult {
  const pool = new QueuedPool(mode, tickets, nowMs);
  const reasons = [...pool.excluded];
  const proposals: MatchProposal[] = [];
  for (const anchor of pool.oldestFirst()) {
    if (!pool.isAvailable(anchor)) continue;
    const attempt = pool.attempt([anchor]);
    if (attempt.matched) proposals.push(pool.commit(attempt.sides));
    else reasons[anchor] = attempt.reason;
  }
  const unmatched = Object.fromEntries(unmatchedReasons.map((reason) => [reason, 0])) as Record<
    UnmatchedReason,
    number
  >;
  reasons.forEach((reason, t) => {
    if (reason !== null && (pool.excluded[t] !== null || pool.isAvailable(t))) unmatched[reason]++;
  });
  return { proposals, unmatched };
}
