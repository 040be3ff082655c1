/**
 * The yardstick for streams (issue 30): a deliberately simple policy, not a matcher to ship. It matches
 * nothing on arrival; each sweep forms sides first and then pairs them, and whatever is not paired is dissolved
 * again and waits for the next sweep. Sides, in this order, oldest parties first: 4-stacks each beside a solo and
 * 3-stacks each beside a 2-stack (largest pairings, the older parties served first), then 3+1+1, 2+2+1, 2+1+1+1
 * and five solos from the nearest tickets left, and every 5-stack on its own. Sides then pair with sides of the
 * same premade count, oldest first, each with the nearest in average score that keeps the caps. It keeps the
 * caps (spread and side difference at the oldest ticket's wait), the premade policy and the optimal split, so
 * its matches pass `violations`; it does not keep the completeness property (a valid match may be left).
 * 5v5 only. It forms its sides with the matcher's own sides-first step (`formSides`), which follows that order;
 * what sets it apart from the matcher's sweep of a busy pool is all the rest: no arrivals, one pairing round
 * within the widened caps, nothing held and no complete sweep after.
 */
import { candidateScoreRange, type SweepResult } from '../functions/src/core/match/index.js';
import { unmatchedReasons } from '../functions/src/core/match/reasons.js';
import { evenSplit, formSides } from '../functions/src/core/match/wholeSides.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import { capAt } from '../functions/src/core/match/widening.js';
import type { Mode } from '../functions/src/core/mode/modes.js';
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
  // The sides are formed as the matcher's sides-first step forms them; the pairing below is the reference's own.
  const sides = formSides(format, tickets, spreadAt).map((side) => describe(side.map((t) => tickets[t] as Ticket)));
  const proposals = pairSides(sides, spreadAt, (oldest) =>
    capAt(format.sideDifferenceCap, (nowMs - oldest) / 1000),
  ).map(([a, b]) => evenSplit(a.tickets, b.tickets, format, nowMs));
  const unmatched = Object.fromEntries(unmatchedReasons.map((reason) => [reason, 0])) as SweepResult['unmatched'];
  return { proposals, unmatched, reasonOf: new Map() };
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
