/**
 * The ELO duel of the original Java ladder system, the arithmetic every settlement is built from. Expectations
 * are fixed to 6 decimals and computed from the higher-rated side, so the same game gives the same integers
 * whichever player is passed first.
 */

/** Expectations are counted in whole millionths. */
export const MICROS = 1_000_000;

/** ELO expected score of a player rated `rating` against one rated `opponent`, unrounded: a match's predicted odds. */
export function expectedScore(rating: number, opponent: number): number {
  return 1 / (1 + 10 ** ((opponent - rating) / 400));
}

/**
 * Expected score of `rating` against `opponent` in millionths, rounded as the original does. Only the higher
 * side's expectation is computed; the lower side gets its complement. That is the original's swap: a pair's
 * expectations always sum to exactly one, and the change never depends on argument order. Ratings may be
 * fractional (a team's mean rating). `expectedScore` cannot stand in: the original rounds the exponent
 * before taking the power.
 */
export function duelExpectationMicros(rating: number, opponent: number): number {
  if (!Number.isFinite(rating) || !Number.isFinite(opponent)) {
    throw new RangeError(`ratings must be finite numbers, got ${rating} and ${opponent}`);
  }
  if (rating < opponent) return MICROS - duelExpectationMicros(opponent, rating);
  const [gap, gapScale] = exactFraction(rating - opponent);
  const exponent = -Number(halfUpMicros(gap, gapScale * 400n)) / MICROS;
  const [power, powerScale] = exactFraction(10 ** exponent);
  return Number(halfUpMicros(powerScale, powerScale + power));
}

/**
 * K times a score surplus (actual minus expected, in millionths, summed over `pairings` opponents), averaged
 * over the pairings and rounded away from zero once, so any surplus moves the rating by at least one point.
 */
export function ratingChange(k: number, surplusMicros: number, pairings: number): number {
  if (!Number.isSafeInteger(k) || k <= 0) throw new RangeError(`K must be a positive whole number, got ${k}`);
  const numerator = BigInt(k) * BigInt(surplusMicros);
  const denominator = BigInt(pairings) * BigInt(MICROS);
  const magnitude = ((numerator < 0n ? -numerator : numerator) + denominator - 1n) / denominator;
  return Number(numerator < 0n ? -magnitude : magnitude);
}

/** Adds a change to a rating; with the floor, a rating that would go below 0 becomes 0, as in the original. */
export function applyChange(rating: number, change: number, floorAtZero: boolean): number {
  const after = rating + change;
  return floorAtZero && after < 0 ? 0 : after;
}

/**
 * The exact value of a finite double as numerator / 2^n. The original rounds exact decimals (BigDecimal),
 * so the rounding below works on exact fractions rather than on already-rounded floating-point quotients.
 */
function exactFraction(value: number): [bigint, bigint] {
  let scale = 1n;
  while (!Number.isInteger(value)) {
    value *= 2;
    scale *= 2n;
  }
  return [BigInt(value), scale];
}

/** numerator / denominator (both ≥ 0) in millionths, rounded half-up. */
function halfUpMicros(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator * BigInt(MICROS) + denominator) / (2n * denominator);
}
