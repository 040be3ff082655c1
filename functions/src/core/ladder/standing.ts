import { z } from 'zod';
import { skillSchema, type Skill } from '../rating/update.js';
import { visibleRank, visibleRankSchema, type RankRules } from './visibleRank.js';

/** A player's rating and record on one ladder, and the rank shown for it. */
export const standingSchema = z.object({
  rating: z.number().int(),
  games: z.number().int().nonnegative(),
  wins: z.number().int().nonnegative(),
  losses: z.number().int().nonnegative(),
  draws: z.number().int().nonnegative(),
  /** Games settled in the current season; the first of them are placement. */
  seasonGames: z.number().int().nonnegative(),
  /** The highest rating of the current season. */
  peak: z.number().int(),
  lastPlayedAt: z.number().int().nullable(),
  /** The season the season's games and peak belong to; null off-season or before the first game. */
  season: z.string().nullable(),
  /** Written with the standing so a listener sees the rank too; readers refresh `inactive` (visibleRank.ts). */
  visible: visibleRankSchema,
  /** On an OpenSkill ladder, once the player has played on it: the belief `rating` displays (rating/openskill.ts). */
  skill: skillSchema.optional(),
});
export type Standing = z.infer<typeof standingSchema>;

/** What a standing is computed with: the ladder's initial rating and its rank rules. */
export type StandingRules = RankRules & { initialRating: number };

/** A standing with its visible rank brought up to date. */
export function ranked(fields: Omit<Standing, 'visible'>, rules: RankRules, nowMs: number): Standing {
  return { ...fields, visible: visibleRank(rules, fields, nowMs) };
}

export function initialStanding(rules: StandingRules): Standing {
  const { initialRating } = rules;
  const fields = { rating: initialRating, games: 0, wins: 0, losses: 0, draws: 0, seasonGames: 0 };
  return ranked({ ...fields, peak: initialRating, lastPlayedAt: null, season: null }, rules, 0);
}

/**
 * A standing after one more settled game: the new rating (and OpenSkill belief, on such a ladder), the game
 * counted in the record and the season, the season's peak, and the rank shown for it.
 */
export function recordGame(
  before: Standing,
  ratingAfter: number,
  outcome: 'win' | 'loss' | 'draw',
  rules: RankRules,
  nowMs: number,
  skill?: Skill,
): Standing {
  const fields = {
    rating: ratingAfter,
    games: before.games + 1,
    wins: before.wins + (outcome === 'win' ? 1 : 0),
    losses: before.losses + (outcome === 'loss' ? 1 : 0),
    draws: before.draws + (outcome === 'draw' ? 1 : 0),
    seasonGames: before.seasonGames + 1,
    peak: Math.max(before.peak, ratingAfter),
    lastPlayedAt: nowMs,
    season: before.season,
    // Firestore refuses undefined fields, so an ELO standing keeps no `skill` key at all.
    ...(skill ? { skill } : {}),
  };
  return ranked(fields, rules, nowMs);
}
