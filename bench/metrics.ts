import {
  proposalTickets,
  violations,
  type MatchProposal,
  type ViolationRule,
} from '../functions/src/core/match/index.js';
import type { Mode } from '../functions/src/core/mode/modes.js';
import { percentile } from '../functions/src/core/ops/percentile.js';
import { PARTY_BONUS } from './pools.js';

/** A win probability in this band counts as a fair match. */
export const FAIR_BAND = [0.47, 0.53] as const;

const CAP_RULES: readonly ViolationRule[] = ['spreadCap', 'sideDifferenceCap'];

export function median(values: readonly number[]): number | null {
  return percentile(values, 50);
}

export interface SweepFigures {
  matchedFraction: number;
  /** Share of team matches with a predicted win probability in the fair band; null for free-for-all. */
  fairShare: number | null;
  /** Proposals over the spread or side-difference cap at their oldest ticket's wait. */
  capViolations: number;
  /** Proposals breaking any other rule of the mode, by rule (premade policy, optimal split, ...). */
  otherViolations: Partial<Record<ViolationRule, number>>;
  spreadP50: number | null;
  spreadP95: number | null;
  sideDifferenceP50: number | null;
  sideDifferenceP95: number | null;
}

/** The quality of a sweep's proposals, every one judged by the mode's own checker. */
export function sweepFigures(mode: Mode, proposals: readonly MatchProposal[], queuedPlayers: number): SweepFigures {
  let matchedPlayers = 0;
  let fair = 0;
  let capViolations = 0;
  const otherViolations: Partial<Record<ViolationRule, number>> = {};
  const spreads: number[] = [];
  const sideDifferences: number[] = [];
  for (const proposal of proposals) {
    for (const ticket of proposalTickets(proposal)) matchedPlayers += ticket.members.length;
    const { spread, sideDifference, winProbabilityA } = proposal.quality;
    spreads.push(spread);
    if (sideDifference !== null) sideDifferences.push(sideDifference);
    if (winProbabilityA !== null && winProbabilityA >= FAIR_BAND[0] && winProbabilityA <= FAIR_BAND[1]) fair++;
    const rules = new Set(violations(mode, proposal, PARTY_BONUS).map((v) => v.rule));
    if (CAP_RULES.some((rule) => rules.has(rule))) capViolations++;
    for (const rule of rules) if (!CAP_RULES.includes(rule)) otherViolations[rule] = (otherViolations[rule] ?? 0) + 1;
  }
  return {
    matchedFraction: matchedPlayers / queuedPlayers,
    fairShare: mode.format.kind === 'team' && proposals.length > 0 ? fair / proposals.length : null,
    capViolations,
    otherViolations,
    spreadP50: percentile(spreads, 50),
    spreadP95: percentile(spreads, 95),
    sideDifferenceP50: percentile(sideDifferences, 50),
    sideDifferenceP95: percentile(sideDifferences, 95),
  };
}
