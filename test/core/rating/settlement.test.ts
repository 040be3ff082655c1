import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ladderSchema } from '../../../functions/src/core/ladder/ladder.js';
import { settleFreeForAll, type FreeForAllGame } from '../../../functions/src/core/rating/freeForAll.js';
import { settleTeamGame, type TeamGame } from '../../../functions/src/core/rating/team.js';
import type { RatingUpdate } from '../../../functions/src/core/rating/update.js';
import { eloDuel } from './eloDuel.js';

/** k 32, provisionalK 64 for fewer than 10 games, no floor. */
const ladder = ladderSchema.parse({});
const VETERAN = 10;
const ROOKIE = 0;

const player = (uid: string, rating: number, gamesPlayed = VETERAN) => ({ uid, rating, gamesPlayed });
const deltas = (updates: RatingUpdate[]) => Object.fromEntries(updates.map((u) => [u.uid, u.delta]));
const total = (updates: RatingUpdate[]) => updates.reduce((sum, u) => sum + u.delta, 0);

const side = (prefix: string, size: number) =>
  fc
    .array(fc.integer({ min: 800, max: 2600 }), { minLength: size, maxLength: size })
    .map((ratings) => ratings.map((rating, i) => player(`${prefix}${i}`, rating)));
const teamGame = fc.integer({ min: 1, max: 5 }).chain((size) =>
  fc.record<TeamGame>({
    sideA: side('a', size),
    sideB: side('b', size),
    outcome: fc.constantFrom<TeamGame['outcome']>('A', 'B', 'draw'),
  }),
);

const freeForAll = fc
  .array(fc.record({ rating: fc.integer({ min: 800, max: 2600 }), placement: fc.integer({ min: 1, max: 4 }) }), {
    minLength: 2,
    maxLength: 10,
  })
  .map(
    (rows): FreeForAllGame => ({
      players: rows.map((row, i) => ({ ...player(`p${i}`, row.rating), placement: row.placement })),
    }),
  );

describe('settleTeamGame', () => {
  it('rates each side at the mean of its members, whatever the spread', () => {
    const updates = settleTeamGame(
      {
        sideA: [player('a1', 1200), player('a2', 1800)],
        sideB: [player('b1', 1500), player('b2', 1500)],
        outcome: 'A',
      },
      ladder,
    );
    expect(updates).toEqual([
      { uid: 'a1', before: 1200, after: 1216, delta: 16 },
      { uid: 'a2', before: 1800, after: 1816, delta: 16 },
      { uid: 'b1', before: 1500, after: 1484, delta: -16 },
      { uid: 'b2', before: 1500, after: 1484, delta: -16 },
    ]);
  });

  it('sides of different sizes and make-up still duel mean against mean', () => {
    // means 1600 and 1400: the 1600-v-1400 duel gives +8 on a win and −9 on a draw to the higher side
    const sideA = [player('a1', 1700), player('a2', 1500)];
    const sideB = [player('b1', 1300), player('b2', 1400), player('b3', 1500)];
    const win = settleTeamGame({ sideA, sideB, outcome: 'A' }, ladder);
    expect(deltas(win)).toEqual({ a1: 8, a2: 8, b1: -8, b2: -8, b3: -8 });
    expect(total(win)).toBe((2 - 3) * 8);
    const draw = settleTeamGame({ sideA, sideB, outcome: 'draw' }, ladder);
    expect(deltas(draw)).toEqual({ a1: -9, a2: -9, b1: 9, b2: 9, b3: 9 });
    const upset = settleTeamGame({ sideA, sideB, outcome: 'B' }, ladder);
    expect(deltas(upset)).toEqual({ a1: -25, a2: -25, b1: 25, b2: 25, b3: 25 });
  });

  it('a 1v1 settles exactly like eloDuel', () => {
    fc.assert(
      fc.property(
        teamGame.filter((game) => game.sideA.length === 1),
        (game) => {
          const [a] = game.sideA;
          const [b] = game.sideB;
          const duel = eloDuel(a!.rating, b!.rating, game.outcome === 'A' ? 1 : game.outcome === 'B' ? 0 : 0.5, ladder);
          const [ua, ub] = settleTeamGame(game, ladder);
          expect([ua!.after, ub!.after]).toEqual([duel.ratingA, duel.ratingB]);
        },
      ),
    );
  });

  it('is zero-sum for equal sides of established players, every member of a side moving alike', () => {
    fc.assert(
      fc.property(teamGame, (game) => {
        const updates = settleTeamGame(game, ladder);
        expect(total(updates)).toBe(0);
        expect(new Set(updates.slice(0, game.sideA.length).map((u) => u.delta)).size).toBe(1);
        expect(Math.abs(updates[0]!.delta)).toBeLessThanOrEqual(ladder.k);
      }),
    );
  });

  it('listing the sides the other way round changes nothing', () => {
    fc.assert(
      fc.property(teamGame, (game) => {
        const outcome = game.outcome === 'A' ? 'B' : game.outcome === 'B' ? 'A' : 'draw';
        const swapped = settleTeamGame({ sideA: game.sideB, sideB: game.sideA, outcome }, ladder);
        expect(deltas(swapped)).toEqual(deltas(settleTeamGame(game, ladder)));
      }),
    );
  });

  it('floors a member at 0 when the ladder says so, reporting the delta actually applied', () => {
    const floored = ladderSchema.parse({ floorAtZero: true });
    const updates = settleTeamGame(
      { sideA: [player('a1', 5), player('a2', 45)], sideB: [player('b1', 25), player('b2', 25)], outcome: 'B' },
      floored,
    );
    expect(updates[0]).toEqual({ uid: 'a1', before: 5, after: 0, delta: -5 });
    expect(updates[1]).toEqual({ uid: 'a2', before: 45, after: 29, delta: -16 });
  });

  it('rejects a room it cannot settle, saying why', () => {
    expect(() => settleTeamGame({ sideA: [], sideB: [player('b', 1500)], outcome: 'A' }, ladder)).toThrow(
      /side A needs at least one player/,
    );
    expect(() =>
      settleTeamGame({ sideA: [player('x', 1500)], sideB: [player('x', 1500)], outcome: 'A' }, ladder),
    ).toThrow(/player x appears more than once/);
    expect(() =>
      settleTeamGame({ sideA: [player('a', 1500.5)], sideB: [player('b', 1500)], outcome: 'A' }, ladder),
    ).toThrow(/rating must be a whole number/);
  });
});

