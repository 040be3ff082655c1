import type { Mode } from '../modes.js';
import type { Ticket } from './ticket.js';
import { NO_PARTNER, hasScarceSolos } from './packing.js';
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
 * longest waiting first, as in the sweep, with two exceptions for the parties that have few ways to play
 * (see `isNeedy`): an arrival is offered to those parties first (a solo to complete their side, a full party
 * to face it), and a solo that a waiting party one short of a side needs is not spent elsewhere while
 * another match exists.
 * Only when neither finds a match is every candidate tried freely, so the arrival is matched whenever its
 * candidates hold a match. The candidates may include the ticket itself or repeat one another (two
 * overlapping range reads).
 */
export function matchTicketNow(
  mode: Mode,
  ticket: Ticket,
  candidates: readonly Ticket[],
  nowMs: number,
): MatchProposal | null {
  const others = new Map(candidates.filter((c) => c.id !== ticket.id).map((c) => [c.id, c]));
  const tickets = [ticket, ...others.values()];
  if (hasScarceSolos(mode)) {
    const paired = new QueuedPool(mode, tickets, nowMs, true);
    if (!paired.isAvailable(0)) return null;
    const proposal = firstMatch(mode, paired, true);
    if (proposal) return proposal;
  }
  const pool = new QueuedPool(mode, tickets, nowMs);
  if (!pool.isAvailable(0)) return null;
  return firstMatch(mode, pool, false);
}

/**
 * Whether a waiting party of `size` has few ways to play, and so is served before the others: a party one
 * short of a side (only a solo completes it), or in 5v5 a 3-stack (only a 2-stack or two solos do).
 */
function isNeedy(mode: Mode, size: number): boolean {
  if (mode.format.kind !== 'team' || mode.format.teamSize < 3) return false;
  return size === mode.format.teamSize - 1 || (mode.format.teamSize === 5 && size === 3);
}

/**
 * The first match the arrival (index 0) makes around a candidate: the needy parties first (see `isNeedy`),
 * then the rest, each longest waiting first (and the arrival alone at its own turn). In a `paired` pool a
 * paired ticket brings its partner along: the pair is one side already, and its solo is spent on no one else.
 */
function firstMatch(mode: Mode, pool: QueuedPool, paired: boolean): MatchProposal | null {
  const order = pool.oldestFirst();
  const needy = (t: number) => t !== 0 && isNeedy(mode, pool.tickets[t]?.members.length ?? 0);
  const first = order.filter(needy);
  const rest = order.filter((t) => !needy(t));
  for (const anchor of [...first, ...rest]) {
    const mandatory = anchor === 0 ? [0] : [anchor, 0];
    if (paired) {
      for (const t of [...mandatory]) {
        const partner = pool.partnerOf(t);
        if (partner !== NO_PARTNER && !mandatory.includes(partner)) mandatory.push(partner);
      }
    }
    const attempt = pool.attempt(mandatory);
    if (attempt.matched) return pool.commit(attempt.sides);
  }
  return null;
}
