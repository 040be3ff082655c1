import { z } from 'zod';

/**
 * Backfill of a free-for-all mode (core/room/backfill.ts): a room in play takes late joiners from the queue while
 * it has fewer players than the mode's maximum (it started below it, or players left), for `windowSeconds` after
 * its start and until its first report.
 */
export const backfillSchema = z.strictObject({
  /** How long after a room starts it takes late joiners. */
  windowSeconds: z.number().int().min(1).max(3600),
  /**
   * Whether a late joiner's game moves their rating. Off by default: they missed part of a game the others
   * played whole, so they play it unrated, and the others' changes are worked out among those who started it.
   */
  rated: z.boolean().default(false),
});
export type Backfill = z.infer<typeof backfillSchema>;

/** What a room of a mode with backfill keeps from it when it starts: its window's end, `rated`, its most players. */
export const roomBackfillSchema = z.object({
  until: z.number().int(),
  rated: z.boolean(),
  maxPlayers: z.number().int(),
});
export type RoomBackfill = z.infer<typeof roomBackfillSchema>;

/**
 * The most players a free-for-all room may hold, late joiners and leavers included, which also bounds a report's
 * placements.
 */
export const MAX_FFA_PLAYERS = 100;

/** A room starting at `nowMs` in a mode of this format: its backfill, or null when the mode has none. */
export function backfillOnStart(
  format: { kind: 'team' } | { kind: 'ffa'; maxPlayers: number; backfill: Backfill | null },
  nowMs: number,
): RoomBackfill | null {
  if (format.kind !== 'ffa' || !format.backfill) return null;
  const { windowSeconds, rated } = format.backfill;
  return { until: nowMs + windowSeconds * 1000, rated, maxPlayers: format.maxPlayers };
}

/** What seats depend on, of a room. */
export interface SeatedRoom {
  status: string;
  memberUids: readonly string[];
  forfeits: readonly string[];
  reports: Readonly<Record<string, unknown>>;
  bots: readonly unknown[];
  backfill: RoomBackfill | null;
}

/**
 * The seats a room has open for late joiners: as many as it lacks of its mode's maximum, counting only players who
 * have not left, while it is in play and nobody has reported (a report means the game is over). None without
 * backfill, in a room seated with bots, or once it lists as many players as a report may place.
 */
export function openSeats(room: SeatedRoom): number {
  if (!room.backfill || room.status !== 'active' || room.bots.length > 0) return 0;
  if (Object.keys(room.reports).length > 0) return 0;
  const playing = room.memberUids.length - room.forfeits.length;
  return Math.max(0, Math.min(room.backfill.maxPlayers - playing, MAX_FFA_PLAYERS - room.memberUids.length));
}

/**
 * The room with `openUntil` brought up to date: its backfill window's end while it has open seats, else null. The
 * queue finds open rooms by this field, so each change to the seats of a room in play sets it again: play starting,
 * a player joining or leaving, a report. A room that ends needs none: the query asks for rooms in play.
 */
export function withOpening<T extends SeatedRoom & { openUntil: number | null }>(room: T): T {
  const openUntil = openSeats(room) > 0 ? room.backfill!.until : null;
  return openUntil === room.openUntil ? room : { ...room, openUntil };
}
