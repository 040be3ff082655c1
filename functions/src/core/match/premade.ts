import type { PremadePolicy } from '../mode/modes.js';
import { MAX_PARTY_SIZE } from './ticket.js';

/** A party of two or more friends queueing together ("黑店"). */
export function isPremade(partySize: number): boolean {
  return partySize >= 2;
}

/** Whether two sides, given by their party sizes, satisfy the premade policy. */
export function premadeBalanced(policy: PremadePolicy, sideA: readonly number[], sideB: readonly number[]): boolean {
  if (policy === 'sameCount') return sideA.filter(isPremade).length === sideB.filter(isPremade).length;
  const sorted = (sizes: readonly number[]) => [...sizes].sort((x, y) => x - y).join(',');
  return sorted(sideA) === sorted(sideB);
}

/**
 * Mixed-radix digits for counting parties by size in a match of at most 10 players: at most 10 solos,
 * 5 pairs, 3 trios, 2 fours and 2 fives. Summing `SIZE_CODE[size]` over parties gives a code that
 * identifies the multiset of sizes, which makes "same multiset" an integer comparison.
 */
export const SIZE_CODE = [0, 1, 11, 66, 264, 792] as const;

/**
 * What a party adds to the figure two sides must share under the policy: 1 for a premade under `sameCount`
 * (sides need as many premades), its `SIZE_CODE` under `mirror` (sides need the same sizes).
 */
export function balanceUnit(policy: PremadePolicy, partySize: number): number {
  return policy === 'sameCount' ? (isPremade(partySize) ? 1 : 0) : (SIZE_CODE[partySize] ?? 0);
}

/** Parties per size: `counts[s]` is how many parties of size s (index 0 unused). */
export type Composition = readonly number[];

/**
 * Every way to make a side of `teamSize` players from parties: party sizes, largest first, the shapes with the
 * larger parties first (in 5v5: 5, 4+1, 3+2, 3+1+1, 2+2+1, 2+1+1+1, 1+1+1+1+1).
 */
export function sideShapes(teamSize: number): number[][] {
  const shapes: number[][] = [];
  const fill = (remaining: number, largest: number, shape: number[]): void => {
    if (remaining === 0) shapes.push(shape);
    for (let size = Math.min(remaining, largest); size >= 1; size--) fill(remaining - size, size, [...shape, size]);
  };
  fill(teamSize, teamSize, []);
  return shapes;
}

/** Each side shape as parties per size (`counts[s]`, index 0 unused). */
function halves(teamSize: number): number[][] {
  return sideShapes(teamSize).map((shape) => {
    const counts = new Array<number>(MAX_PARTY_SIZE + 1).fill(0);
    for (const size of shape) counts[size] = (counts[size] ?? 0) + 1;
    return counts;
  });
}

const premadeCount = (half: readonly number[]) => half.reduce((n, count, size) => (isPremade(size) ? n + count : n), 0);

const cache = new Map<string, Composition[]>();

/**
 * Every mix of party sizes that can fill two sides of `teamSize` players under the policy (`'any'`
 * ignores premade balance, which tells a premade imbalance apart from a plain lack of players).
 * A match is built by choosing one of these and then the parties, so the policy holds by construction.
 */
export function balancedCompositions(teamSize: number, policy: PremadePolicy | 'any'): readonly Composition[] {
  const key = `${teamSize}:${policy}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const options = halves(teamSize);
  const seen = new Set<string>();
  const compositions: Composition[] = [];
  for (const a of options) {
    for (const b of options) {
      const allowed =
        policy === 'any' ||
        (policy === 'sameCount' ? premadeCount(a) === premadeCount(b) : a.every((count, size) => count === b[size]));
      const both = a.map((count, size) => count + (b[size] ?? 0));
      const id = both.join(',');
      if (allowed && !seen.has(id)) {
        seen.add(id);
        compositions.push(both);
      }
    }
  }
  cache.set(key, compositions);
  return compositions;
}
