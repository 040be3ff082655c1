import { z } from 'zod';
import { displayedRating, skillOf, softResetSkill } from '../rating/openskill.js';
import type { Skill } from '../rating/update.js';
import type { RatingConfig } from '../rating/system.js';
import { tierLabelSchema } from './tiers.js';
import { inPlacement, type RankRules } from './visibleRank.js';

const instant = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be an ISO 8601 date and time, like 2026-01-01T00:00:00Z` })
    .transform((iso) => Date.parse(iso));

/** One season of a ladder: from `start` (included) to `end` (excluded). */
export const seasonSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'season ids must be 1 to 40 letters, digits, "_" or "-"'),
  start: instant('start'),
  end: instant('end'),
});
export type Season = z.infer<typeof seasonSchema>;

/** A ladder's calendar, in order and without overlaps; the gaps between seasons are off-season. */
export const seasonsSchema = z.array(seasonSchema).superRefine((seasons, ctx) => {
  const ids = new Set<string>();
  seasons.forEach((season, i) => {
    if (ids.has(season.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `season "${season.id}" repeats` });
    ids.add(season.id);
    if (season.end <= season.start) {
      ctx.addIssue({ code: 'custom', path: [i, 'end'], message: `season "${season.id}" ends before it starts` });
    }
    const previous = seasons[i - 1];
    if (previous && season.start < previous.end) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'start'],
        message: `season "${season.id}" starts before "${previous.id}" ends`,
      });
    }
  });
});

/** At a season's close: new = mean + (old − mean) · compression, `mean` defaulting to the initial rating. */
export const softResetSchema = z.strictObject({
  compression: z.number().min(0, 'compression must be 0 to 1').max(1, 'compression must be 0 to 1').default(0.5),
  mean: z.number().int('mean must be a whole number').nullable().default(null),
});
export type SoftReset = z.infer<typeof softResetSchema>;

/** The season running at this moment, if any: the current season is derived from the clock, never stored. */
export const seasonAt = (seasons: readonly Season[], nowMs: number): Season | null =>
  seasons.find((s) => s.start <= nowMs && nowMs < s.end) ?? null;

/** Seasons over by this moment, oldest first: the ones a close may be due for. */
export const endedSeasons = (seasons: readonly Season[], nowMs: number): Season[] =>
  seasons.filter((s) => s.end <= nowMs);

export function softResetRating(rating: number, reset: SoftReset, initialRating: number): number {
  const mean = reset.mean ?? initialRating;
  return Math.round(mean + (rating - mean) * reset.compression);
}

/**
 * The soft reset of a standing: the rating alone on an ELO ladder; on an OpenSkill ladder the belief (mu
 * compressed, sigma grown back, openskill.ts) and the rating it now displays.
 */
function softResetStanding(standing: SeasonStanding, rules: SeasonRules): { rating: number; skill?: Skill } {
  const system = rules.rating;
  if (system?.system !== 'openskill') {
    return { rating: softResetRating(standing.rating, rules.softReset, rules.initialRating) };
  }
  const skill = softResetSkill(
    skillOf(standing, system, rules.initialRating),
    system,
    rules.softReset,
    rules.initialRating,
  );
  return { rating: displayedRating(skill, system, rules.initialRating), skill };
}

/** `players/{uid}/seasons/{seasonId}`: how a player finished a season on a ladder, readable by them alone. */
export const seasonArchiveSchema = z.object({
  uid: z.string(),
  ladder: z.string(),
  season: z.string(),
  rating: z.number().int(),
  peak: z.number().int(),
  seasonGames: z.number().int().nonnegative(),
  /** Placement done: only placed players are ranked and appear on the final leaderboard. */
  placed: z.boolean(),
  tier: tierLabelSchema.nullable(),
  /** Filled in by the close once every player is archived; null for players still in placement. */
  rank: z.number().int().positive().nullable(),
  /** The rating the soft reset set: the check that it was applied once (sim/invariants.ts). */
  resetTo: z.number().int(),
  closedAt: z.number().int(),
});
export type SeasonArchive = z.infer<typeof seasonArchiveSchema>;

/** What a season close reads of a standing, and what it writes back. */
export interface SeasonStanding {
  rating: number;
  skill?: Skill | undefined;
  seasonGames: number;
  peak: number;
  season: string | null;
  visible: { tier: SeasonArchive['tier'] };
}

export interface SeasonRules extends RankRules {
  initialRating: number;
  softReset: SoftReset;
  /** The ladder's rating system; left out, ELO. */
  rating?: RatingConfig | undefined;
}

/**
 * Closes `closing` for one standing: its archive row (null if it played no game that season) and the standing
 * reset for `next` (the season then running, or null off-season). Null when the standing is not in `closing`,
 * so a close applied twice, by a re-run or by two paths at once, resets nobody twice.
 */
export function closeStanding<S extends SeasonStanding>(
  uid: string,
  ladder: string,
  standing: S,
  rules: SeasonRules,
  closing: string,
  next: string | null,
  nowMs: number,
): { archive: SeasonArchive | null; standing: Omit<S, 'visible'> } | null {
  if (standing.season !== closing) return null;
  const { visible: _, ...rest } = standing;
  // Not a game in the season: nothing to archive, and a rating already reset is not compressed again.
  if (standing.seasonGames === 0) return { archive: null, standing: { ...rest, season: next } };
  const reset = softResetStanding(standing, rules);
  const resetTo = reset.rating;
  const placed = !inPlacement(rules, standing.seasonGames);
  const archive = {
    uid,
    ladder,
    season: closing,
    rating: standing.rating,
    peak: Math.max(standing.peak, standing.rating),
    seasonGames: standing.seasonGames,
    placed,
    tier: placed ? standing.visible.tier : null,
    rank: null,
    resetTo,
    closedAt: nowMs,
  };
  return { archive, standing: { ...rest, ...reset, seasonGames: 0, peak: resetTo, season: next } };
}

/**
 * A standing entering the season a game is played in. A standing still in an older season is closed first (the
 * close job had not reached it yet); one from off-season simply joins, with no reset (there was no season).
 */
export function enterSeason<S extends SeasonStanding>(
  uid: string,
  ladder: string,
  standing: S,
  rules: SeasonRules,
  season: string | null,
  nowMs: number,
): { archive: SeasonArchive | null; standing: Omit<S, 'visible'> } | null {
  if (standing.season === season) return null;
  if (standing.season !== null) return closeStanding(uid, ladder, standing, rules, standing.season, season, nowMs);
  const { visible: _, ...rest } = standing;
  return { archive: null, standing: { ...rest, seasonGames: 0, peak: standing.rating, season } };
}

/** One row of a season's final leaderboard. */
export const finalRowSchema = z.object({
  rank: z.number().int().positive(),
  uid: z.string(),
  rating: z.number().int(),
  tier: tierLabelSchema.nullable(),
});
export type FinalRow = z.infer<typeof finalRowSchema>;

/** Where ranking stopped: the last archive ranked and its place, so a re-run goes on from there. */
export const rankCursorSchema = z.object({
  rating: z.number().int(),
  uid: z.string(),
  rank: z.number().int(),
  position: z.number().int(),
});
export type RankCursor = z.infer<typeof rankCursorSchema>;

/**
 * `ladders/{ladder}/closes/{season}`: a season close's progress, and once `done` its final leaderboard.
 * Phases: `rollover` (archive and reset every player still in the season), `ranking` (rank the archives
 * best first), `done`.
 */
export const seasonCloseSchema = z.object({
  ladder: z.string(),
  season: z.string(),
  phase: z.enum(['rollover', 'ranking', 'done']),
  archived: z.number().int().nonnegative(),
  cursor: rankCursorSchema.nullable(),
  top: z.array(finalRowSchema),
  startedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type SeasonClose = z.infer<typeof seasonCloseSchema>;

/** How many rows the final leaderboard keeps. */
export const FINAL_LEADERBOARD_SIZE = 100;

/**
 * Ranks the next batch of a season's placed archives, best first (rating descending, then uid): ties share
 * the rank of the first of them, as on the live leaderboard. Pure, so a batch ranked again ranks the same.
 */
export function rankBatch(
  batch: readonly { uid: string; rating: number }[],
  cursor: RankCursor | null,
): { ranks: { uid: string; rank: number }[]; cursor: RankCursor } {
  let last = cursor;
  const ranks = batch.map(({ uid, rating }) => {
    const position = (last?.position ?? 0) + 1;
    const rank = last && last.rating === rating ? last.rank : position;
    last = { rating, uid, rank, position };
    return { uid, rank };
  });
  if (!last) throw new Error('rankBatch needs a non-empty batch');
  return { ranks, cursor: last };
}

/** A ladder's calendar as a player sees it now: the season running (and when it ends), the next, the past. */
export function calendarAt(seasons: readonly Season[], nowMs: number) {
  return {
    now: nowMs,
    current: seasonAt(seasons, nowMs),
    next: seasons.find((s) => s.start > nowMs) ?? null,
    past: endedSeasons(seasons, nowMs).reverse(),
  };
}
