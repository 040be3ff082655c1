import { z } from 'zod';
import { fail } from '../errors.js';
import { documentIdSchema, idSchema } from '../ids.js';
import { clipped } from '../validation.js';
import { poolIdSchema } from '../mode/pool.js';

/**
 * What a client without Firestore listeners follows a match by: the caller's own state pointer, the ticket it
 * follows, that ticket's room, and (while queued) the pool's statistics. The client derives the status from these
 * documents with the same state machine its Firestore listeners feed (client/src/status.ts).
 */
export interface MatchView<State, Ticket, Room, Stats> {
  /**
   * The greatest commit time, in microseconds, of the documents the view is made of (0 when none exists). It only
   * grows for one player: a change to a document in the view commits later than every version read before it,
   * and the view only takes in other documents when a document already in it changes (the state points at a new
   * ticket, a ticket at its room). Commit times are the database's, so every function instance agrees.
   */
  version: number;
  state: State | null;
  ticket: Ticket | null;
  room: Room | null;
  stats: Stats | null;
}

/** A Firestore commit time in whole microseconds: exact within a JavaScript number until the year 2255. */
export const micros = (time: { seconds: number; nanoseconds: number }) =>
  time.seconds * 1_000_000 + Math.floor(time.nanoseconds / 1000);

export const viewVersion = (times: readonly (number | null | undefined)[]) =>
  times.reduce<number>((max, time) => Math.max(max, time ?? 0), 0);

/** Longest wait of one long-poll: under the 60 s a mini-game's request may take, with room for a slow network. */
export const MAX_WAIT_MS = 25_000;
/** How long one stream runs before it ends with "reconnect from version N", by default and at most. */
export const STREAM_SECONDS = 50;
export const MAX_STREAM_SECONDS = 55;

/** A ticket the caller names to follow (one a re-queue or a new enqueue has moved their state past). */
const followSchema = z.strictObject({ mode: idSchema(64).pipe(poolIdSchema), id: documentIdSchema });

const sinceVersion = z.number().int('must be a whole number').nonnegative().default(0);

export const matchStateRequest = z.strictObject({
  sinceVersion,
  waitMs: z.number().int('must be a whole number').min(0).max(MAX_WAIT_MS).default(0),
  ticket: followSchema.optional(),
});

export const watchMatchRequest = z.strictObject({
  sinceVersion,
  limitSeconds: z.number().int('must be a whole number').min(1).max(MAX_STREAM_SECONDS).default(STREAM_SECONDS),
  ticket: followSchema.optional(),
});

/** Why a stream ended: its time was up, or the same player opened another (one stream per player). */
export type StreamEnd = { reason: 'time-limit' | 'replaced'; reconnectFrom: number };

/** `matchStreams/{uid}`: the player's one open status stream; a newer claim ends the older stream. */
export const streamClaimSchema = z.object({ id: z.string(), at: z.number() });

/**
 * Only a ticket's members may see it (as firestore.rules says of reads); anyone else is refused. A ticket the
 * caller named (`followed`) must exist: an empty view would read as "not queued" and the client would wait on it.
 */
export function assertOwnTicket(
  ticket: { memberUids: readonly string[] } | null,
  uid: string,
  followed?: { mode: string; id: string },
): void {
  if (!ticket && followed)
    fail('not-found', `ticket: you have no ticket "${clipped(followed.id)}" in pool "${followed.mode}".`);
  if (ticket && !ticket.memberUids.includes(uid)) fail('permission-denied', 'ticket: that ticket is not yours.');
}