describe('provisional K', () => {
  it('doubles a new player’s change, leaving the opponent’s as it was, so the room total drifts', () => {
    // 1500 v 1500: established 32 · 0.5 = 16, provisional 64 · 0.5 = 32
    const win = settleTeamGame(
      { sideA: [player('new', 1500, ROOKIE)], sideB: [player('old', 1500)], outcome: 'A' },
      ladder,
    );
    expect(deltas(win)).toEqual({ new: 32, old: -16 });
    expect(total(win)).toBe(16);
    const loss = settleTeamGame(
      { sideA: [player('new', 1500, 9)], sideB: [player('old', 1500)], outcome: 'B' },
      ladder,
    );
    expect(deltas(loss)).toEqual({ new: -32, old: 16 });
    expect(total(loss)).toBe(-16);
  });

  it('stops after provisionalGames settled games', () => {
    const game = settleTeamGame(
      { sideA: [player('a', 1500, 10)], sideB: [player('b', 1500, 9)], outcome: 'A' },
      ladder,
    );
    expect(deltas(game)).toEqual({ a: 16, b: -32 });
  });

  it('rounds the doubled change once, so it can land one point closer to zero than twice the established one', () => {
    // 1600 v 1400 draw: established 32 · −0.259747 = −8.311904 → −9
    //                  provisional 64 · −0.259747 = −16.623808 → −17
    const sideA = [player('new', 1600, ROOKIE)];
    const game = settleTeamGame({ sideA, sideB: [player('old', 1400)], outcome: 'draw' }, ladder);
    expect(deltas(game)).toEqual({ new: -17, old: 9 });
  });

  it('in a free-for-all, moves the new player by twice (or one point short of twice) and nobody else differently', () => {
    fc.assert(
      fc.property(freeForAll, fc.nat(), (game, pick) => {
        const rookie = pick % game.players.length;
        const withRookie = {
          players: game.players.map((p, i) => (i === rookie ? { ...p, gamesPlayed: ROOKIE } : p)),
        };
        const established = settleFreeForAll(game, ladder);
        const provisional = settleFreeForAll(withRookie, ladder);
        provisional.forEach((update, i) => {
          const d = established[i]!.delta;
          if (i === rookie) expect([2 * d, 2 * d - Math.sign(d)]).toContain(update.delta);
          else expect(update.delta).toBe(d);
        });
      }),
    );
  });
});

