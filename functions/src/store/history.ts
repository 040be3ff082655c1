import type { QuerySnapshot } from 'firebase-admin/firestore';
import { mergedHistory, type HistoryEntry, type HistoryRow } from '../core/room/history.js';
import type { RoomDoc } from '../core/room/room.js';
import { countQueryReads } from './firestore/metrics.js';
import { historyOf, type On, roomsRef } from './firestore/refs.js';
import type { LadderContext } from '../context.js';

/** Every room a player sat in, whatever its status (account deletion and the data export need them all). */
export const roomsOf = (on: On, uid: string) => roomsRef(on).where('memberUids', 'array-contains', uid);

/** A player's history from their stored rows and their rooms as queried, newest first (core/room/history.ts). */
export const historyFrom = (uid: string, rows: QuerySnapshot<HistoryRow>, rooms: QuerySnapshot<RoomDoc>) =>
  mergedHistory(
    uid,
    rows.docs.map((d) => ({ id: d.id, ...d.data() })),
    rooms.docs.map((d) => d.data()),
  );

/** A page of history: at most `limit` rows (all when absent), settled before `before` (ms) when given. */
export interface HistoryPage {
  limit?: number;
  before?: number;
}

/**
 * A player's history, newest first: their stored rows (adjustments, reversals, games settled by older releases)
 * and their settled rooms, which are the rows of their games (core/room/history.ts). Two queries of at most
 * `limit` documents each; their merge holds the page's rows, since each source's newest `limit` hold its share
 * of them.
 */
export async function readHistory(ctx: LadderContext, uid: string, page: HistoryPage = {}): Promise<HistoryEntry[]> {
  let stored = historyOf(ctx, uid).orderBy('settledAt', 'desc');
  let rooms = roomsOf(ctx, uid).where('status', '==', 'settled').orderBy('endedAt', 'desc');
  if (page.before !== undefined) {
    stored = stored.where('settledAt', '<', page.before);
    rooms = rooms.where('endedAt', '<', page.before);
  }
  if (page.limit !== undefined) [stored, rooms] = [stored.limit(page.limit), rooms.limit(page.limit)];
  const [rows, settled] = await Promise.all([stored.get(), rooms.get()]);
  countQueryReads(ctx, rows.size, 'history');
  countQueryReads(ctx, settled.size, 'rooms');
  const merged = historyFrom(uid, rows, settled);
  return merged.slice(0, page.limit ?? merged.length);
}
