export { candidateScoreRange, matchTicketNow } from './matchNow.js';
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
export { sweepPool, type SweepResult } from './sweep.js';
export { violations, type Violation, type ViolationRule } from './violations.js';
export { capAt, currentCaps, type Caps } from './widening.js';
