import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isRanked, rankBelow, rankRows } from '../../functions/src/core/ladder/leaderboard.js';
import { mayTakeLease } from '../../functions/src/core/queue/lease.js';
import { recordGame } from '../../functions/src/core/ladder/standing.js';
import { standingAt } from './standings.js';
import { defaultLadders } from '../../functions/src/core/ladder/ladder.js';

const outcome = fc.constantFrom('win' as const, 'loss' as const, 'draw' as const);

describe("a player's record", () => {
  it('counts every settled game once, as exactly one of a win, a loss or a draw, at the new rating', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 4000 }), outcome)), (games) => {
        const standing = games.reduce(
          (s, [rating, o], i) => recordGame(s, rating, o, defaultLadders.solo, i),
          standingAt(1500),
        );
        expect(standing.games).toBe(games.length);
        expect(standing.wins + standing.losses + standing.draws).toBe(games.length);
        expect(standing.wins).toBe(games.filter(([, o]) => o === 'win').length);
        expect(standing.rating).toBe(games.at(-1)?.[0] ?? 1500);
      }),
    );
  });
});

describe('the leaderboard', () => {
  const row = (uid: string, rating: number) => ({
    uid,
    displayName: uid,
    standing: standingAt(rating, 1),
  });

  it('ranks best first, ties sharing the rank of the first of them', () => {
    const ranks = rankRows([row('a', 1700), row('b', 1600), row('c', 1600), row('d', 1500)]).map((r) => [
      r.uid,
      r.rank,
    ]);
    expect(ranks).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });

  it('ranks a player only after a settled game, one below everyone rated higher', () => {
    const placementOf = (placementGames: number) => ({ placementGames });
    expect(isRanked(undefined, placementOf(0))).toBe(false);
    expect(isRanked(standingAt(1500), placementOf(0))).toBe(false);
    expect(isRanked(standingAt(1500, 1), placementOf(0))).toBe(true);
    expect(isRanked(standingAt(1500, 4), placementOf(5))).toBe(false);
    expect(isRanked(standingAt(1500, 5), placementOf(5))).toBe(true);
    expect(rankBelow(0)).toBe(1);
    expect(rankBelow(41)).toBe(42);
  });
});

describe('the matcher lease', () => {
  it('goes to a run when it is free, already its own, or run out', () => {
    expect(mayTakeLease(undefined, 'me', 10)).toBe(true);
    expect(mayTakeLease({ holder: 'me', expiresAt: 99 }, 'me', 10)).toBe(true);
    expect(mayTakeLease({ holder: 'other', expiresAt: 10 }, 'me', 10)).toBe(true);
    expect(mayTakeLease({ holder: 'other', expiresAt: 11 }, 'me', 10)).toBe(false);
  });
});
