import type { Mode } from '../mode/modes.js';
import type { Ticket } from './ticket.js';
import { QueuedPool } from './pool.js';
import type { MatchProposal } from './proposal.js';

/**
 * The score window to read candidates from for a ticket: any match it joins has a spread within the hard
 * spread cap (waits have no upper bound: heartbeats keep tickets alive). Read the candidates
 * nearest the ticket's score from both directions (e.g. 50 at or above and 50 below): the matcher only
 * needs the neighbourhood, however many more the window holds.
 */
export function candidateScoreRange(mode: Mode, ticket: Pick<Ticket, 'score'>): { min: number; max: number } {
  const reach = mode.spreadCap.hard;
  return { min: ticket.score - reach, max: ticket.score + reach };
}

/**
 * Matches a ticket as it is queued, against candidates read near its score, returning a proposal that
 * contains it, or null if none can be made now (it then waits for the sweep). Candidates are served
 * longest waiting first, exactly as in the sweep: the arrival completes the oldest match it can. The
 * candidates may include the ticket itself or repeat one another (two overlapping range reads).
 */
export function matchTicketNow(
  mode: Mode,
  ticket: Ticket,
  candidates: readonly Ticket[],
  nowMs: number,
): MatchProposal | null {
  const others = new Map(candidates.filter((c) => c.id !== ticket.id).map((c) => [c.id, c]));
  const pool = new QueuedPool(mode, [ticket, ...others.values()], nowMs);
  if (!pool.isAvailable(0)) return null;
  for (const anchor of pool.oldestFirst()) {
    const attempt = pool.attempt(anchor === 0 ? [0] : [anchor, 0]);
    if (attempt.matched) return pool.commit(attempt.sides);
  }
  return null;
}
