import { z } from 'zod';
import { poolIdSchema } from '../mode/pool.js';
import { fail } from '../errors.js';
import { matchQualitySchema, type MatchProposal } from '../match/proposal.js';
import { documentIdSchema } from '../ids.js';
import { botSeatSchema, type BotSeat } from '../mode/bots.js';
import { backfillOnStart, MAX_FFA_PLAYERS, roomBackfillSchema, withOpening } from '../mode/backfill.js';
import type { Pool } from '../mode/pool.js';
import { roomTicketSchema, type RoomTicket, type TicketDoc } from '../queue/ticket.js';
import { rankMovementSchema, visibleRankSchema } from '../ladder/visibleRank.js';
import { rematchStateSchema } from './rematchState.js';
import type { Agreement } from '../mode/choices.js';

export const roomStatusSchema = z.enum(['pending', 'active', 'disputed', 'settled', 'voided', 'cancelled']);
export type RoomStatus = z.infer<typeof roomStatusSchema>;

/** Pending (ready check), active (playing) and disputed (conflicting reports) rooms still hold their players. */
export const LIVE_ROOM_STATUSES = ['pending', 'active', 'disputed'] as const satisfies readonly RoomStatus[];
export const isLive = (status: RoomStatus) => (LIVE_ROOM_STATUSES as readonly RoomStatus[]).includes(status);

export const teamReportSchema = z.strictObject({ outcome: z.enum(['A', 'B', 'draw']) });
/** Placements name players by uid, at most as many as a room can hold, each at most that far down. */
export const ffaReportSchema = z.strictObject({
  placements: z
    .record(documentIdSchema, z.number().int().positive().max(MAX_FFA_PLAYERS))
    .refine((p) => Object.keys(p).length <= MAX_FFA_PLAYERS, `at most ${MAX_FFA_PLAYERS} players`),
});
export const resultSchema = z.union([teamReportSchema, ffaReportSchema]);
export type Result = z.infer<typeof resultSchema>;

export const ratingChangeSchema = z.object({
  before: z.number().int(),
  after: z.number().int(),
  delta: z.number().int(),
  /** The visible rank before and after the game, and whether it ended placement or crossed a division. */
  rankBefore: visibleRankSchema,
  rankAfter: visibleRankSchema,
  movement: rankMovementSchema,
  /** How the game went for the player, for their history (core/room/history.ts); absent in older documents. */
  outcome: z.enum(['win', 'loss', 'draw']).nullable().default(null),
});
export type RatingChange = z.infer<typeof ratingChangeSchema>;

/**
 * `rooms/{id}`: a committed match. Clients listen to it for the ready check, the result and their rating
 * change. Team rooms have sides [A, B]; a free-for-all room has one side holding every ticket. (A side is an
 * object because Firestore cannot store an array directly inside an array.)
 */
export const roomDocSchema = z.object({
  id: z.string(),
  mode: poolIdSchema,
  ladder: z.string(),
  kind: z.enum(['team', 'ffa']),
  /** A side holds tickets, bots (`bots`) or both: side B of a room seated with bots may hold no ticket. */
  sides: z
    .array(z.object({ tickets: z.array(roomTicketSchema) }))
    .min(1)
    .max(2),
  /** The human players; a room seated with bots may hold one. */
  memberUids: z.array(z.string()).min(1),
  names: z.record(z.string(), z.string()),
  /** Each player's visible rank when they queued. */
  ranks: z.record(z.string(), visibleRankSchema),
  /** The ladder's season when the room formed: the game counts for it, however late it settles. */
  season: z.string().nullable(),
  proposedAt: z.number().int(),
  quality: matchQualitySchema,
  status: roomStatusSchema,
  readyCheck: z
    .object({ deadline: z.number().int(), accepted: z.array(z.string()), declined: z.array(z.string()) })
    .nullable(),
  reportDeadline: z.number().int().nullable(),
  reports: z.record(z.string(), z.object({ result: resultSchema, at: z.number().int(), authoritative: z.boolean() })),
  result: resultSchema.nullable(),
  ratingChanges: z.record(z.string(), ratingChangeSchema).nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  endReason: z.string().nullable(),
  /** Players who left the game once it started (`forfeit`); absent in older documents. */
  forfeits: z.array(z.string()).default([]),
  /**
   * Set when the room settled unrated: the game counted in the records of who met whom, but no rating moved
   * (core/fairplay/rematchWindow.ts). `pairs` are the opponents who had reached the daily cap. Absent in older documents.
   */
  unrated: z
    .object({ reason: z.string(), pairs: z.array(z.object({ a: z.string(), b: z.string(), games: z.number().int() })) })
    .nullable()
    .default(null),
  /** The mode's `leaveAfterSilentSeconds` when the room formed: its players' clients heartbeat during the game. */
  leaveAfterSilentSeconds: z.number().nullable().default(null),
  /** The region the room plays in, for a regional mode (its players may come from neighbouring ones); else null. */
  region: z.string().nullable().default(null),
  /**
   * Set when an operator voided the settled game (`voidRoom`): its rating changes, records and standings were
   * reversed by `void:` history rows. The room stays `settled` so what was played stays readable. Absent in older
   * documents.
   */
  voided: z.object({ at: z.number().int(), by: z.string(), reason: z.string() }).nullable().default(null),
  /** On a settled room: its players' asks for a rematch (core/room/rematch.ts); null until the first ask. */
  rematch: rematchStateSchema.nullable().default(null),
  /** The settled room this one replays, when it is a rematch; null for a room from the queue. */
  rematchOf: z.string().nullable().default(null),
  /**
   * The bots seated after a long wait (core/match/botFill.ts), played by the game: they have no players, report
   * nothing and are never rated. Empty in a room of humans; absent in older documents.
   */
  bots: z.array(botSeatSchema).default([]),
  /** The value of each of its mode's choices the room plays (core/mode/choices.ts); empty without choices. */
  agreed: z.record(z.string(), z.string()).default({}),
  /** In a free-for-all mode with backfill, set when play starts (core/mode/backfill.ts); null otherwise. */
  backfill: roomBackfillSchema.nullable().default(null),
  /** The players who joined the game in progress (core/room/backfill.ts), each with when. */
  late: z.record(z.string(), z.number().int()).default({}),
  /** The end of the backfill window while the room has open seats, else null: the field open rooms are found by. */
  openUntil: z.number().int().nullable().default(null),
});
export type RoomDoc = z.infer<typeof roomDocSchema>;

