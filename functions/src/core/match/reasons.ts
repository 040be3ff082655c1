/** Why a ticket is still queued after a sweep. */
export const unmatchedReasons = [
  /** Too few players within the caps of its wait so far. */
  'noCandidatesWithinCaps',
  /** Enough players within the spread cap, but no mix of their parties satisfies the premade policy. */
  'premadeImbalance',
  /**
   * A party one player short of a side (a 4-stack in 5v5), which only a solo can complete, with no solo
   * waiting within the hard spread cap: no wait widens its way in; a last friend, or another mode, would.
   */
  'noSoloInReach',
  /** Free-for-all: the minimum is within reach, and the oldest ticket has not yet waited the fill wait. */
  'waitingForFill',
  /** The party is larger than the mode can place (a side, or a free-for-all room). */
  'partyTooLarge',
] as const;
export type UnmatchedReason = (typeof unmatchedReasons)[number];

/** The outcome of building a match around some tickets, which are referred to by index in the pool. */
export type Attempt = { matched: true; sides: number[][] } | { matched: false; reason: UnmatchedReason };
