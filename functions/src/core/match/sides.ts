import type { PremadePolicy } from '../mode/modes.js';
import { isPremade, SIZE_CODE } from './premade.js';

export interface SplitUnit {
  size: number;
  score: number;
}

export interface Split {
  /** `onSideA[i]` tells which side unit i plays on. */
  onSideA: boolean[];
  /** Difference between the sides' average (per player) scores. */
  sideDifference: number;
}

/** A match holds at most ten parties; the first is pinned to side A, so nine choose the side. */
const MAX_FREE_UNITS = 9;
/** Per assignment mask of the free units: players, summed size × score, premades and size code on side A. */
const maskPlayers = new Int32Array(1 << MAX_FREE_UNITS);
const maskWeight = new Float64Array(1 << MAX_FREE_UNITS);
const maskPremades = new Int32Array(1 << MAX_FREE_UNITS);
const maskCode = new Int32Array(1 << MAX_FREE_UNITS);

/**
 * The split of parties into two sides of exactly `teamSize` players each that the premade policy allows
 * with the smallest side difference, or null when none exists. Exhaustive: with the first party pinned
 * to side A (the sides are interchangeable) a match of at most ten parties has at most 2^9 assignments,
 * each derived from a smaller one in constant time.
 */
export function bestSplit(units: readonly SplitUnit[], teamSize: number, policy: PremadePolicy): Split | null {
  const first = units[0];
  const free = units.length - 1;
  if (!first || free > MAX_FREE_UNITS) return null;
  let totalPlayers = 0;
  let totalWeight = 0;
  let totalPremades = 0;
  let totalCode = 0;
  for (const unit of units) {
    totalPlayers += unit.size;
    totalWeight += unit.size * unit.score;
    totalPremades += isPremade(unit.size) ? 1 : 0;
    totalCode += SIZE_CODE[unit.size] ?? 0;
  }
  if (totalPlayers !== 2 * teamSize) return null;

  maskPlayers[0] = first.size;
  maskWeight[0] = first.size * first.score;
  maskPremades[0] = isPremade(first.size) ? 1 : 0;
  maskCode[0] = SIZE_CODE[first.size] ?? 0;
  let bestMask = -1;
  let bestDifference = Infinity;
  for (let mask = 0; mask < 1 << free; mask++) {
    if (mask > 0) {
      const bit = 31 - Math.clz32(mask & -mask);
      const rest = mask & (mask - 1);
      const unit = units[bit + 1] ?? first;
      maskPlayers[mask] = (maskPlayers[rest] ?? 0) + unit.size;
      maskWeight[mask] = (maskWeight[rest] ?? 0) + unit.size * unit.score;
      maskPremades[mask] = (maskPremades[rest] ?? 0) + (isPremade(unit.size) ? 1 : 0);
      maskCode[mask] = (maskCode[rest] ?? 0) + (SIZE_CODE[unit.size] ?? 0);
    }
    if (maskPlayers[mask] !== teamSize) continue;
    // A mirror needs side A to hold exactly half of each party size, i.e. half the size code.
    const allowed =
      policy === 'sameCount'
        ? 2 * (maskPremades[mask] ?? 0) === totalPremades
        : 2 * (maskCode[mask] ?? 0) === totalCode;
    const difference = Math.abs(2 * (maskWeight[mask] ?? 0) - totalWeight) / teamSize;
    if (allowed && difference < bestDifference) {
      bestDifference = difference;
      bestMask = mask;
    }
  }
  if (bestMask < 0) return null;
  return {
    onSideA: units.map((_, i) => i === 0 || (bestMask & (1 << (i - 1))) !== 0),
    sideDifference: bestDifference,
  };
}
