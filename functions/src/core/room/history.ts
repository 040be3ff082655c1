import { z } from 'zod';
import type { PlayerOutcome } from './results.js';
import type { RoomDoc } from './room.js';

/**
 * What a history row records: a settled game (`players/{uid}/history/{roomId}`), an operator's rating adjustment
 * (`…/history/adjust:{auditId}`), or the reversal of a voided game (`…/history/void:{roomId}`).
 */
export const historyKindSchema = z.enum(['game', 'adjustment', 'void']);

/** `players/{uid}/history/{id}`: one row per settled game or operator correction, readable by the player alone. */
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

/** The history row a player gets for a settled room. */
export function historyRow(
  room: Pick<RoomDoc, 'id' | 'mode' | 'ladder'>,
  { update, outcome }: PlayerOutcome,
  nowMs: number,
  unrated: string | null = null,
  bots = false,
): HistoryRow {
  return {
    roomId: room.id,
    mode: room.mode,
    ladder: room.ladder,
    outcome,
    ratingBefore: update.before,
    ratingAfter: update.after,
    delta: update.delta,
    settledAt: nowMs,
    unrated,
    kind: 'game',
    reason: null,
    voidedAt: null,
    bots,
  };
}
