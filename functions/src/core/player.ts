import { z } from 'zod';
import { displayNameSchema } from './displayName.js';
import { blockedListSchema } from './block.js';
import { dodgeRecordSchema } from './penalties.js';

/** A player's rating and record on one ladder. */
export const standingSchema = z.object({
  rating: z.number().int(),
  games: z.number().int().nonnegative(),
  wins: z.number().int().nonnegative(),
  losses: z.number().int().nonnegative(),
  draws: z.number().int().nonnegative(),
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
  /** Recent dodges, which set the next cooldown's length (core/penalties.ts); absent in older documents. */
  dodges: dodgeRecordSchema.nullable().default(null),
  /** Games the player left after they started (`forfeit`); absent in older documents. */
  leaves: z.number().int().nonnegative().default(0),
  /** Whom the player blocked (private, as this whole document is); absent in older documents. */
  blocked: blockedListSchema.default([]),
  /** Own reports that contradicted how the game settled; absent in older documents. */
  falseReports: z.number().int().nonnegative().default(0),
  updatedAt: z.number().int(),
});
export type PlayerState = z.infer<typeof playerStateSchema>;

export function initialStanding(initialRating: number): Standing {
  return { rating: initialRating, games: 0, wins: 0, losses: 0, draws: 0 };
}

export function newPlayer(
  uid: string,
  displayName: string,
  ladders: Record<string, { initialRating: number }>,
  nowMs: number,
): Player {
  const standings = Object.fromEntries(
    Object.entries(ladders).map(([id, ladder]) => [id, initialStanding(ladder.initialRating)]),
  );
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
    updatedAt: nowMs,
  };
}

/** A ladder added to the configuration after a player joined starts them at its initial rating. */
export function standingOn(player: Player, ladderId: string, initialRating: number): Standing {
  return player.ladders[ladderId] ?? initialStanding(initialRating);
}

/** A standing after one more settled game: the new rating, and the game counted in the record. */
export function recordGame(before: Standing, ratingAfter: number, outcome: 'win' | 'loss' | 'draw'): Standing {
  return {
    rating: ratingAfter,
    games: before.games + 1,
    wins: before.wins + (outcome === 'win' ? 1 : 0),
    losses: before.losses + (outcome === 'loss' ? 1 : 0),
    draws: before.draws + (outcome === 'draw' ? 1 : 0),
  };
}
