/**
 * The one settlement interface: whatever system a ladder is rated by, a room is settled as two sides with an
 * outcome (duels and teams) or as players with placements (free-for-all). ELO, the default, is exactly the
 * original's arithmetic (duel.ts, team.ts, freeForAll.ts); OpenSkill (openskill.ts) is opt-in per ladder.
 */
import { z } from 'zod';
import { expectedScore } from './duel.js';
import { settleFreeForAll, freeForAllGameSchema } from './freeForAll.js';
import { openSkillConfigSchema, openSkillWinChances, settleOpenSkill } from './openskill.js';
import { settleTeamGame, teamGameSchema } from './team.js';
import type { EloRules, RatingUpdate, Skill } from './update.js';

export const ratingConfigSchema = z.discriminatedUnion(
  'system',
  [z.strictObject({ system: z.literal('elo') }), openSkillConfigSchema],
  { error: 'rating.system must be "elo" or "openskill"' },
);
export type RatingConfig = z.infer<typeof ratingConfigSchema>;

/** What settlement needs of a ladder: the ELO rules, and the system that replaces them where one is chosen. */
export type RatingRules = EloRules & { rating?: RatingConfig | undefined };

/** A player as a settlement rates them: displayed rating, games settled on the ladder, and OpenSkill belief if any. */
export interface RatedPlayer {
  uid: string;
  rating: number;
  gamesPlayed: number;
  skill?: Skill | undefined;
}

export interface SidesGame {
  sideA: RatedPlayer[];
  sideB: RatedPlayer[];
  outcome: 'A' | 'B' | 'draw';
}

export interface PlacementsGame {
  players: (RatedPlayer & { placement: number })[];
}

/** A duel or team game: every player's update, side A's first. */
export function settleSides(game: SidesGame, ladder: RatingRules): RatingUpdate[] {
  const system = ladder.rating;
  if (system?.system !== 'openskill') return settleTeamGame(game, ladder);
  teamGameSchema.parse(game);
  const ranks = game.outcome === 'A' ? [1, 2] : game.outcome === 'B' ? [2, 1] : [1, 1];
  return settleOpenSkill([game.sideA, game.sideB], ranks, system, ladder);
}

/** A free-for-all game: every player's update, in the order given. */
export function settlePlacements(game: PlacementsGame, ladder: RatingRules): RatingUpdate[] {
  const system = ladder.rating;
  if (system?.system !== 'openskill') return settleFreeForAll(game, ladder);
  freeForAllGameSchema.parse(game);
  return settleOpenSkill(
    game.players.map((player) => [player]),
    game.players.map((player) => player.placement),
    system,
    ladder,
  );
}

/**
 * The chance the ladder's system gives side A to beat side B: ELO's expectation between the sides' mean ratings
 * (what the matcher stores on a room), or OpenSkill's own prediction from the players' beliefs.
 */
export function winChance(sideA: readonly RatedPlayer[], sideB: readonly RatedPlayer[], ladder: RatingRules): number {
  const system = ladder.rating;
  if (system?.system === 'openskill') return openSkillWinChances([sideA, sideB], system, ladder.initialRating)[0]!;
  const mean = (side: readonly RatedPlayer[]) => side.reduce((sum, p) => sum + p.rating, 0) / side.length;
  return expectedScore(mean(sideA), mean(sideB));
}
