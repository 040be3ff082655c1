import { randomUUID } from 'node:crypto';
import type { Ticket } from '../core/match/ticket.js';
import type { Pool } from '../core/mode/pool.js';
import type { Party } from '../core/player/party.js';
import { matchedTicket, queuedTicket, toCoreTicket, type TicketDoc } from '../core/queue/ticket.js';
import {
  askRematch,
  assertCanRematch,
  declineRematch as refuse,
  declinedByQueueing,
  rematchProposal,
  rematchUnrated,
  waitingFor,
} from '../core/room/rematch.js';
import type { RematchState } from '../core/room/rematchState.js';
import { newRoom, requireRoom, roomTickets, type RoomDoc } from '../core/room/room.js';
import { readPlayersWithPresence } from './presence.js';
import { partyRef, roomRef, ticketRef } from './firestore/refs.js';
import { transaction, type Tx } from './firestore/tx.js';
import { seasonNow } from './extension.js';
import type { LadderContext } from '../context.js';

type Players = Awaited<ReturnType<typeof readPlayersWithPresence>>['players'];

/**
 * A player asks to play a settled room again. One transaction: the ask is recorded on the settled room (with
 * whether the rematch would be rated, so players know before they play); the last ask forms the new room at
 * once, with a matched ticket per old ticket so every player's presence points at it, as after the queue.
 */
export function requestRematch(
  ctx: LadderContext,
  uid: string,
  roomId: string,
): Promise<{ room: RoomDoc; rematch: RoomDoc | null }> {
  return transaction(ctx, async (tx) => {
    const room = requireRoom((await tx.get(roomRef(ctx, roomId))).data(), roomId);
    const pool = ctx.poolOf(room);
    const asked = askRematch(room, uid, pool.mode.rematch, ctx.clock.now());
    const everyone = waitingFor(room, asked).length === 0;
    const { players, presenceOf } = await readPlayersWithPresence(tx, room.memberUids, [], { caller: uid });
    const partyIds = [...new Set(roomTickets(room).flatMap((t) => (t.partyId ? [t.partyId] : [])))];
    const parties = everyone ? await tx.getAll(partyIds.map((id: string) => partyRef(ctx, id))) : [];
    const now = ctx.clock.now();
    // Read before any write: the season the rematch counts for, extensions included.
    const season = everyone ? await seasonNow(ctx, pool.ladderId, now, tx) : null;
    assertCanRematch(room, everyone ? room.memberUids : [uid], presenceOf, (u) =>
      players.get(u).state.blocked.map((b) => b.uid),
    );
    const meetings = new Map(room.memberUids.map((u) => [u, players.get(u).state.meetings]));
    const state = { ...asked, unrated: rematchUnrated(room, meetings, ctx.config.fairPlay.farming, now) };
    const rematch = everyone
      ? formRematch(
          tx,
          room,
          pool,
          players,
          parties.map((p) => p.data() as Party | undefined),
          now,
          season,
        )
      : null;
    if (!rematch) markAsked(players, room, state);
    const updated = { ...room, rematch: { ...state, roomId: rematch?.id ?? null }, updatedAt: now };
    tx.set(roomRef(ctx, room.id), updated);
    return { room: updated, rematch };
  });
}

/**
 * Every player of the room carries the open request on their state, which queueing reads anyway: whoever
 * queues for another game meanwhile declines it (store/queue.ts), and the players who asked see that.
 */
function markAsked(players: Players, room: RoomDoc, state: Pick<RematchState, 'deadline'>) {
  for (const uid of room.memberUids) {
    const ask = players.get(uid).state.rematchAsk;
    if (ask?.roomId !== room.id || ask.deadline !== state.deadline)
      players.updateState(uid, { rematchAsk: { roomId: room.id, deadline: state.deadline } });
  }
  players.write();
}

/** A player of a settled room says no to its open rematch request; the players who asked see it declined. */
export function declineRematch(ctx: LadderContext, uid: string, roomId: string): Promise<{ room: RoomDoc }> {
  return transaction(ctx, async (tx) => {
    const room = requireRoom((await tx.get(roomRef(ctx, roomId))).data(), roomId);
    const now = ctx.clock.now();
    const rematch = refuse(room, uid, ctx.poolOf(room).mode.rematch, now);
    const updated = { ...room, rematch, updatedAt: now };
    tx.set(roomRef(ctx, room.id), updated);
    return { room: updated };
  });
}

/** Writes the rematch's room, its matched tickets and the players' and parties' pointers to them. */
function formRematch(
  tx: Tx,
  room: RoomDoc,
  pool: Pool,
  players: Players,
  parties: (Party | undefined)[],
  now: number,
  season: string | null,
): RoomDoc {
  const id = randomUUID();
  const fresh = new Map<string, Ticket>();
  const docs = new Map<string, TicketDoc>();
  for (const old of roomTickets(room)) {
    const members = old.members.map((m) => players.get(m.uid).player);
    const owner = { uid: old.ownerUid, partyId: old.partyId };
    // No guard: nobody queues on these tickets; they are matched from the start.
    const ticket = queuedTicket(randomUUID(), pool, owner, members, { avoid: [], recent: [] }, now);
    fresh.set(old.ticketId, toCoreTicket(ticket));
    docs.set(ticket.id, matchedTicket(ticket, id, now));
  }
  const proposal = rematchProposal(room, fresh, pool.mode.rematch?.swapSides ?? false, now);
  // The rematch plays what the room played: its fresh tickets chose nothing.
  const next: RoomDoc = { ...newRoom(id, pool, proposal, docs, now, season, [], room.agreed), rematchOf: room.id };
  tx.create(roomRef(tx, id), next);
  for (const doc of docs.values()) {
    tx.create(ticketRef(tx, pool.id, doc.id), doc);
    // The request formed: nothing is left for queueing to decline.
    for (const uid of doc.memberUids) players.updateState(uid, { mode: pool.id, ticketId: doc.id, rematchAsk: null });
    const party = parties.find((p) => p?.id === doc.partyId);
    if (party) tx.set(partyRef(tx, party.id), { ...party, mode: pool.id, ticketId: doc.id, updatedAt: now });
  }
  players.write();
  return next;
}

/**
 * In an enqueue's transaction, after its players were read: the open rematch requests they were asked to, which
 * their queueing for another game declines. Reads the rooms now (only when a request is open: a read queueing
 * pays for nothing else) and returns what writes the declines, for after the transaction's last read.
 */
export async function declineAsksByQueueing(tx: Tx, players: Players, uids: readonly string[], nowMs: number) {
  const asks = new Map<string, { uid: string; deadline: number }>();
  for (const uid of uids) {
    const ask = players.get(uid).state.rematchAsk;
    if (ask && ask.deadline >= nowMs && !asks.has(ask.roomId)) asks.set(ask.roomId, { uid, deadline: ask.deadline });
  }
  const rooms = await tx.getAll([...asks.keys()].map((id: string) => roomRef(tx, id)));
  return () => {
    for (const uid of uids) if (players.get(uid).state.rematchAsk) players.updateState(uid, { rematchAsk: null });
    [...asks.values()].forEach(({ uid, deadline }, i) => {
      const room = rooms[i]!.data() as RoomDoc | undefined;
      const rematch = declinedByQueueing(room, uid, deadline, nowMs);
      if (room && rematch) tx.set(roomRef(tx, room.id), { ...room, rematch, updatedAt: nowMs });
    });
  };
}
