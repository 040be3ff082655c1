/**
 * Rating settlement of a finished room: one call per room kind, plain data in, one update per player out.
 *
 * Provisional K: a player with fewer than `provisionalGames` settled games on the ladder is rated with
 * `provisionalK` instead of `k`. It applies to that player's own delta only (their surplus is multiplied by
 * their own K and rounded once), so opponents move exactly as they would against an established player. The
 * price is zero-sum: the room total drifts by the newcomer's extra points, upwards when newcomers beat their
 * expectation and downwards when they fall short. With provisionalK = 2·k the newcomer's delta is twice the
 * established delta, or one point closer to zero, because the doubled value is rounded once.
 */
import { z } from 'zod';
import type { Ladder } from './ladders.js';
import { applyChange, duelExpectationMicros, ratingChange } from './rating.js';

const MICROS = 1_000_000;

const ratedPlayerShape = {
  uid: z.string().min(1, 'uid must not be empty'),
  rating: z.number({ error: 'rating must be a number' }).int('rating must be a whole number'),
  gamesPlayed: z
    .number({ error: 'gamesPlayed must be a number' })
    .int('gamesPlayed must be a whole number')
    .nonnegative('gamesPlayed must not be negative'),
};

export const teamGameSchema = z
  .object({
    sideA: z.array(z.object(ratedPlayerShape)).min(1, 'side A needs at least one player'),
    sideB: z.array(z.object(ratedPlayerShape)).min(1, 'side B needs at least one player'),
    outcome: z.enum(['A', 'B', 'draw'], { error: 'outcome must be "A", "B" or "draw"' }),
  })
  .superRefine((game, ctx) => rejectRepeatedUids([...game.sideA, ...game.sideB], ctx));

export type TeamGame = z.infer<typeof teamGameSchema>;

export const freeForAllGameSchema = z
  .object({
    players: z
      .array(
        z.object({
          ...ratedPlayerShape,
          placement: z
            .number({ error: 'placement must be a number' })
            .int('placement must be a whole number')
            .positive('placement must be 1 or more'),
        }),
      )
      .min(2, 'a free-for-all needs at least two players'),
  })
  .superRefine((game, ctx) => rejectRepeatedUids(game.players, ctx));

export type FreeForAllGame = z.infer<typeof freeForAllGameSchema>;

export interface RatingUpdate {
  uid: string;
  before: number;
  after: number;
  /** after − before: what was applied, so the floor at 0 shows here. */
  delta: number;
}

/** The K a player is rated with on this ladder. */
export function kFactor(ladder: Ladder, gamesPlayed: number): number {
  return gamesPlayed < ladder.provisionalGames ? ladder.provisionalK : ladder.k;
}

/**
 * Settles a team room, 1v1 included. Each side is rated as the mean of its members' ladder ratings (not their
 * party-adjusted matching scores), and every member moves by the duel between the two means, taken with their
 * own K. Zero-sum when both sides have the same size and nobody is provisional or floored: each member of the
 * winning side gains what each member of the losing side loses.
 */
export function settleTeamGame(game: TeamGame, ladder: Ladder): RatingUpdate[] {
  const { sideA, sideB, outcome } = teamGameSchema.parse(game);
  const scoreA = outcome === 'A' ? 1 : outcome === 'B' ? 0 : 0.5;
  const surplusA = scoreA * MICROS - duelExpectationMicros(meanRating(sideA), meanRating(sideB));
  const settle = (player: TeamGame['sideA'][number], surplus: number): RatingUpdate =>
    update(player.uid, player.rating, ratingChange(kFactor(ladder, player.gamesPlayed), surplus, 1), ladder);
  return [...sideA.map((player) => settle(player, surplusA)), ...sideB.map((player) => settle(player, -surplusA))];
}

/**
 * Settles a free-for-all room. Each player duels every other one: they score 1, 0.5 or 0 by placement (1 is
 * best, equal placements tie, gaps in the numbering don't matter) against the duel expectation. The surpluses
 * are summed, multiplied by the player's K / (n − 1) and rounded away from zero once, so two players reduce to
 * `eloDuel`.
 *
 * Total: with one K and no floor, the exact changes sum to zero, because each pair's expectations are
 * complementary to the millionth. Rounding each player once adds less than a point per gainer and removes less
 * than a point per loser, so the total is an integer T with −(L − 1) ≤ T ≤ G − 1, where G and L count the
 * players who gained and who lost (T = 0 when nobody moves). Hence |T| ≤ n − 2, and a duel is exactly zero-sum.
 * Rounding per pairing instead would let each player's own error grow to n − 1 points.
 */
export function settleFreeForAll(game: FreeForAllGame, ladder: Ladder): RatingUpdate[] {
  const { players } = freeForAllGameSchema.parse(game);
  return players.map((player, i) => {
    let surplus = 0;
    players.forEach((opponent, j) => {
      if (i === j) return;
      const score = player.placement < opponent.placement ? 1 : player.placement === opponent.placement ? 0.5 : 0;
      surplus += score * MICROS - duelExpectationMicros(player.rating, opponent.rating);
    });
    const change = ratingChange(kFactor(ladder, player.gamesPlayed), surplus, players.length - 1);
    return update(player.uid, player.rating, change, ladder);
  });
}

function meanRating(side: readonly { rating: number }[]): number {
  return side.reduce((sum, player) => sum + player.rating, 0) / side.length;
}

function update(uid: string, before: number, change: number, ladder: Ladder): RatingUpdate {
  const after = applyChange(before, change, ladder.floorAtZero);
  return { uid, before, after, delta: after - before };
}

function rejectRepeatedUids(players: readonly { uid: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const { uid } of players) {
    if (seen.has(uid)) ctx.addIssue({ code: 'custom', message: `player ${uid} appears more than once` });
    seen.add(uid);
  }
}
