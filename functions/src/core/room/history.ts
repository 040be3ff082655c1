import { z } from 'zod';
import type { PlayerOutcome } from './results.js';
import type { RoomDoc } from './room.js';

/** `players/{uid}/history/{roomId}`: one row per settled game, readable by the player alone. */
export const historyRowSchema = z.object({
  roomId: z.string(),
  mode: z.string(),
  ladder: z.string(),
  outcome: z.enum(['win', 'loss', 'draw']),
  ratingBefore: z.number().int(),
  ratingAfter: z.number().int(),
  delta: z.number().int(),
  settledAt: z.number().int(),
  /** Why the game changed no rating (a pair past the daily cap), or null for a rated game; absent in older rows. */
  unrated: z.string().nullable().default(null),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

/** The history row a player gets for a settled room. */
export function historyRow(
  room: Pick<RoomDoc, 'id' | 'mode' | 'ladder'>,
  { update, outcome }: PlayerOutcome,
  nowMs: number,
  unrated: string | null = null,
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
  };
}
