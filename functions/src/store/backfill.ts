import { logger } from 'firebase-functions/v2';
import { openSeats } from '../core/mode/backfill.js';
import type { Pool } from '../core/mode/pool.js';
import { roomForLate, seatLate } from '../core/room/backfill.js';
import type { RoomDoc } from '../core/room/room.js';
import { followersInto } from '../core/queue/siblings.js';
import { matchedTicket, ticketGuard, toCoreTicket, type TicketDoc } from '../core/queue/ticket.js';
import { readStates } from './blocks.js';
import { countQueryReads } from './firestore/metrics.js';
import { roomRef, roomsRef, ticketRef } from './firestore/refs.js';
import { transaction, type Tx } from './firestore/tx.js';
import { readSiblings } from './siblings.js';
import type { LadderContext } from '../context.js';

/** How many open rooms a queueing looks at: the nearest in score among them is offered, so a few suffice. */
const OPEN_ROOMS_READ = 5;

/** Whether tickets of this pool may join its games in progress. */
export const backfills = (pool: Pool) => pool.mode.format.kind === 'ffa' && pool.mode.format.backfill !== null;

/**
 * Seats a ticket being queued in a game of its pool in progress, in the queueing's transaction, when no room formed
 * for it: the open rooms are found by a plain query (those whose window ends soonest), the one chosen is read again
 * with its players' states, and the ticket is created matched into it. Null when none fits; the ticket then waits.
 */
export async function joinInProgress(tx: Tx, pool: Pool, fresh: TicketDoc): Promise<RoomDoc | null> {
  const now = tx.ctx.clock.now();
  const found = await roomsRef(tx.ctx)
    .where('mode', '==', pool.id)
    .where('status', '==', 'active')
    .where('openUntil', '>', now)
    .orderBy('openUntil')
    .limit(OPEN_ROOMS_READ)
    .get();
  countQueryReads(tx.ctx, found.size, 'rooms');
  // Fitted without the players' guards first: only the room chosen is worth reading them for.
  const unguarded = found.docs.map((d) => ({ room: d.data(), guard: { avoid: [], recent: [] } }));
  const farming = tx.ctx.config.fairPlay.farming;
  const chosen = roomForLate(unguarded, toCoreTicket(fresh), pool.mode, farming, now);
  return chosen ? ((await seat(tx, pool, chosen.room.id, [], fresh))?.room ?? null) : null;
}

/**
 * Seats the queued tickets a sweep planned for a room in progress (core/room/backfill.ts `planBackfill`), in one
 * transaction that reads them again: those still queued and still fitting join, the others stay where they are.
 * Returns the ids of those that joined.
 */
export async function backfillRoom(ctx: LadderContext, pool: Pool, roomId: string, ticketIds: string[]) {
  const seated = await transaction(ctx, (tx) => seat(tx, pool, roomId, ticketIds));
  return seated?.tickets.map((t) => t.id) ?? [];
}

/**
 * Reads the room, its players' states (whom they block and met) and the tickets, and writes the room with those that
 * still fit, each matched into it with its siblings in other pools; returns the room and the tickets seated, or null
 * when none was. A fresh ticket is not read: it is created matched.
 */
async function seat(tx: Tx, pool: Pool, roomId: string, ticketIds: string[], fresh?: TicketDoc) {
  const [roomSnap, ...snaps] = await tx.getAll([
    roomRef(tx, roomId),
    ...ticketIds.map((id) => ticketRef(tx, pool.id, id)),
  ]);
  const room = roomSnap!.data() as RoomDoc | undefined;
  if (!room || openSeats(room) === 0) return null;
  const stillQueued = snaps.map((s) => s.data() as TicketDoc | undefined).filter((t) => t?.status === 'queued');
  const candidates = [...(stillQueued as TicketDoc[]), ...(fresh ? [fresh] : [])];
  const [states, siblings] = await Promise.all([
    readStates(tx, room.memberUids),
    readSiblings(
      tx,
      candidates.filter((t) => t !== fresh && t.alsoIn.length > 0),
    ),
  ]);
  const now = tx.ctx.clock.now();
  const farming = tx.ctx.config.fairPlay.farming;
  const guard = ticketGuard(states, farming, now);
  const next = seatLate({ room, guard }, candidates, pool.mode, farming, now);
  const inSeveral = next.seated.filter((t) => t !== fresh && t.alsoIn.length > 0);
  const followers = followersInto(inSeveral, siblings, room.id, pool.id, now);
  if (next.seated.length === 0 || !followers) return null;
  tx.set(roomRef(tx, room.id), next.room);
  for (const ticket of next.seated) {
    const matched = matchedTicket(ticket, room.id, now);
    if (ticket === fresh) tx.create(ticketRef(tx, ticket.mode, ticket.id), matched);
    else tx.set(ticketRef(tx, ticket.mode, ticket.id), matched);
  }
  for (const s of followers) tx.set(ticketRef(tx, s.mode, s.id), s);
  logger.info('late joiners seated in a game in progress', { roomId, joined: next.seated.length });
  return { room: next.room, tickets: next.seated };
}
