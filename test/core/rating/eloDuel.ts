import { applyChange, duelExpectationMicros, MICROS, ratingChange } from '../../../functions/src/core/rating/duel.js';

/** A's result against B: 1 win, 0.5 draw, 0 loss. */
export type DuelScore = 0 | 0.5 | 1;

export interface DuelOptions {
  k: number;
  floorAtZero?: boolean;
}

/**
 * The original's duel, composed from the rating core's pieces as a reference for the tests: from the higher
 * side, the exponent (R_low − R_high)/400 and E = 1/(1 + 10^exponent) are each rounded half-up to 6 decimals,
 * the change K·(S − E) is rounded away from zero, the higher side gains it and the lower side loses it.
 */
export function eloDuel(ratingA: number, ratingB: number, scoreA: DuelScore, options: DuelOptions) {
  if (!Number.isSafeInteger(ratingA) || !Number.isSafeInteger(ratingB)) {
    throw new RangeError(`eloDuel: ratings must be whole numbers, got ${ratingA} and ${ratingB}`);
  }
  if (scoreA !== 0 && scoreA !== 0.5 && scoreA !== 1) {
    throw new RangeError(`eloDuel: scoreA must be 1 (win), 0.5 (draw) or 0 (loss), got ${String(scoreA)}`);
  }
  const change = ratingChange(options.k, scoreA * MICROS - duelExpectationMicros(ratingA, ratingB), 1);
  return {
    ratingA: applyChange(ratingA, change, options.floorAtZero ?? false),
    ratingB: applyChange(ratingB, -change, options.floorAtZero ?? false),
  };
}
