import type { Mode } from '../mode/modes.js';
import { packingCeiling } from './ceiling.js';
import { proposalTickets, type MatchProposal } from './proposal.js';
import { QueuedPool } from './pool.js';
import type { Ticket } from './ticket.js';
import { capAt } from './widening.js';

/**
 * How long a search runs: at most `rounds` rounds, and it stops after `patience` rounds without a gain, or
 * fewer: `idlePerHopeful` for each stranded ticket that could be seated (at least `MIN_PATIENCE`).
 */
export interface SearchBudget {
  rounds: number;
  patience: number;
  idlePerHopeful: number;
}
/** The search's budget in a pool where someone has waited `LONG_WAIT_SECONDS`, and per slice. */
export const SEARCH_BUDGET: SearchBudget = { rounds: 200, patience: 80, idlePerHopeful: 2 };
/**
 * The budget of a fresh pool (nobody has waited `LONG_WAIT_SECONDS`): no early stop while two or more stranded
 * tickets could be seated. On the benchmark's 1,000-player pools of seed 004, a pool that strands a seatable
 * party or two was given up too soon at two idle rounds each: the last match of those ten pools comes only
 * this way. A stream's pools are fresh only in its first minute, so its sweeps keep the shorter patience.
 */
export const FRESH_POOL_BUDGET: SearchBudget = { rounds: 200, patience: 200, idlePerHopeful: 100 };
const MIN_PATIENCE = 5;
/**
 * Rounds per match the greedy sweep made. A gain can only come from dissolving matches (the sweep leaves no
 * valid match among the tickets it strands), so a pool with few matches to repack, such as a stream's pool
 * between arrivals, is searched for few rounds.
 */
const ROUNDS_PER_MATCH = 4;

/**
 * Tickets that have waited this long keep their seat: a repacking that leaves one of them out for others is
 * not kept (and the sweep lets them choose first, see `longWaitersFirst`).
 */
export const LONG_WAIT_SECONDS = 60;

/** Pools of more tickets are searched slice by slice (`improveBySlices`), not whole. */
export const SEARCH_MAX_TICKETS = 2_000;

/** A match's tickets dissolved per round lie this far, at most, either side of the round's centre. */
const WIDTH = { least: 150, most: 500 };

/**
 * Seats more players than one sweep does, where parties of many sizes compete for the few tickets that can
 * complete them: a ruin-and-recreate search. Each round picks a point of the pool's scale, dissolves the
 * matches whose players score near it, and sweeps their tickets again with the stranded ones within reach:
 * first a random part of them, then the rest. The sweep is greedy, and leaving some tickets out of its first pass is what
 * lets it find the other packings a greedy order never tries. A round is kept when it seats more players, or
 * as many with at least as many fair matches (within the side cap of a fresh match), so fairness never drops
 * for the sake of a packing that seats no one more. Seeded by the pool, so a pool is always searched alike.
 *
 * `sweep` is the greedy sweep; what it proposes keeps every rule, so whatever the search keeps does too.
 */
