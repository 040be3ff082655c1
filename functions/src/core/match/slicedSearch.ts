import type { Mode } from '../mode/modes.js';
import {
  improvePacking,
  isFresh,
  meanScore,
  roomForAnotherMatch,
  SEARCH_BUDGET,
  SEARCH_MAX_TICKETS,
} from './improve.js';
import { proposalTickets, type MatchProposal } from './proposal.js';
import type { Ticket } from './ticket.js';

/**
 * Tickets a slice holds at most: a few times a 1,000-player pool, for which the search's rounds are tuned
 * (at 20,000 players, slices of 2,000 seated no more and took longer).
 */
export const SLICE_TICKETS = 1_000;

/**
 * Pools of more tickets are not searched at all: a time budget. At 100,000 players (some 33,000 tickets) the
 * greedy sweep seats 0.2 points under the bound, and searching it slice by slice took seconds for 0.04 points.
 */
const SLICED_SEARCH_MAX_TICKETS = 10_000;

/** A packing search: the pool, the greedy sweep's proposals, and the sweep to recreate dissolved ones with. */
export type PackingSearch = (
  mode: Mode,
  tickets: readonly Ticket[],
  proposals: readonly MatchProposal[],
  nowMs: number,
  sweep: (tickets: readonly Ticket[]) => readonly MatchProposal[],
) => MatchProposal[];

/**
 * How a pool is searched after the greedy sweep, if at all: whole up to `SEARCH_MAX_TICKETS`; slice by slice up
 * to `SLICED_SEARCH_MAX_TICKETS`, and then only while it is fresh (`isFresh`: nobody has waited a minute). A pool
 * that large where parties have waited that long is a busy stream's, swept every few seconds: each sweep sees
 * nearly the tickets the one before left, and searching them again bought nothing there (a 5v5 of the default
 * modes at 450 players a second: the same waits, with sweeps five times as long).
 */
export function packingSearchFor(tickets: readonly Ticket[], nowMs: number): PackingSearch | null {
  if (tickets.length <= SEARCH_MAX_TICKETS) return improvePacking;
  return tickets.length <= SLICED_SEARCH_MAX_TICKETS && isFresh(tickets, nowMs) ? improveBySlices : null;
}

/** One part of the score scale: the matches whose players' average lies in it, and the stranded tickets in it. */
interface Slice {
  proposals: MatchProposal[];
  tickets: Ticket[];
}

/**
 * The packing search (`improvePacking`) for a pool too large to search whole: the score scale is cut into
 * slices of at most `SLICE_TICKETS` tickets, each holding the matches whose players' average lies in it and
 * the stranded tickets scoring in it, and each slice is searched on its own with the shorter patience
 * (`SEARCH_BUDGET`: at 20,000 players it seats as many as the fresh pool's longer one, in a third of the
 * time). Slices are disjoint, so their results are, and each search keeps only what seats as many or more.
 * (A second pass with the cuts moved by half a slice, for the stranded tickets next to a cut, seated no one
 * more at 20,000 players and doubled the time.)
 */
export function improveBySlices(
  mode: Mode,
  tickets: readonly Ticket[],
  proposals: readonly MatchProposal[],
  nowMs: number,
  sweep: (tickets: readonly Ticket[]) => readonly MatchProposal[],
  sliceTickets = SLICE_TICKETS,
): MatchProposal[] {
  return slicesOf(tickets, proposals, sliceTickets).flatMap((slice) =>
    roomForAnotherMatch(mode, slice.tickets, slice.proposals)
      ? improvePacking(mode, slice.tickets, slice.proposals, nowMs, sweep, SEARCH_BUDGET)
      : slice.proposals,
  );
}

/**
 * The pool cut, lowest score first, into slices of at most `sliceTickets` tickets (a match larger than that
 * is a slice of its own): a match goes whole to the slice of its players' average score, a stranded ticket to
 * the slice of its own score.
 */
function slicesOf(tickets: readonly Ticket[], proposals: readonly MatchProposal[], sliceTickets: number): Slice[] {
  const matched = new Set<string>();
  const units: { score: number; proposal: MatchProposal | null; tickets: Ticket[] }[] = [];
  for (const proposal of proposals) {
    const own = proposalTickets(proposal);
    for (const t of own) matched.add(t.id);
    units.push({ score: meanScore(proposal), proposal, tickets: own });
  }
  for (const t of tickets) if (!matched.has(t.id)) units.push({ score: t.score, proposal: null, tickets: [t] });
  // A stable sort: ties keep the order given, so the same pool is always cut alike.
  units.sort((a, b) => a.score - b.score);
  const slices: Slice[] = [];
  let slice: Slice = { proposals: [], tickets: [] };
  let room = sliceTickets;
  for (const unit of units) {
    if (unit.tickets.length > room && slice.tickets.length > 0) {
      slices.push(slice);
      slice = { proposals: [], tickets: [] };
      room = sliceTickets;
    }
    if (unit.proposal) slice.proposals.push(unit.proposal);
    slice.tickets.push(...unit.tickets);
    room -= unit.tickets.length;
  }
  if (slice.tickets.length > 0) slices.push(slice);
  return slices;
}
