/**
 * The yardstick for streams (issue 30): a deliberately simple policy, not a matcher to ship. It matches
 * nothing on arrival; each sweep forms sides first and then pairs them, and whatever is not paired is dissolved
 * again and waits for the next sweep. Sides, in this order, oldest parties first: 4-stacks each beside a solo and
 * 3-stacks each beside a 2-stack (largest pairings, the older parties served first), then 3+1+1, 2+2+1, 2+1+1+1
 * and five solos from the nearest tickets left, and every 5-stack on its own. Sides then pair with sides of the
 * same premade count, oldest first, each with the nearest in average score that keeps the caps. It keeps the
 * caps (spread and side difference at the oldest ticket's wait), the premade policy and the optimal split, so
 * its matches pass `violations`; it does not keep the completeness property (a valid match may be left).
 * 5v5 only.
 */
import { candidateScoreRange, type MatchProposal, type SweepResult } from '../functions/src/core/match/index.js';
import { makeProposal } from '../functions/src/core/match/proposal.js';
import { pairOldestFirst } from '../functions/src/core/match/sidesFirst.js';
import { bestSplit } from '../functions/src/core/match/sides.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import { capAt } from '../functions/src/core/match/widening.js';
import type { Mode, PremadePolicy } from '../functions/src/core/mode/modes.js';
import type { MatcherApi } from './before.js';

const TEAM = 5;

export const reference: MatcherApi = {
  candidateScoreRange,
  matchTicketNow: () => null,
  sweepPool: referenceSweep,
};

interface Side {
  tickets: Ticket[];
  oldest: number;
  premades: number;
  average: number;
  low: number;
  high: number;
}

function referenceSweep(mode: Mode, tickets: readonly Ticket[], nowMs: number): SweepResult {
  if (mode.format.kind !== 'team' || mode.format.teamSize !== TEAM) throw new Error('the reference plays 5v5 only');
  const format = mode.format;
  const spreadAt = (oldest: number) => capAt(mode.spreadCap, (nowMs - oldest) / 1000);
  const taken = new Set<Ticket>();
  const ofSize = (size: number) =>
    tickets.filter((t) => t.members.length === size && !taken.has(t)).sort((a, b) => a.enqueuedAt - b.enqueuedAt);
  const sides: Ticket[][] = [];
  const position = new Map(tickets.map((t, i) => [t, i]));
  for (const [big, small] of [
    [4, 1],
    [3, 2],
  ] as const) {
    const indices = (list: Ticket[]) => Int32Array.from(list, (t) => position.get(t) ?? 0);
    const mates = indices(ofSize(small).sort((a, b) => a.score - b.score));
    // The same largest pairing, older parties first, as the matcher's sides-first step uses.
    for (const pair of pairOldestFirst(indices(ofSize(big)), mates, tickets, spreadAt)) {
      const side = pair.map((t) => tickets[t] as Ticket);
      sides.push(side);
      for (const t of side) taken.add(t);
    }
  }
  for (const shape of [
    [3, 1, 1],
    [2, 2, 1],
    [2, 1, 1, 1],
    [1, 1, 1, 1, 1],
  ] as const) {
    const bySize = new Map([1, 2].map((size) => [size, ofSize(size).sort((a, b) => a.score - b.score)]));
    for (const anchor of ofSize(shape[0])) {
      if (taken.has(anchor)) continue;
      const side = nearestSide(anchor, shape.slice(1), bySize, taken, spreadAt);
      if (!side) continue;
      for (const t of side) taken.add(t);
      sides.push(side);
    }
  }
  for (const five of ofSize(5)) sides.push([five]);
  const proposals = pairSides(sides.map(describe), spreadAt, (oldest) =>
    capAt(format.sideDifferenceCap, (nowMs - oldest) / 1000),
  ).flatMap((pair) => split(pair, format.premade, nowMs));
  return { proposals, unmatched: emptyReasons(), reasonOf: new Map() };
}

/** The anchor with the free tickets of `sizes` nearest its score (`bySize`: each size sorted by score), if their spread keeps the cap. */
function nearestSide(
  anchor: Ticket,
  sizes: readonly number[],
  bySize: ReadonlyMap<number, readonly Ticket[]>,
  taken: ReadonlySet<Ticket>,
  spreadAt: (oldest: number) => number,
): Ticket[] | null {
  const side = [anchor];
  for (const size of sizes) {
    const sorted = bySize.get(size) ?? [];
    const free = (t: Ticket | undefined) => t !== undefined && !taken.has(t) && !side.includes(t);
    let up = lowerBound(sorted, anchor.score);
    let down = up - 1;
    while (up < sorted.length && !free(sorted[up])) up++;
    while (down >= 0 && !free(sorted[down])) down--;
    const above = sorted[up];
    const below = sorted[down];
    const best =
      above && (!below || above.score - anchor.score <= anchor.score - below.score) ? above : (below ?? null);
    if (!best) return null;
    side.push(best);
  }
  const scores = side.map((t) => t.score);
  const oldest = Math.min(...side.map((t) => t.enqueuedAt));
  return Math.max(...scores) - Math.min(...scores) <= spreadAt(oldest) ? side : null;
}

function describe(tickets: Ticket[]): Side {
  let weight = 0;
  for (const t of tickets) weight += t.members.length * t.score;
  const scores = tickets.map((t) => t.score);
  return {
    tickets,
    oldest: Math.min(...tickets.map((t) => t.enqueuedAt)),
    premades: tickets.filter((t) => t.members.length > 1).length,
    average: weight / TEAM,
    low: Math.min(...scores),
    high: Math.max(...scores),
  };
}

/** Sides, oldest first, each paired with the unpaired side of its premade count nearest in average within the caps. */
function pairSides(
  sides: readonly Side[],
  spreadAt: (oldest: number) => number,
  sideCapAt: (oldest: number) => number,
): [Side, Side][] {
  const order = [...sides].sort((a, b) => a.oldest - b.oldest);
  const paired = new Set<Side>();
  const pairs: [Side, Side][] = [];
  for (const side of order) {
    if (paired.has(side)) continue;
    let best: Side | null = null;
    for (const other of order) {
      if (other === side || paired.has(other) || other.premades !== side.premades) continue;
      const oldest = Math.min(side.oldest, other.oldest);
      const spread = Math.max(side.high, other.high) - Math.min(side.low, other.low);
      const difference = Math.abs(side.average - other.average);
      if (spread > spreadAt(oldest) || difference > sideCapAt(oldest)) continue;
      if (!best || difference < Math.abs(side.average - best.average)) best = other;
    }
    if (!best) continue;
    paired.add(side);
    paired.add(best);
    pairs.push([side, best]);
  }
  return pairs;
}

/** The pair's tickets on the most even sides the premade policy allows, as the rules require. */
function split([a, b]: [Side, Side], policy: PremadePolicy, nowMs: number): MatchProposal[] {
  const tickets = [...a.tickets, ...b.tickets];
  const best = bestSplit(
    tickets.map((t) => ({ size: t.members.length, score: t.score })),
    TEAM,
    policy,
  );
  if (!best) return [];
  const sideA = tickets.filter((_, i) => best.onSideA[i]);
  const sideB = tickets.filter((_, i) => !best.onSideA[i]);
  return [makeProposal([sideA, sideB], nowMs)];
}

function lowerBound(sorted: readonly Ticket[], score: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid]?.score ?? 0) < score) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function emptyReasons(): SweepResult['unmatched'] {
  return {
    noCandidatesWithinCaps: 0,
    premadeImbalance: 0,
    noSoloInReach: 0,
    waitingForFill: 0,
    partyTooLarge: 0,
  };
}
