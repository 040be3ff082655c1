import { z } from 'zod';
import { poolIdSchema } from '../mode/pool.js';
import { fail } from '../errors.js';
import { displayNameSchema } from './displayName.js';
import { blockedListSchema } from '../fairplay/block.js';
import { meetingsSchema } from '../fairplay/rematchWindow.js';
import { dodgeRecordSchema } from '../fairplay/dodging.js';
import { banSchema } from '../ops/ban.js';
import { callBucketSchema } from '../fairplay/rateLimit.js';
import { enterSeason, type SeasonArchive, type SeasonRules } from '../ladder/season.js';
import type { RankRules } from '../ladder/visibleRank.js';
import { initialStanding, ranked, standingSchema, type Standing, type StandingRules } from '../ladder/standing.js';
import { rematchAskSchema } from '../room/rematchState.js';

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
  mode: poolIdSchema.nullable(),
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

/** The player an operator's request names, or a refusal naming the uid. */
export function requirePlayer<T>(player: T | null | undefined, uid: string): T {
  if (!player) fail('not-found', `uid: there is no player "${uid}".`);
  return player;
}