describe('settleFreeForAll', () => {
  const ffa = (...rows: [number, number][]): FreeForAllGame => ({
    players: rows.map(([rating, placement], i) => ({ ...player(`p${i}`, rating), placement })),
  });

  it('splits ties and sums the duel surpluses, scaled by K/(n − 1)', () => {
    // E(1600 v 1500) = E(1500 v 1400) = 0.640065, E(1600 v 1400) = 0.759747, E(1500 v 1500) = 0.5
    // p0 1600, 3rd: (0 − 0.640065)·2 + (1 − 0.759747) = −1.039877 → 32/3 · −1.039877 = −11.09 → −12
    // p1, p2 1500, joint 1st: (1 − 0.359935) + (0.5 − 0.5) + (1 − 0.640065) = 1 → 10.67 → 11
    // p3 1400, 4th: −0.240253 − 0.359935·2 = −0.960123 → −10.24 → −11
    const updates = settleFreeForAll(ffa([1600, 3], [1500, 1], [1500, 1], [1400, 4]), ladder);
    expect(deltas(updates)).toEqual({ p0: -12, p1: 11, p2: 11, p3: -11 });
    expect(total(updates)).toBe(-1);
  });

  it('reaches the rounding bound: three joint winners over one loser gain 2 points overall', () => {
    // equal ratings: each winner 32/3 · 0.5 = 5.33 → 6, the loser 32/3 · −1.5 = −16
    // total 3·6 − 16 = +2 = G − 1
    expect(deltas(settleFreeForAll(ffa([1500, 1], [1500, 1], [1500, 1], [1500, 4]), ladder))).toEqual({
      p0: 6,
      p1: 6,
      p2: 6,
      p3: -16,
    });
    // and the mirror image: total 16 − 3·6 = −2 = −(L − 1)
    expect(total(settleFreeForAll(ffa([1500, 1], [1500, 2], [1500, 2], [1500, 2]), ladder))).toBe(-2);
  });

  it('keeps the total within −(L − 1) … G − 1, where G players gained and L lost', () => {
    fc.assert(
      fc.property(freeForAll, (game) => {
        const updates = settleFreeForAll(game, ladder);
        const gainers = updates.filter((u) => u.delta > 0).length;
        const losers = updates.filter((u) => u.delta < 0).length;
        expect(total(updates)).toBeLessThanOrEqual(Math.max(gainers - 1, 0));
        expect(total(updates)).toBeGreaterThanOrEqual(-Math.max(losers - 1, 0));
        expect(Math.abs(total(updates))).toBeLessThanOrEqual(game.players.length - 2);
      }),
    );
  });

  it('with two players is exactly the duel', () => {
    fc.assert(
      fc.property(
        freeForAll.filter((game) => game.players.length === 2),
        (game) => {
          const [a, b] = game.players;
          const scoreA = a!.placement < b!.placement ? 1 : a!.placement === b!.placement ? 0.5 : 0;
          const duel = eloDuel(a!.rating, b!.rating, scoreA, ladder);
          expect(settleFreeForAll(game, ladder).map((u) => u.after)).toEqual([duel.ratingA, duel.ratingB]);
        },
      ),
    );
  });

  it('gives tied players with equal ratings equal deltas, and a better placement never less', () => {
    fc.assert(
      fc.property(freeForAll, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 4 }), (game, x, y) => {
        const rating = game.players[0]!.rating;
        const twins = {
          players: [
            ...game.players,
            { ...player('x', rating), placement: x },
            { ...player('y', rating), placement: y },
          ],
        };
        const { x: dx, y: dy } = deltas(settleFreeForAll(twins, ladder));
        if (x === y) expect(dx).toBe(dy);
        if (x < y) expect(dx).toBeGreaterThanOrEqual(dy!);
      }),
    );
  });

  it('depends on who placed where, not on the order players are listed in', () => {
    fc.assert(
      fc.property(
        freeForAll.chain((game) =>
          fc.tuple(fc.constant(game), fc.shuffledSubarray(game.players, { minLength: game.players.length })),
        ),
        ([game, shuffled]) => {
          expect(deltas(settleFreeForAll({ players: shuffled }, ladder))).toEqual(
            deltas(settleFreeForAll(game, ladder)),
          );
        },
      ),
    );
  });

  it('never moves anyone by more than K', () => {
    fc.assert(
      fc.property(freeForAll, (game) => {
        for (const update of settleFreeForAll(game, ladder))
          expect(Math.abs(update.delta)).toBeLessThanOrEqual(ladder.k);
      }),
    );
  });

  it('rejects a free-for-all of one and repeated players', () => {
    expect(() => settleFreeForAll(ffa([1500, 1]), ladder)).toThrow(/at least two players/);
    expect(() =>
      settleFreeForAll(
        {
          players: [
            { ...player('x', 1500), placement: 1 },
            { ...player('x', 1400), placement: 2 },
          ],
        },
        ladder,
      ),
    ).toThrow(/player x appears more than once/);
  });
});
