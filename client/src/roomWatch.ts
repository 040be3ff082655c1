import { backoffDelay } from './backoff.js';
import type { Room } from './types.js';

/**
 * How long a matched ticket's room may stay unseen before it is read again by hand: the room is committed with
 * the ticket, so its listener normally answers within a second.
 */
export const ROOM_UNSEEN_MS = 2_000;

/**
 * How long past a deadline the room may stay as it was before it is read again by hand: the matcher acts on a
 * passed deadline at its next sweep (every 2 s by default, with a gap of a few seconds between its runs).
 */
export const OVERDUE_GRACE_MS = 5_000;

/** Re-reads of a room that is still overdue on the server (the matcher is late) back off up to this. */
const OVERDUE_MAX_GAP_MS = 30_000;

/** What a feed knows of the room it follows: the copy last seen, since when, and how many re-reads found no news. */
export interface RoomWatch {
  room: Room | undefined;
  /** When the copy was last seen to change, or last read again by hand without news (ms since the epoch). */
  since: number;
  attempt: number;
}

/**
 * By when the server must change the room as it stands: a pending room's ready check runs out, a started
 * room's report deadline passes. Null when nothing about the room is bound to change by a known time (it is
 * over, or waits on no deadline).
 */
export function roomDueAt(room: Room): number | null {
  switch (room.status) {
    case 'pending':
      return room.readyCheck?.deadline ?? null;
    case 'active':
    case 'disputed':
      return room.reportDeadline;
    default:
      return null;
  }
}

/** Whether a copy of the room is news to a watch holding `known`: the first, or a later write (not an older one). */
export const roomChanged = (known: Room | undefined, copy: Room) =>
  !known || known.id !== copy.id || copy.updatedAt > known.updatedAt;

/**
 * When to read the followed room again by hand (ms since the epoch), or null for never (while it stays as it
 * is): an unseen room soon after the watch began or last looked; a seen room once its deadline is past by the
 * grace, then again with backoff for as long as each read finds it unchanged.
 */
export function nextRoomCheck(watch: RoomWatch, random: () => number = Math.random): number | null {
  if (!watch.room) return watch.since + ROOM_UNSEEN_MS + backoffDelay(watch.attempt, { baseMs: 500, random });
  const due = roomDueAt(watch.room);
  if (due === null) return null;
  const gap = backoffDelay(watch.attempt, { baseMs: 1_000, maxMs: OVERDUE_MAX_GAP_MS, random });
  return Math.max(due + OVERDUE_GRACE_MS, watch.since + gap);
}
