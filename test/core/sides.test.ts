import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestSplit, premadeBalanced, type SplitUnit } from '../../functions/src/core/match/index.js';
import type { PremadePolicy } from '../../functions/src/core/mode/modes.js';

/** Every assignment of units to two sides, checked naively. */
function bruteForce(units: readonly SplitUnit[], teamSize: number, policy: PremadePolicy): number | null {
  let best: number | null = null;
  for (let mask = 0; mask < 1 << units.length; mask++) {
    const a = units.filter((_, i) => mask & (1 << i));
    const b = units.filter((_, i) => !(mask & (1 << i)));
    const players = (side: SplitUnit[]) => side.reduce((n, u) => n + u.size, 0);
    if (players(a) !== teamSize || players(b) !== teamSize) continue;
    const premades = (side: SplitUnit[]) => side.filter((u) => u.size > 1).length;
    const sizes = (side: SplitUnit[]) =>
      side
        .map((u) => u.size)
        .sort()
        .join();
    if (policy === 'sameCount' ? premades(a) !== premades(b) : sizes(a) !== sizes(b)) continue;
    const average = (side: SplitUnit[]) => side.reduce((sum, u) => sum + u.size * u.score, 0) / teamSize;
    const difference = Math.abs(average(a) - average(b));
    if (best === null || difference < best) best = difference;
  }
  return best;
}

/** Parties whose sizes add up to two full sides of `teamSize`. */
const unitsArbitrary = fc.integer({ min: 1, max: 5 }).chain((teamSize) =>
  fc
    .array(fc.integer({ min: 1, max: teamSize }), { minLength: 2, maxLength: 2 * teamSize })
    .filter((sizes) => sizes.reduce((a, b) => a + b, 0) === 2 * teamSize)
    .chain((sizes) =>
      fc
        .array(fc.integer({ min: 1000, max: 2000 }), { minLength: sizes.length, maxLength: sizes.length })
        .map((scores) => ({ teamSize, units: sizes.map((size, i) => ({ size, score: scores[i] ?? 0 })) })),
    ),
);

describe('optimal side split', () => {
  it.each(['sameCount', 'mirror'] as const)('finds the smallest side difference the %s policy allows', (policy) => {
    fc.assert(
      fc.property(unitsArbitrary, ({ teamSize, units }) => {
        const split = bestSplit(units, teamSize, policy);
        const expected = bruteForce(units, teamSize, policy);
        if (expected === null) {
          expect(split).toBeNull();
          return;
        }
        expect(split?.sideDifference).toBeCloseTo(expected, 9);
        const side = (onA: boolean) => units.filter((_, i) => split?.onSideA[i] === onA);
        const players = (s: SplitUnit[]) => s.reduce((n, u) => n + u.size, 0);
        expect([players(side(true)), players(side(false))]).toEqual([teamSize, teamSize]);
        const sizes = (s: SplitUnit[]) => s.map((u) => u.size);
        expect(premadeBalanced(policy, sizes(side(true)), sizes(side(false)))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('puts the two strongest solos of four on opposite sides', () => {
    const units = [1800, 1790, 1500, 1490].map((score) => ({ size: 1, score }));
    const split = bestSplit(units, 2, 'sameCount');
    expect(split?.onSideA[0]).not.toBe(split?.onSideA[1]);
    expect(split?.sideDifference).toBe(0);
  });

  it('has no split when the parties cannot fill two equal sides', () => {
    expect(
      bestSplit(
        [
          { size: 3, score: 1500 },
          { size: 1, score: 1500 },
        ],
        2,
        'sameCount',
      ),
    ).toBeNull();
    expect(
      bestSplit(
        [
          { size: 2, score: 1500 },
          { size: 1, score: 1500 },
          { size: 1, score: 1500 },
        ],
        2,
        'sameCount',
      ),
    ).toBeNull();
  });
});

describe('premade balance (requirement 6)', () => {
  it('sameCount asks for as many parties of two or more on each side', () => {
    expect(premadeBalanced('sameCount', [4, 1], [3, 1, 1])).toBe(true);
    expect(premadeBalanced('sameCount', [3, 2], [2, 1, 1, 1])).toBe(false);
    expect(premadeBalanced('sameCount', [1, 1, 1], [1, 1, 1])).toBe(true);
  });

  it('mirror asks for the same party sizes on each side', () => {
    expect(premadeBalanced('mirror', [4, 1], [3, 1, 1])).toBe(false);
    expect(premadeBalanced('mirror', [2, 1, 2], [2, 2, 1])).toBe(true);
  });
});
