import { z } from 'zod';
import type { Standing } from './player.js';

/** One line of a ladder's leaderboard: a player's standing there and their rank. */
export const leaderboardRowSchema = z.object({
  rank: z.number().int(),
  uid: z.string(),
  displayName: z.string(),
  rating: z.number().int(),
  games: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
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

/** Only players with a settled game on the ladder are ranked on it. */
export const isRanked = (standing: Standing | undefined): standing is Standing => !!standing && standing.games > 0;

/** One plus the number of ranked players rated strictly higher, so ties share a rank. */
export const rankBelow = (playersAbove: number) => playersAbove + 1;
