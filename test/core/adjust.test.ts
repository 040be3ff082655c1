import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustmentDeltaSchema, adjustStanding, shiftStanding } from '../../functions/src/core/ladder/adjust.js';
import { ladderSchema } from '../../functions/src/core/ladder/ladder.js';
import { visibleRank } from '../../functions/src/core/ladder/visibleRank.js';
import { standingAt } from './standings.js';

const ladder = ladderSchema.parse({ placementGames: 0 });
const openSkill = ladderSchema.parse({ placementGames: 0, rating: { system: 'openskill' } });

describe('an operator adjustment', () => {
  it('moves the rating by exactly delta, keeps the record, and recomputes the rank', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 2500 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: -1000, max: 1000 }),
        (rating, games, delta) => {
          const before = standingAt(rating, games);
          const after = shiftStanding(before, delta, ladder, 1);
          expect(after.rating).toBe(rating + delta);
          expect([after.games, after.wins, after.losses, after.draws, after.seasonGames]).toEqual([
            before.games,
            before.wins,
            before.losses,
            before.draws,
            before.seasonGames,
          ]);
          expect(after.peak).toBe(Math.max(before.peak, rating + delta));
          expect(after.visible).toEqual(visibleRank(ladder, after, 1));
        },
      ),
    );
  });

  it("moves an OpenSkill belief's mean with the rating, by delta / scale", () => {
    const before = { ...standingAt(1500, 3), skill: { mu: 25, sigma: 4 } };
    expect(shiftStanding(before, 60, openSkill, 1).skill).toEqual({ mu: 27, sigma: 4 });
  });

  it('is a whole, non-zero number of points up to 1000 either way, and never takes a rating below 0', () => {
    for (const ok of [1, -1, 1000, -1000]) expect(adjustmentDeltaSchema.safeParse(ok).success).toBe(true);
    for (const bad of [0, 0.5, 1001, -1001, Number.NaN])
      expect(adjustmentDeltaSchema.safeParse(bad).success).toBe(false);
    expect(() => adjustStanding(standingAt(300), -301, ladder, 1)).toThrow(
      'delta: -301 would take the rating 300 below 0.',
    );
    expect(adjustStanding(standingAt(300), -300, ladder, 1).rating).toBe(0);
  });
});
