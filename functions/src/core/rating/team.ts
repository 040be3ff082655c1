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

export const teamGameSchema = z
  .object({
    sideA: z.array(z.object(ratedPlayerShape)).min(1, 'side A needs at least one player'),
    sideB: z.array(z.object(ratedPlayerShape)).min(1, 'side B needs at least one player'),
    outcome: z.enum(['A', 'B', 'draw'], { error: 'outcome must be "A", "B" or "draw"' }),
  })
  .superRefine((game, ctx) => rejectRepeatedUids([...game.sideA, ...game.sideB], ctx));

export type TeamGame = z.infer<typeof teamGameSchema>;

/**
 * Settles a team room, 1v1 included. Each side is rated as the mean of its members' ladder ratings (not their
 * party-adjusted matching scores), and every member moves by the duel between the two means, taken with their
 * own K. Zero-sum when both sides have the same size and nobody is provisional or floored: each member of the
 * winning side gains what each member of the losing side loses.
 */
export function settleTeamGame(game: TeamGame, ladder: EloRules): RatingUpdate[] {
  const { sideA, sideB, outcome } = teamGameSchema.parse(game);
  const scoreA = outcome === 'A' ? 1 : outcome === 'B' ? 0 : 0.5;
  const surplusA = scoreA * MICROS - duelExpectationMicros(meanRating(sideA), meanRating(sideB));
  const settle = (player: TeamGame['sideA'][number], surplus: number): RatingUpdate =>
    ratingUpdate(player.uid, player.rating, ratingChange(kFactor(ladder, player.gamesPlayed), surplus, 1), ladder);
  return [...sideA.map((player) => settle(player, surplusA)), ...sideB.map((player) => settle(player, -surplusA))];
}

function meanRating(side: readonly { rating: number }[]): number {
  return side.reduce((sum, player) => sum + player.rating, 0) / side.length;
}
