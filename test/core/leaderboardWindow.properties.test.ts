import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  rankBands,
  rankBelow,
  ranksFromBands,
  rankWindow,
  windowTallies,
} from '../../functions/src/core/ladder/leaderboard.js';

/** A ladder's ratings best first, and the true rank of each: one plus the players rated strictly higher. */
const ladderArbitrary = fc
  .array(fc.integer({ min: 1400, max: 1420 }), { minLength: 1, maxLength: 60 })
  .map((ratings) => ratings.sort((a, b) => b - a));
const trueRank = (ladder: number[], rating: number) => rankBelow(ladder.filter((r) => r > rating).length);
const countOf = (ladder: number[], rating: number) => ladder.filter((r) => r === rating).length;

describe('ranks around a player, from counts instead of the whole ladder', () => {
  it('every row of the window gets the rank it has on the full ladder, ties and ladder edges included', () => {
    fc.assert(
      fc.property(ladderArbitrary, fc.nat(), fc.integer({ min: 1, max: 8 }), (ladder, at, k) => {
        const me = at % ladder.length;
        const mine = ladder[me]!;
        const from = Math.max(0, me - k);
        const window = ladder.slice(from, me + k + 1);
        const asked: number[] = [];
        const tallies = new Map<number, number>();
        for (const { rating, known } of windowTallies(window, mine, from === 0)) {
          // A size the window claims to know must be the true one; the rest are counted on the full ladder.
          if (known !== null) expect(known).toBe(countOf(ladder, rating));
          else asked.push(rating);
          tallies.set(rating, known ?? countOf(ladder, rating));
        }
        const above = ladder.filter((r) => r > mine).length;
        const ranks = rankWindow(window, mine, above, (rating) => {
          expect(tallies.has(rating), `rankWindow asked for a tally of ${rating} it was not given`).toBe(true);
          return tallies.get(rating)!;
        });
        expect(ranks).toEqual(window.map((r) => trueRank(ladder, r)));
        // At most two counts besides the one above the player: the window's first group and the player's own.
        expect(asked.length).toBeLessThanOrEqual(2);
      }),
    );
  });

  it('a window that reaches the top counts nothing more', () => {
    expect(windowTallies([1500, 1500, 1490, 1480], 1490, true)).toEqual([
      { rating: 1500, known: 2 },
      { rating: 1490, known: 1 },
    ]);
    expect(rankWindow([1500, 1500, 1490, 1480], 1490, 2, (r) => (r === 1500 ? 2 : 1))).toEqual([1, 1, 3, 4]);
  });
});

describe('ranks of a friends list, from one count per band of ratings between them', () => {
  it('each listed player gets their rank on the full ladder', () => {
    fc.assert(
      fc.property(ladderArbitrary, fc.array(fc.nat(), { minLength: 1, maxLength: 10 }), (ladder, picks) => {
        const listed = picks.map((i) => ladder[i % ladder.length]!);
        const bands = rankBands(listed);
        const counts = bands.map(
          ({ above, atMost }) => ladder.filter((r) => r > above && (atMost === null || r <= atMost)).length,
        );
        const ranks = ranksFromBands(bands, counts);
        for (const rating of listed) expect(ranks.get(rating)).toBe(trueRank(ladder, rating));
        expect(bands.length).toBe(new Set(listed).size);
      }),
    );
  });
});
