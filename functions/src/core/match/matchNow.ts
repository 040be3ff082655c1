import type { Mode } from '../mode/modes.js';
import type { Ticket } from './ticket.js';
import { NO_PARTNER, hasScarceSolos } from './packing.js';
import { QueuedPool } from './pool.js';
import type { MatchProposal } from './proposal.js';
import { ARRIVAL_WAIT, isNeedy } from './busyPool.js';

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
 * Candidates worth reading for a ticket of `size` players as it is queued: every other player of a room (one
 * player per ticket at least), plus one to choose from. A read that comes back with this many is full.
 */
export function candidatesWanted(mode: Mode, size: number): number {
  const room = mode.format.kind === 'team' ? 2 * mode.format.teamSize : mode.format.maxPlayers;
  return room - size + 1;
}

/**
 * Whether a ticket being queued waits for the sweep rather than being matched now (issue 30). It does in a team
 * mode where some parties need scarce partners (`hasScarceSolos`) when its read of the nearest tickets came back
 * full, so the pool around it is busy, and that read holds a party with few ways to play that has waited
 * `ARRIVAL_WAIT.afterSeconds`, or `busyAfterSeconds` where the pool's statistics last counted `busyFromTickets`
 * or more waiting (`queued`). An arrival sees a handful of tickets nearest its score, and where parties pile up
 * (the middle of the scale, where party averages bunch) those are the recent ones: matched there, it takes a solo
 * or a 2-stack that a party waiting out of its view needed. The sweep, due within its interval, sees the whole
 * pool and gives those partners to the longest waiting; the larger the pool, the more such parties it holds and
 * the sooner an arrival is worth keeping for them. A quiet pool, or one where nobody needy is waiting, still
 * matches on arrival.
 */
export function waitsForSweep(
  mode: Mode,
  ticket: Ticket,
  candidates: readonly Ticket[],
  nowMs: number,
  queued: number,
): boolean {
  if (!hasScarceSolos(mode)) return false;
  const others = othersThan(ticket, candidates);
  if (others.length < candidatesWanted(mode, ticket.members.length)) return false;
  const busy = queued >= ARRIVAL_WAIT.busyFromTickets;
  const waited = nowMs - (busy ? ARRIVAL_WAIT.busyAfterSeconds : ARRIVAL_WAIT.afterSeconds) * 1000;
  return others.some((c) => isNeedy(mode, c.members.length) && c.enqueuedAt <= waited);
}

/**
 * Matches a ticket as it is queued, against candidates read near its score, returning a proposal that
 * contains it, or null if none can be made now (it then waits for the sweep). Candidates are served
 * longest waiting first, as in the sweep, but the parties with few ways to play (see `isNeedy`) come before
 * the others: an arrival is offered to them first (a solo to complete their side, a full party to face it).
 * Each group is first tried in a pool where solos are paired with the waiting parties one short of a side
 * (the largest pairing, the oldest parties first, see `pairScarceSolos`), so an arriving solo completes the
 * party the pairing gives it and no other solo is spent elsewhere; then freely, so the arrival is matched
 * whenever its candidates hold a match.
 * The candidates may include the ticket itself or repeat one another (two overlapping range reads).
 */
export function matchTicketNow(
  mode: Mode,
  ticket: Ticket,
  candidates: readonly Ticket[],
  nowMs: number,
): MatchProposal | null {
  const tickets = [ticket, ...othersThan(ticket, candidates)];
  // Both pools index the tickets alike; only the one whose match is returned is committed.
  const free = new QueuedPool(mode, tickets, nowMs);
  if (!free.isAvailable(0)) return null;
  const paired = hasScarceSolos(mode) ? new QueuedPool(mode, tickets, nowMs, 'solos') : null;
  const order = free.oldestFirst();
  const needy = (t: number) => t !== 0 && isNeedy(mode, tickets[t]?.members.length ?? 0);
  const pools = paired ? [paired, free] : [free];
  for (const serveNeedy of [true, false]) {
    for (const pool of pools) {
      for (const anchor of order) {
        const proposal = needy(anchor) === serveNeedy ? matchAround(pool, anchor) : null;
        if (proposal) return proposal;
      }
    }
  }
  return null;
}

/** The candidates other than the ticket itself, each once (two overlapping range reads may repeat one). */
function othersThan(ticket: Ticket, candidates: readonly Ticket[]): Ticket[] {
  return [...new Map(candidates.filter((c) => c.id !== ticket.id).map((c) => [c.id, c])).values()];
}

/**
 * The match the arrival (index 0) makes around `anchor` (or alone, when the anchor is the arrival), or null.
 * In a pool with pairs a paired ticket brings its partner along: the pair is one side already.
 */
function matchAround(pool: QueuedPool, anchor: number): MatchProposal | null {
  const mandatory = anchor === 0 ? [0] : [anchor, 0];
  for (const t of [...mandatory]) {
    const partner = pool.partnerOf(t);
    if (partner !== NO_PARTNER && !mandatory.includes(partner)) mandatory.push(partner);
  }
  const attempt = pool.attempt(mandatory);
  return attempt.matched ? pool.commit(attempt.sides) : null;
}
