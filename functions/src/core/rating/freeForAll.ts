import { z } from 'zod';
import { duelExpectationMicros, MICROS, ratingChange } from './duel.js';
import {
  kFactor,
  ratedPlayerShape,
  ratingUpdate,
  rejectRepeatedUids,
  type EloRules,
  type RatingUpdate,
} from './update.js';

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

/**
 * Settles a free-for-all room. Each player duels every other one: they score 1, 0.5 or 0 by placement (1 is
 * best, equal placements tie, gaps in the numbering don't matter) against the duel expectation. The surpluses
 * are summed, multiplied by the player's K / (n − 1) and rounded away from zero once, so two players reduce to
 * the original's duel.
 *
 * Total: with one K and no floor, the exact changes sum to zero, because each pair's expectations are
 * complementary to the millionth. Rounding each player once adds less than a point per gainer and removes less
 * than a point per loser, so the total is an integer T with −(L − 1) ≤ T ≤ G − 1, where G and L count the
 * players who gained and who lost (T = 0 when nobody moves). Hence |T| ≤ n − 2, and a duel is exactly zero-sum.
 * Rounding per pairing instead would let each player's own error grow to n − 1 points.
 */
export function settleFreeForAll(game: FreeForAllGame, ladder: EloRules): RatingUpdate[] {
  const { players } = freeForAllGameSchema.parse(game);
  return players.map((player, i) => {
    let surplus = 0;
    players.forEach((opponent, j) => {
      if (i === j) return;
      const score = player.placement < opponent.placement ? 1 : player.placement === opponent.placement ? 0.5 : 0;
      surplus += score * MICROS - duelExpectationMicros(player.rating, opponent.rating);
    });
    const change = ratingChange(kFactor(ladder, player.gamesPlayed), surplus, players.length - 1);
    return ratingUpdate(player.uid, player.rating, change, ladder);
  });
}