/**
 * The room a committed proposal becomes: pending a ready check if the mode has one (its humans answer it), else
 * active at once. `bots` fill the seats of a proposal for one long-waiting ticket.
 */
export function newRoom(
  id: string,
  pool: Pool,
  proposal: Pick<MatchProposal, 'proposedAt' | 'sides' | 'quality'>,
  tickets: Map<string, TicketDoc>,
  nowMs: number,
  season: string | null,
  bots: BotSeat[] = [],
  agreed: Agreement = {},
): RoomDoc {
  const { mode } = pool;
  const sides = proposal.sides.map((side) => ({
    tickets: side.map((t): RoomTicket => {
      const doc = tickets.get(t.id);
      if (!doc) throw new Error(`ticket ${t.id} of the proposal was not read`);
      return {
        ticketId: t.id,
        partyId: doc.partyId,
        ownerUid: doc.ownerUid,
        score: t.score,
        enqueuedAt: t.enqueuedAt,
        members: t.members,
        pool: doc.mode,
      };
    }),
  }));
  const docs = proposal.sides.flat().map((t) => tickets.get(t.id)!);
  return withOpening<RoomDoc>({
    id,
    mode: pool.id,
    region: pool.region,
    ladder: pool.ladderId,
    kind: mode.format.kind,
    sides,
    memberUids: docs.flatMap((d) => d.memberUids),
    names: Object.assign({}, ...docs.map((d) => d.names)),
    ranks: Object.assign({}, ...docs.map((d) => d.ranks)),
    season,
    proposedAt: proposal.proposedAt,
    quality: proposal.quality,
    status: mode.readyCheck ? 'pending' : 'active',
    readyCheck: mode.readyCheck
      ? { deadline: nowMs + mode.readyCheck.timeoutSeconds * 1000, accepted: [], declined: [] }
      : null,
    reportDeadline: mode.readyCheck ? null : nowMs + mode.reportTimeoutSeconds * 1000,
    reports: {},
    result: null,
    ratingChanges: null,
    createdAt: nowMs,
    updatedAt: nowMs,
    endedAt: null,
    endReason: null,
    forfeits: [],
    unrated: null,
    voided: null,
    leaveAfterSilentSeconds: mode.leaveAfterSilentSeconds,
    rematch: null,
    rematchOf: null,
    bots,
    agreed,
    backfill: mode.readyCheck ? null : backfillOnStart(mode.format, nowMs),
    late: {},
    openUntil: null,
  });
}

export const roomTickets = (room: Pick<RoomDoc, 'sides'>): RoomTicket[] => room.sides.flatMap((side) => side.tickets);

/** The uids on each side, in side order. */
export const sideUids = (room: Pick<RoomDoc, 'sides'>): string[][] =>
  room.sides.map((side) => side.tickets.flatMap((t) => t.members.map((m) => m.uid)));

/** The room's sides as the matcher core's tickets, for re-checking it with `violations`. */
export const coreSides = (room: Pick<RoomDoc, 'sides'>) =>
  room.sides.map((side) =>
    side.tickets.map((t) => ({ id: t.ticketId, members: t.members, score: t.score, enqueuedAt: t.enqueuedAt })),
  );

export function requireRoom(room: RoomDoc | undefined, roomId: string): RoomDoc {
  if (!room) fail('not-found', `There is no room ${roomId}.`);
  return room;
}

/** A started, live room past its report deadline: the matcher settles what the reports allow and voids the rest. */
export function reportOverdue(room: RoomDoc, nowMs: number): boolean {
  return (
    room.status !== 'pending' && isLive(room.status) && room.reportDeadline !== null && room.reportDeadline <= nowMs
  );
}
