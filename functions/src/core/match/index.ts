/**
 * The matcher: pure functions over tickets, with time passed in.
 * - `matchTicketNow` when a ticket is queued, with candidates read in `candidateScoreRange`, unless
 *   `waitsForSweep` says the sweep should place it;
 * - `sweepPool` on the scheduled tick, over the whole pool of a mode;
 * - `violations` to re-check any proposal, or a room stored from one.
 */
export { candidateScoreRange, candidatesWanted, matchTicketNow, waitsForSweep } from './matchNow.js';
export { weighsPoolLength } from './busyPool.js';
export { unmatchedReasons, type UnmatchedReason } from './reasons.js';
export { isPremade, premadeBalanced } from './premade.js';
export {
  matchProposalSchema,
  matchQualitySchema,
  measureQuality,
  proposalTickets,
  type MatchProposal,
  type MatchQuality,
} from './proposal.js';
export { bestSplit, type Split, type SplitUnit } from './sides.js';
export { botFill, botSeats, type BotRoomProposal } from './botFill.js';
export { sweepPool, type SweepResult } from './sweep.js';
export { violations, type Violation, type ViolationRule } from './violations.js';
export { capAt, currentCaps, type Caps } from './widening.js';
