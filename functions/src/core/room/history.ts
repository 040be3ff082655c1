import { z } from 'zod';
import { DELETED_NAME } from '../player/deletion.js';
import { unratedLateJoiners } from './results.js';
import type { RoomDoc } from './room.js';

/** Why a late joiner's game is unrated, in their history. */
export const JOINED_IN_PROGRESS = 'joined the game in progress';

/**
 * What a history row records: a settled game (read from its room, `gameRow`; stored as
 * `players/{uid}/history/{roomId}` by older releases), an operator's rating adjustment (`…/history/adjust:{auditId}`),
 * or the reversal of a voided game (`…/history/void:{roomId}`).
 */
export const historyKindSchema = z.enum(['game', 'adjustment', 'void']);

/** A row of a player's history, stored under `players/{uid}/history/{id}` (readable by the player alone) or read from a room. */
export const historyRowSchema = z.object({
  /** The room played, or voided; null for an adjustment. */
  roomId: z.string().nullable(),
  mode: z.string().nullable(),
  ladder: z.string(),
  /** How the game went; null for an adjustment or a void, which are no games. */
  outcome: z.enum(['win', 'loss', 'draw']).nullable(),
  ratingBefore: z.number().int(),
  ratingAfter: z.number().int(),
  delta: z.number().int(),
  settledAt: z.number().int(),
  /** Why the game changed no rating (a pair past the daily cap), or null for a rated game; absent in older rows. */
  unrated: z.string().nullable().default(null),
  /** Absent in older rows, which are all games. */
  kind: historyKindSchema.default('game'),
  /** The operator's reason, for an adjustment or a void; null for a game. */
  reason: z.string().nullable().default(null),
  /** On a game's row: when an operator voided the game (its `void:` row reverses it); null while it stands. */
  voidedAt: z.number().int().nullable().default(null),
  /** On a game's row: whether bots took seats in it (such a game moves no rating); absent in older rows. */
  bots: z.boolean().default(false),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

/** A history row with the id it is read under: the room's id for a game, `adjust:…` or `void:…` otherwise. */
export type HistoryEntry = HistoryRow & { id: string };

/**
 * A player's row for a settled room, read from the room itself: its rating change for them (with their outcome),
 * when it settled, why it went unrated, whether it was voided and whether bots sat in it. Settlement writes no
 * row of its own (one write per player per game saved); rooms settled by older releases have their stored row
 * (`outcome` is absent from their rating changes), so this gives null for them, as for a room not settled or a
 * player it did not rate.
 */
export function gameRow(room: RoomDoc, uid: string): HistoryRow | null {
  const change = room.ratingChanges?.[uid];
  if (room.status !== 'settled' || room.endedAt === null || !change?.outcome) return null;
  return {
    roomId: room.id,
    mode: room.mode,
    ladder: room.ladder,
    outcome: change.outcome,
    ratingBefore: change.before,
    ratingAfter: change.after,
    delta: change.delta,
    settledAt: room.endedAt,
    unrated: room.unrated?.reason ?? (unratedLateJoiners(room).has(uid) ? JOINED_IN_PROGRESS : null),
    kind: 'game',
    reason: null,
    voidedAt: room.voided?.at ?? null,
    bots: room.bots.length > 0,
  };
}

const newestFirst = (a: HistoryEntry, b: HistoryEntry) => b.settledAt - a.settledAt || (a.id < b.id ? -1 : 1);

/**
 * A player's history: their stored rows (adjustments, voids' reversals, and games settled before rows were read
 * from rooms) and the rows of their settled rooms, newest first, one per id (a stored row wins: it is the one an
 * older release kept up to date). A room that names the player as deleted is a tombstone, in no one's history.
 */
export function mergedHistory(uid: string, stored: readonly HistoryEntry[], rooms: readonly RoomDoc[]): HistoryEntry[] {
  const byId = new Map(stored.map((row) => [row.id, row]));
  for (const room of rooms) {
    const row = byId.has(room.id) || room.names[uid] === DELETED_NAME ? null : gameRow(room, uid);
    if (row) byId.set(room.id, { id: room.id, ...row });
  }
  return [...byId.values()].sort(newestFirst);
}
