import { idleState } from '../core/player/player.js';
import { presenceOf, type Presence } from '../core/queue/presence.js';
import type { PoolId } from '../core/mode/pool.js';
import type { TicketDoc } from '../core/queue/ticket.js';
import { isLive, type RoomDoc } from '../core/room/room.js';
import { readPlayers, type ReadPlayersOptions } from './players.js';
import { playerStateRef, roomRef, ticketRef } from './firestore/refs.js';
import type { Tx } from './firestore/tx.js';
import { assertNotDeleted } from './sessions.js';
import { readSiblings } from './siblings.js';

export interface TicketPointer {
  /** The ticket's pool, as the pointing document names it. */
  mode: PoolId | null;
  ticketId: string | null;
}

/**
 * Reads the tickets these pointers name, then the rooms those tickets were matched into and the siblings of
 * those still queued in several pools (two rounds of reads at most), so a transaction can tell who is queued, in
 * a room, or free, and end a queueing everywhere it waits.
 */
export async function readTicketsAndRooms(tx: Tx, pointers: TicketPointer[]) {
  const wanted = new Map<string, PoolId>();
  for (const { mode, ticketId } of pointers) if (mode && ticketId) wanted.set(ticketId, mode);
  const tickets = new Map<string, TicketDoc>();
  for (const snap of await tx.getAll([...wanted].map(([id, mode]) => ticketRef(tx, mode, id)))) {
    if (snap.exists) tickets.set(snap.id, snap.data() as TicketDoc);
  }
  const roomIds = new Set([...tickets.values()].flatMap((t) => (t.status === 'matched' && t.roomId ? [t.roomId] : [])));
  const rooms = new Map<string, RoomDoc>();
  const inSeveral = [...tickets.values()].filter((t) => t.status === 'queued' && t.alsoIn.length > 0);
  const [roomSnaps, siblings] = await Promise.all([
    tx.getAll([...roomIds].map((id: string) => roomRef(tx, id))),
    readSiblings(tx, inSeveral),
  ]);
  for (const snap of roomSnaps) if (snap.exists) rooms.set(snap.id, snap.data() as RoomDoc);
  return {
    tickets,
    rooms,
    /** A queued ticket's siblings (none for a ticket in one pool). */
    siblingsOf: (ticketId: string) => siblings.get(ticketId) ?? [],
    presence(pointer: TicketPointer): Presence {
      const ticket = pointer.ticketId ? tickets.get(pointer.ticketId) : undefined;
      const room = ticket?.roomId ? rooms.get(ticket.roomId) : undefined;
      return presenceOf(pointer, ticket, room && { id: room.id, live: isLive(room.status), mode: room.mode });
    },
  };
}

/** Players (profiles created on first use) with where each one is, plus the presence of any other pointers. */
export async function readPlayersWithPresence(
  tx: Tx,
  uids: string[],
  others: TicketPointer[] = [],
  options?: ReadPlayersOptions,
) {
  const players = await readPlayers(tx, uids, options);
  const resolved = await readTicketsAndRooms(tx, [...uids.map((uid) => players.get(uid).state), ...others]);
  return { players, ...resolved, presenceOf: (uid: string) => resolved.presence(players.get(uid).state) };
}

/** Where the calling player is, from their state alone: for calls that need no profile (heartbeat, cancel). */
export async function readPresence(tx: Tx, uid: string) {
  const snap = await tx.get(playerStateRef(tx, uid));
  if (!snap.exists) await assertNotDeleted(tx, [uid], uid);
  const state = snap.data() ?? idleState(tx.ctx.clock.now());
  const resolved = await readTicketsAndRooms(tx, [state]);
  const { tickets, rooms, siblingsOf } = resolved;
  return { state, tickets, rooms, siblingsOf, presence: resolved.presence(state) };
}
