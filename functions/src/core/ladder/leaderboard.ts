import { z } from 'zod';
import { standingSchema, type Standing } from './standing.js';
import type { RankRules } from './visibleRank.js';

/** One line of a ladder's leaderboard: a player's standing there (with the visible rank) and their rank. */
export const leaderboardRowSchema = standingSchema.extend({
  rank: z.number().int(),
  uid: z.string(),
  displayName: z.string(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

/**
 * A ladder's top rows and the caller's own standing and rank (null until they finish placement there); when
 * asked, the rows around the caller (empty while they are unranked) and a list of players' rows (the ranked ones).
 */
export const leaderboardSchema = z.object({
  ladder: z.string(),
  top: z.array(leaderboardRowSchema),
  me: leaderboardRowSchema.omit({ uid: true, displayName: true }).nullable(),
  around: z.array(leaderboardRowSchema).optional(),
  players: z.array(leaderboardRowSchema).optional(),
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

/**
 * The leaderboard's order, as Firestore returns the ranked query: rating, then season games (the query's range
 * field), then the player id, all descending.
 */
export function leaderboardOrder(
  a: { uid: string; standing: Pick<Standing, 'rating' | 'seasonGames'> },
  b: { uid: string; standing: Pick<Standing, 'rating' | 'seasonGames'> },
): number {
  const byStanding = b.standing.rating - a.standing.rating || b.standing.seasonGames - a.standing.seasonGames;
  return byStanding || (a.uid < b.uid ? 1 : a.uid > b.uid ? -1 : 0);
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

/**
 * Ranks a window of consecutive leaderboard rows (best first, the caller among them) without reading the
 * ladder above it. `playersAbove` is the count rated strictly higher than the caller; `tally(rating)` is how
 * many ranked players share a rating, asked only where the window may cut that group short (its first group,
 * when that is not the caller's, and the caller's own when rows below it follow).
 */
export function rankWindow(
  ratings: readonly number[],
  mine: number,
  playersAbove: number,
  tally: (rating: number) => number,
): number[] {
  const groups = groupRuns(ratings);
  const first = groups[0];
  if (!first) return [];
  // Every group between the first and the caller's lies wholly inside the window, as rows are consecutive.
  const between = groups.filter((g, i) => i > 0 && g.rating > mine).reduce((sum, g) => sum + g.size, 0);
  let rank = first.rating === mine ? rankBelow(playersAbove) : rankBelow(playersAbove - tally(first.rating) - between);
  const ranks: number[] = [];
  groups.forEach((group, i) => {
    for (let j = 0; j < group.size; j++) ranks.push(rank);
    const cut = i === 0 || group.rating === mine;
    rank += cut && i < groups.length - 1 ? tally(group.rating) : group.size;
  });
  return ranks;
}

/** The runs of equal ratings in a best-first list. */
function groupRuns(ratings: readonly number[]): { rating: number; size: number }[] {
  const groups: { rating: number; size: number }[] = [];
  for (const rating of ratings) {
    const last = groups.at(-1);
    if (last?.rating === rating) last.size++;
    else groups.push({ rating, size: 1 });
  }
  return groups;
}

/**
 * The rating bands to count for ranking players anywhere on a ladder: for ratings best first, the players
 * above the first, then those between each and the next (`above` < rating ≤ `atMost`). Each count is billed by
 * the index entries it passes, so n scattered players cost about n reads plus one per 1,000 above the last.
 */
export function rankBands(ratings: readonly number[]): { above: number; atMost: number | null }[] {
  const distinct = [...new Set(ratings)].sort((a, b) => b - a);
  return distinct.map((rating, i) => ({ above: rating, atMost: i === 0 ? null : distinct[i - 1]! }));
}

/** Each distinct rating's rank (best first), from the counts of `rankBands` in the same order. */
export function ranksFromBands(bands: readonly { above: number }[], counts: readonly number[]): Map<number, number> {
  const ranks = new Map<number, number>();
  let above = 0;
  bands.forEach((band, i) => {
    above += counts[i] ?? 0;
    ranks.set(band.above, rankBelow(above));
  });
  return ranks;
}

/**
 * The rating groups `rankWindow` must have tallied, each with its size when the window already holds the whole
 * group (it reaches the top of the ladder, or rows on both sides of the group), else null: count it.
 */
export function windowTallies(
  ratings: readonly number[],
  mine: number,
  reachedTop: boolean,
): { rating: number; known: number | null }[] {
  const groups = groupRuns(ratings);
  const first = groups[0];
  if (!first) return [];
  const needed: { rating: number; known: number | null }[] = [];
  if (first.rating !== mine) needed.push({ rating: first.rating, known: reachedTop ? first.size : null });
  const own = groups.findIndex((g) => g.rating === mine);
  if (own >= 0 && own < groups.length - 1) {
    const whole = reachedTop || own > 0;
    needed.push({ rating: mine, known: whole ? groups[own]!.size : null });
  }
  return needed;
}
