import { z } from 'zod';
import { fail } from '../errors.js';
import { displayNameSchema } from './displayName.js';
import { blockedListSchema } from '../fairplay/block.js';
import { meetingsSchema } from '../fairplay/rematchWindow.js';
import { dodgeRecordSchema } from '../fairplay/dodging.js';
import { banSchema } from '../ops/ban.js';
import { callBucketSchema } from '../fairplay/rateLimit.js';
import { skillSchema, type Skill } from '../rating/update.js';
import { enterSeason, type SeasonArchive, type SeasonRules } from '../ladder/season.js';
import { visibleRank, visibleRankSchema, type RankRules } from '../ladder/visibleRank.js';
import { rematchAskSchema } from '../room/rematchState.js';

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

/**
 * The public profile (`players/{uid}`): what leaderboards and rooms show, readable by every signed-in player.
 * Queue, room and party pointers live in the private state document instead.
 */
export const playerSchema = z.object({
  uid: z.string(),
  displayName: displayNameSchema,
  ladders: z.record(z.string(), standingSchema),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Player = z.infer<typeof playerSchema>;

/**
 * The private state (`playerStates/{uid}`), only they can read it. It points at the player's latest ticket
 * (whose status and room say whether they are queued, in a room or idle: see presence.ts) and their party.
 */
export const playerStateSchema = z.object({
  mode: z.string().nullable(),
  ticketId: z.string().nullable(),
  partyId: z.string().nullable(),
  /** Set after declining or missing a ready check; the player may not queue before it. */
  cooldownUntil: z.number().int().nullable(),
  /** Recent dodges, which set the next cooldown's length (core/fairplay/dodging.ts); absent in older documents. */
  dodges: dodgeRecordSchema.nullable().default(null),
  /** Games the player left after they started (`forfeit`); absent in older documents. */
  leaves: z.number().int().nonnegative().default(0),
  /** Whom the player blocked (private, as this whole document is); absent in older documents. */
  blocked: blockedListSchema.default([]),
  /** Own reports that contradicted how the game settled; absent in older documents. */
  falseReports: z.number().int().nonnegative().default(0),
  /** Whom the player met lately, for keeping rematches apart and capping a pair's rated games a day; absent in older documents. */
  meetings: meetingsSchema.nullable().default(null),
  /** An operator's ban (core/ops/ban.ts), in force until `until`; absent in older documents. */
  ban: banSchema.nullable().default(null),
  /** The open rematch request the player was asked to (core/room/rematch.ts), so queueing elsewhere declines it. */
  rematchAsk: rematchAskSchema.nullable().default(null),
  /** The player's call bucket (core/fairplay/rateLimit.ts); absent until their first counted call. */
  calls: callBucketSchema.nullable().default(null),
  updatedAt: z.number().int(),
});
export type PlayerState = z.infer<typeof playerStateSchema>;

/** What a standing is computed with: the ladder's initial rating and its rank rules. */
export type StandingRules = RankRules & { initialRating: number };

/** A standing with its visible rank brought up to date. */
export function ranked(fields: Omit<Standing, 'visible'>, rules: RankRules, nowMs: number): Standing {
  return { ...fields, visible: visibleRank(rules, fields, nowMs) };
}

/**
 * A standing as a season needs it before anything counts for that season: one still in an earlier season is
 * archived (the archive is returned for the caller to write) and reset, as the season close would have done.
 */
export function standingInSeason(
  uid: string,
  ladderId: string,
  standing: Standing,
  rules: SeasonRules,
  season: string | null,
  nowMs: number,
): { standing: Standing; archive: SeasonArchive | null } {
  const entered = enterSeason(uid, ladderId, standing, rules, season, nowMs);
  if (!entered) return { standing, archive: null };
  return { standing: ranked(entered.standing, rules, nowMs), archive: entered.archive };
}

/** A profile as read now: each configured ladder's rank from the table in force and the reader's clock. */
export function withRanksAsOf(player: Player, ladders: Record<string, RankRules>, nowMs: number): Player {
  const standings = Object.entries(player.ladders).map(([id, standing]) => {
    const rules = ladders[id];
    return [id, rules ? ranked(standing, rules, nowMs) : standing] as const;
  });
  return { ...player, ladders: Object.fromEntries(standings) };
}

export function initialStanding(rules: StandingRules): Standing {
  const { initialRating } = rules;
  const fields = { rating: initialRating, games: 0, wins: 0, losses: 0, draws: 0, seasonGames: 0 };
  return ranked({ ...fields, peak: initialRating, lastPlayedAt: null, season: null }, rules, 0);
}

export function newPlayer(
  uid: string,
  displayName: string,
  ladders: Record<string, StandingRules>,
  nowMs: number,
): Player {
  const standings = Object.fromEntries(Object.entries(ladders).map(([id, ladder]) => [id, initialStanding(ladder)]));
  return { uid, displayName, ladders: standings, createdAt: nowMs, updatedAt: nowMs };
}

export function idleState(nowMs: number): PlayerState {
  return {
    mode: null,
    ticketId: null,
    partyId: null,
    cooldownUntil: null,
    dodges: null,
    leaves: 0,
    blocked: [],
    falseReports: 0,
    meetings: null,
    ban: null,
    rematchAsk: null,
    calls: null,
    updatedAt: nowMs,
  };
}

/** A ladder added to the configuration after a player joined starts them at its initial rating. */
export function standingOn(player: Player, ladderId: string, rules: StandingRules): Standing {
  return player.ladders[ladderId] ?? initialStanding(rules);
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

/** The player an operator's request names, or a refusal naming the uid. */
export function requirePlayer<T>(player: T | null | undefined, uid: string): T {
  if (!player) fail('not-found', `uid: there is no player "${uid}".`);
  return player;
}
