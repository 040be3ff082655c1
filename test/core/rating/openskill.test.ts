import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { ladderSchema, laddersSchema } from '../../../functions/src/core/ladder/ladder.js';
import { ranked } from '../../../functions/src/core/ladder/standing.js';
import { settleFreeForAll } from '../../../functions/src/core/rating/freeForAll.js';
import { displayedRating, openSkillConfigSchema } from '../../../functions/src/core/rating/openskill.js';
import {
  settlePlacements,
  settleSides,
  winChance,
  type RatedPlayer,
} from '../../../functions/src/core/rating/system.js';
import { settleTeamGame } from '../../../functions/src/core/rating/team.js';
import { closeStanding, softResetRating } from '../../../functions/src/core/ladder/season.js';
import { standingAt } from '../standings.js';

const MODELS = [
  'plackettLuce',
  'bradleyTerryFull',
  'bradleyTerryPart',
  'thurstoneMostellerFull',
  'thurstoneMostellerPart',
] as const;
const openSkillLadder = (model: (typeof MODELS)[number] = 'plackettLuce') =>
  ladderSchema.parse({ rating: { system: 'openskill', model } });

/** A player somewhere in their career: a newcomer (no belief yet, at the initial rating) or a settled belief. */
const skilled = (uid: string) =>
  fc.oneof(
    fc.constant<RatedPlayer>({ uid, rating: 1500, gamesPlayed: 0 }),
    fc
      .record({
        mu: fc.double({ min: 5, max: 45, noNaN: true }),
        sigma: fc.double({ min: 0.5, max: 25 / 3, noNaN: true }),
      })
      .map((skill): RatedPlayer => {
        const rating = displayedRating(skill, openSkillConfigSchema.parse({ system: 'openskill' }), 1500);
        return { uid, rating, gamesPlayed: 20, skill };
      }),
  );
const side = (prefix: string, size: number) =>
  fc.tuple(...Array.from({ length: size }, (_, i) => skilled(`${prefix}${i}`)));
const sidesGame = fc.integer({ min: 1, max: 5 }).chain((size) =>
  fc.record({
    sideA: side('a', size),
    sideB: fc.integer({ min: 1, max: 5 }).chain((other) => side('b', other)),
    outcome: fc.constantFrom('A' as const, 'B' as const, 'draw' as const),
  }),
);
const placementsGame = fc.integer({ min: 2, max: 8 }).chain((n) =>
  fc.record({
    players: fc.tuple(
      ...Array.from({ length: n }, (_, i) =>
        fc.tuple(skilled(`p${i}`), fc.integer({ min: 1, max: n })).map(([p, placement]) => ({ ...p, placement })),
      ),
    ),
  }),
);
const model = fc.constantFrom(...MODELS);
const muOf = (p: RatedPlayer, ladder = openSkillLadder()) =>
  p.skill?.mu ?? (ladder.rating?.system === 'openskill' ? ladder.rating.mu : Number.NaN);
const sigmaOf = (p: RatedPlayer) => p.skill?.sigma ?? 25 / 3;

describe('OpenSkill settlement', () => {
  it('never takes mu from a winning side and never grows anyone’s sigma, under every model', () => {
    fc.assert(
      fc.property(model, sidesGame, (m, game) => {
        const ladder = openSkillLadder(m);
        const before = new Map([...game.sideA, ...game.sideB].map((p) => [p.uid, p]));
        const updates = settleSides(game, ladder);
        expect(updates.map((u) => u.uid)).toEqual([...before.keys()]);
        for (const update of updates) {
          const player = before.get(update.uid)!;
          expect(update.skill!.sigma).toBeLessThanOrEqual(sigmaOf(player));
          const won = game.outcome !== 'draw' && update.uid.startsWith(game.outcome.toLowerCase());
          if (won) expect(update.skill!.mu).toBeGreaterThanOrEqual(muOf(player, ladder));
          expect(update.delta).toBe(update.after - update.before);
          expect(update.after).toBe(displayedRating(update.skill!, ladder.rating as never, 1500));
        }
      }),
    );
  });

  it('never takes mu from the sole winner of a free-for-all and never grows anyone’s sigma', () => {
    fc.assert(
      fc.property(model, placementsGame, (m, game) => {
        const ladder = openSkillLadder(m);
        const updates = settlePlacements(game, ladder);
        const best = Math.min(...game.players.map((p) => p.placement));
        const sole = game.players.filter((p) => p.placement === best).length === 1;
        game.players.forEach((player, i) => {
          const update = updates[i]!;
          expect(update.uid).toBe(player.uid);
          expect(update.skill!.sigma).toBeLessThanOrEqual(sigmaOf(player));
          if (sole && player.placement === best) expect(update.skill!.mu).toBeGreaterThanOrEqual(muOf(player));
        });
      }),
    );
  });

  it('moves the better-placed of two equal newcomers up and the other down', () => {
    const ladder = openSkillLadder();
    const [winner, loser] = settleSides(
      {
        sideA: [{ uid: 'a', rating: 1500, gamesPlayed: 0 }],
        sideB: [{ uid: 'b', rating: 1500, gamesPlayed: 0 }],
        outcome: 'A',
      },
      ladder,
    );
    expect(winner!.skill!.mu).toBeGreaterThan(25);
    expect(loser!.skill!.mu).toBeLessThan(25);
    expect(winner!.after).toBeGreaterThan(loser!.after);
  });

  it('keeps a player’s rating when their ladder switches from ELO: no belief yet means the one that shows it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), (rating) => {
        const ladder = openSkillLadder();
        const player = { uid: 'x', rating, gamesPlayed: 40 };
        const opponent = { uid: 'y', rating, gamesPlayed: 40 };
        // Before any game the chance between two equal ratings is even, and a draw leaves both shown near it.
        expect(winChance([player], [opponent], ladder)).toBeCloseTo(0.5, 10);
        const [x] = settleSides({ sideA: [player], sideB: [opponent], outcome: 'draw' }, ladder);
        expect(x!.skill!.mu).toBeCloseTo(25 + (rating - 1500) / 30, 6);
      }),
    );
  });
});

