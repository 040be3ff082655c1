import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { playPlacements, playSides, spearman, trueChance } from '../../tools/trueSkill.js';
import { Random } from '../../tools/random.js';

describe("Spearman's rank correlation", () => {
  it('is 1 for the same order, −1 for the reverse, and blind to any increasing transform', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: -5000, max: 5000 }), { minLength: 2, maxLength: 50 }), (xs) => {
        expect(spearman(xs, xs)).toBeCloseTo(1, 12);
        expect(
          spearman(
            xs,
            xs.map((x) => -x),
          ),
        ).toBeCloseTo(-1, 12);
        expect(
          spearman(
            xs,
            xs.map((x) => Math.exp(x / 1000)),
          ),
        ).toBeCloseTo(1, 12);
      }),
    );
  });

  it('gives ties their mean rank, and nothing without variation', () => {
    // Ranks of [1, 2, 2, 3] are [1, 2.5, 2.5, 4]; against [1, 2, 3, 4] Pearson on the ranks is 0.9487.
    expect(spearman([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(0.948683, 6);
    expect(spearman([5, 5, 5], [1, 2, 3])).toBeNull();
    expect(spearman([1], [1])).toBeNull();
  });
});

describe('games decided by true skill', () => {
  it('are won as often as the true chance says, for duels and for teams', () => {
    const random = new Random(42);
    for (const [a, b] of [
      [[1700], [1500]],
      [
        [1600, 1500, 1400],
        [1500, 1500, 1450],
      ],
      [[1400], [1800]],
    ]) {
      const games = 40_000;
      let wins = 0;
      for (let i = 0; i < games; i++) if (playSides(a!, b!, random, 200) === 'A') wins++;
      // Four standard errors of a 40,000-game mean at most 0.01: a fixed seed, so this is not a flaky margin.
      expect(Math.abs(wins / games - trueChance(a!, b!, 200))).toBeLessThan(0.01);
    }
    expect(trueChance([1700], [1500], 200)).toBeCloseTo(0.76, 2);
    expect(trueChance([1500], [1500], 200)).toBeCloseTo(0.5, 6);
  });

  it('place every free-for-all player once, the stronger ahead more often', () => {
    const random = new Random(7);
    let strongerAhead = 0;
    for (let i = 0; i < 5000; i++) {
      const placements = playPlacements([1900, 1500, 1500, 1100], random, 200);
      expect([...placements].sort()).toEqual([1, 2, 3, 4]);
      if (placements[0]! < placements[3]!) strongerAhead++;
    }
    expect(strongerAhead / 5000).toBeGreaterThan(0.95);
  });
});
