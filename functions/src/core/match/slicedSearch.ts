import type { Mode } from '../mode/modes.js';
import { packingCeiling } from './ceiling.js';
import { improvePacking, seated } from './improve.js';
import { proposalTickets, type MatchProposal } from './proposal.js';
import type { Ticket } from './ticket.js';

/**
 * Tickets a slice holds at most: a few times a 1,000-player pool, for which the search's rounds are tuned
 * (at 20,000 players, slices of 2,000 seated no more and took three times as long).
 */
export const SLICE_TICKETS = 1_000;

/**
 * Pools of more tickets are not searched at all: a budget. Their greedy sweep seats within half a point of the
 * bound already (100,000 players, some 33,000 tickets), and searching them slice by slice takes over a second.
 */
export const SLICED_SEARCH_MAX_TICKETS = 10_000;

/** One part of the score scale: the matches whose players' average lies in it, and the stranded tickets in it. */
interface Slice {
  proposals: MatchProposal[];
  tickets: Ticket[];
}

/**
 * The packing search (`improvePacking`) for a pool too large to search whole: the score scale is cut into
 * slices of at most `SLICE_TICKETS` tickets, each holding the matches whose players' average lies in it and the
 * stranded tickets scoring in it, and each slice is searched on its own. Twice: the second time with the cuts
 * moved by half a slice, so that a stranded ticket next to a cut also gets searched with the matches on both
 * sides of it. Slices are disjoint, so their results are; and each search keeps only what seats as many or more.
 */
export function improveBySlices(
  mode: Mode,
  tickets: readonly Ticket[],
  proposals: readonly MatchProposal[],
  nowMs: number,
  sweep: (tickets: readonly Ticket[]) => readonly MatchProposal[],
  sliceTickets = SLICE_TICKETS,
): MatchProposal[] {
  let current = [...proposals];
  for (const offset of [0, Math.floor(sliceTickets / 2)]) {
    current = slicesOf(tickets, current, sliceTickets, offset).flatMap((slice) =>
      searchable(mode, slice) ? improvePacking(mode, slice.tickets, slice.proposals, nowMs, sweep) : slice.proposals,
    );
  }
  return current;
}

/** Whether a slice's stranded players could make a match more than it has: the same test as for a whole pool. */
function searchable(mode: Mode, slice: Slice): boolean {
  const perMatch = mode.format.kind === 'team' ? 2 * mode.format.teamSize : 2;
  return seated(slice.proposals) + perMatch <= packingCeiling(mode, slice.tickets);
}

/**
 * The pool cut, lowest score first, into slices of at most `sliceTickets` tickets (the first one `offset`
 * tickets; a match larger than a slice is one slice): a match goes whole to the slice of its players' average score, a stranded ticket to that of its score.
 */
function slicesOf(
  tickets: readonly Ticket[],
  proposals: readonly MatchProposal[],
  sliceTickets: number,
  offset: number,
): Slice[] {
  const matched = new Set<string>();
  const units: { score: number; proposal: MatchProposal | null; tickets: Ticket[] }[] = [];
  for (const proposal of proposals) {
    const own = proposalTickets(proposal);
    for (const t of own) matched.add(t.id);
    units.push({ score: meanScore(own), proposal, tickets: own });
  }
  for (const t of tickets) if (!matched.has(t.id)) units.push({ score: t.score, proposal: null, tickets: [t] });
  // Ties keep the order given, so the cut depends on the pool only.
  units.sort((a, b) => a.score - b.score);
  const slices: Slice[] = [];
  let slice: Slice = { proposals: [], tickets: [] };
  let room = offset > 0 ? offset : sliceTickets;
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

/** The players' average score: where on the scale a match sits. */
function meanScore(tickets: readonly Ticket[]): number {
  let weight = 0;
  let count = 0;
  for (const t of tickets) {
    weight += t.score * t.members.length;
    count += t.members.length;
  }
  return weight / count;
}