describe('the ELO default is untouched', () => {
  const elo = [ladderSchema.parse({}), ladderSchema.parse({ rating: { system: 'elo' } })];
  const player = (uid: string) =>
    fc.record({
      uid: fc.constant(uid),
      rating: fc.integer({ min: 0, max: 3000 }),
      gamesPlayed: fc.integer({ min: 0, max: 30 }),
    });

  it('settles duels and teams exactly as settleTeamGame does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...elo),
        fc.integer({ min: 1, max: 5 }).chain((n) =>
          fc.record({
            sideA: fc.tuple(...Array.from({ length: n }, (_, i) => player(`a${i}`))),
            sideB: fc.tuple(...Array.from({ length: n }, (_, i) => player(`b${i}`))),
            outcome: fc.constantFrom('A' as const, 'B' as const, 'draw' as const),
          }),
        ),
        (ladder, game) => {
          expect(settleSides(game, ladder)).toEqual(settleTeamGame(game, ladder));
        },
      ),
    );
  });

  it('settles free-for-all exactly as settleFreeForAll does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...elo),
        fc
          .integer({ min: 2, max: 8 })
          .chain((n) =>
            fc.tuple(
              ...Array.from({ length: n }, (_, i) =>
                fc
                  .tuple(player(`p${i}`), fc.integer({ min: 1, max: n }))
                  .map(([p, placement]) => ({ ...p, placement })),
              ),
            ),
          ),
        (ladder, players) => {
          expect(settlePlacements({ players }, ladder)).toEqual(settleFreeForAll({ players }, ladder));
        },
      ),
    );
  });
});

describe('an OpenSkill ladder’s configuration', () => {
  const problems = (rating: unknown) => {
    const result = laddersSchema.safeParse({ ranked: { rating } });
    if (result.success) throw new Error('expected the ladder to be rejected');
    return z.prettifyError(result.error);
  };

  it('fills the library’s defaults and refuses unknown systems, models and keys, naming the field', () => {
    expect(ladderSchema.parse({ rating: { system: 'openskill' } }).rating).toEqual({
      system: 'openskill',
      model: 'plackettLuce',
      mu: 25,
      sigma: 25 / 3,
      beta: 25 / 6,
      tau: 25 / 300,
      z: 3,
      scale: 30,
    });
    expect(problems({ system: 'glicko' })).toContain('rating.system must be "elo" or "openskill"');
    expect(problems({ system: 'openskill', model: 'trueskill' })).toContain('model must be one of plackettLuce');
    expect(problems({ system: 'openskill', sigma: -1 })).toContain('sigma must be positive');
    expect(problems({ system: 'openskill', kappa: 1 })).toMatch(/kappa/);
    expect(problems({ system: 'elo', k: 16 })).toMatch(/"k"/);
  });
});

describe('a season’s soft reset on an OpenSkill ladder', () => {
  const ladder = ladderSchema.parse({
    rating: { system: 'openskill' },
    seasons: [
      { id: 's1', start: '2026-01-01T00:00:00Z', end: '2026-04-01T00:00:00Z' },
      { id: 's2', start: '2026-04-01T00:00:00Z', end: '2026-07-01T00:00:00Z' },
    ],
  });
  const config = openSkillConfigSchema.parse({ system: 'openskill' });

  it('compresses mu, grows sigma back by the same share, and shows where the ELO reset would put the rating', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 5, max: 45, noNaN: true }),
        fc.double({ min: 0.5, max: 25 / 3, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        (mu, sigma, games) => {
          const rating = displayedRating({ mu, sigma }, config, 1500);
          const standing = ranked(
            { ...standingAt(rating, games), season: 's1', peak: rating, skill: { mu, sigma } },
            ladder,
            0,
          );
          const closed = closeStanding('p', 'ranked', standing, ladder, 's1', 's2', 9)!;
          const reset = closed.standing.skill!;
          expect(reset.sigma).toBeCloseTo(25 / 3 - (25 / 3 - sigma) * 0.5, 9);
          expect(reset.mu).toBeCloseTo(25 + (mu - 25) * 0.5, 9);
          expect(closed.standing.rating).toBe(displayedRating(reset, config, 1500));
          expect(closed.archive!.resetTo).toBe(closed.standing.rating);
          expect(
            Math.abs(closed.standing.rating - softResetRating(rating, ladder.softReset, 1500)),
          ).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
