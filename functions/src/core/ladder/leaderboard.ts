import { z } from 'zod';
import { standingSchema, type Standing } from '../player/player.js';
import type { RankRules } from './visibleRank.js';

/** One line of a ladder's leaderboard: a player's standing there (with the visible rank) and their rank. */
export const leaderboardRowSchema = standingSchema.extend({
  rank: z.number().int(),
  uid: z.string(),
  displayName: z.string(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

/** A ladder's top rows and the caller's own standing and rank (null before their first game there). */
export const leaderboardSchema = z.object({
  ladder: z.string(),
  top: z.array(leaderboardRowSchema),
  me: leaderboardRowSchema.omit({ uid: true, displayName: true }).nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** Ranks the top of a ladder, best first: ties share the rank of the first player with that rating. */
export function rankRows(top: readonly { uid: string; displayName: string; standing: Standing }[]): LeaderboardRow[] {
  const rows: LeaderboardRow[] = [];
  top.forEach(({ uid, displayName, standing }, i) => {
    const previous = rows[i - 1];
    const rank = previous && previous.rating === standing.rating ? previous.rank : i + 1;
    rows.push({ rank, uid, displayName, ...standing });
  });
  return rows;
}

/** Ranked from this many games of the season: placement done, and at least one game. */
export const rankedFrom = (rules: Pick<RankRules, 'placementGames'>) => Math.max(1, rules.placementGames);

/** Only players who finished their placement this season are on the leaderboard. */
export const isRanked = (
  standing: Standing | undefined,
  rules: Pick<RankRules, 'placementGames'>,
): standing is Standing => !!standing && standing.seasonGames >= rankedFrom(rules);

/** One plus the number of ranked players rated strictly higher, so ties share a rank. */
export const rankBelow = (playersAbove: number) => playersAbove + 1;