export function improvePacking(
  mode: Mode,
  tickets: readonly Ticket[],
  proposals: readonly MatchProposal[],
  nowMs: number,
  sweep: (tickets: readonly Ticket[]) => readonly MatchProposal[],
  budget: SearchBudget = isFresh(tickets, nowMs) ? FRESH_POOL_BUDGET : SEARCH_BUDGET,
): MatchProposal[] {
  const rounds = Math.min(budget.rounds, ROUNDS_PER_MATCH * proposals.length);
  if (mode.format.kind !== 'team' || rounds === 0) return [...proposals];
  const freshSideCap = capAt(mode.format.sideDifferenceCap, 0);
  const isFair = (p: MatchProposal) => (p.quality.sideDifference ?? 0) <= freshSideCap;
  const reach = mode.spreadCap.hard;
  const perMatch = 2 * mode.format.teamSize;
  // Only a ticket that belongs to some valid match can be seated by repacking, and a gain seats whole matches.
  // A matched ticket does; a stranded one is asked of the whole pool once.
  const candidates = new QueuedPool(mode, tickets, nowMs);
  const matchedAtFirst = new Set(proposals.flatMap((p) => proposalTickets(p).map((t) => t.id)));
  const seatable = new Set(matchedAtFirst);
  let hopefulAtFirst = 0;
  tickets.forEach((t, index) => {
    if (matchedAtFirst.has(t.id) || !candidates.attempt([index]).matched) return;
    seatable.add(t.id);
    hopefulAtFirst++;
  });
  const random = seededRandom(nowMs + tickets.length);
  const patience = Math.min(budget.patience, Math.max(MIN_PATIENCE, budget.idlePerHopeful * hopefulAtFirst));
  let current = [...proposals];
  const lowest = Math.min(...tickets.map((t) => t.score));
  const highest = Math.max(...tickets.map((t) => t.score));
  let idle = 0;
  for (let round = 0; round < rounds && idle < patience; round++) {
    const matched = new Set(current.flatMap((p) => proposalTickets(p).map((t) => t.id)));
    const stranded = tickets.filter((t) => !matched.has(t.id));
    const hopeful = stranded.reduce((n, t) => n + (seatable.has(t.id) ? t.members.length : 0), 0);
    if (hopeful < perMatch) break;
    // Anywhere on the pool's scale: a stranded party is often seated by repacking matches some way off.
    const centre = lowest + (highest - lowest) * random();
    const width = WIDTH.least + (WIDTH.most - WIDTH.least) * random();
    const near = (p: MatchProposal) => Math.abs(meanScore(p) - centre) <= width;
    const dissolved = current.filter(near);
    const freed = [
      ...dissolved.flatMap(proposalTickets),
      ...stranded.filter((t) => Math.abs(t.score - centre) <= width + reach),
    ];
    const share = 0.5 + 0.5 * random();
    const first = sweep(freed.filter(() => random() < share));
    const taken = new Set(first.flatMap((p) => proposalTickets(p).map((t) => t.id)));
    const remade = [...first, ...sweep(freed.filter((t) => !taken.has(t.id)))];
    const gain = seated(remade) - seated(dissolved);
    const fairGain = remade.filter(isFair).length - dissolved.filter(isFair).length;
    if (!unseatsLongWaiter(dissolved, remade, nowMs) && (gain > 0 || (gain === 0 && fairGain >= 0))) {
      current = [...current.filter((p) => !near(p)), ...remade];
      idle = gain > 0 ? 0 : idle + 1;
    } else idle++;
  }
  return current;
}

/** Whether a ticket has waited `LONG_WAIT_SECONDS` or more. */
export const hasWaitedLong = (ticket: Pick<Ticket, 'enqueuedAt'>, nowMs: number) =>
  nowMs - ticket.enqueuedAt >= LONG_WAIT_SECONDS * 1000;

/** Whether nobody in the pool has waited `LONG_WAIT_SECONDS`. */
export function isFresh(tickets: readonly Ticket[], nowMs: number): boolean {
  return !tickets.some((t) => hasWaitedLong(t, nowMs));
}

/**
 * Whether a search over these tickets can pay: the proposals leave a whole match's worth of players below what
 * any packing seats (`packingCeiling`). A gain only comes from dissolving matches, so short of that it cannot.
 */
export function roomForAnotherMatch(mode: Mode, tickets: readonly Ticket[], proposals: readonly MatchProposal[]) {
  const perMatch = mode.format.kind === 'team' ? 2 * mode.format.teamSize : 2;
  return seated(proposals) + perMatch <= packingCeiling(mode, tickets);
}

/** Whether a ticket of `dissolved` that has waited `LONG_WAIT_SECONDS` has no seat in `remade`. */
function unseatsLongWaiter(dissolved: readonly MatchProposal[], remade: readonly MatchProposal[], nowMs: number) {
  const long = dissolved.flatMap(proposalTickets).filter((t) => hasWaitedLong(t, nowMs));
  if (long.length === 0) return false;
  const kept = new Set(remade.flatMap((p) => proposalTickets(p).map((t) => t.id)));
  return long.some((t) => !kept.has(t.id));
}

/** Players the proposals seat. */
export const seated = (proposals: readonly MatchProposal[]): number =>
  proposals.reduce((n, p) => n + proposalTickets(p).reduce((k, t) => k + t.members.length, 0), 0);

/** The players' average score: where on the scale the match sits. */
export function meanScore(proposal: MatchProposal): number {
  let weight = 0;
  let count = 0;
  for (const t of proposalTickets(proposal)) {
    weight += t.score * t.members.length;
    count += t.members.length;
  }
  return weight / count;
}

/** Mulberry32: a small seeded generator, so the same pool at the same time is always searched alike. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
