import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { fail } from '../core/errors.js';
import { proposalTickets, violations, type MatchProposal } from '../core/match/index.js';
import type { Mode } from '../core/modes.js';
import { endTicket, newTicket, type TicketDoc } from '../core/queue.js';
import {
  answerReadyCheck,
  expireReadyCheck,
  newRoom,
  type Cancellation,
  type ReadyCheckStep,
  type RoomDoc,
} from '../core/room.js';
import { config } from '../config.js';
import { playerStateRef } from './players.js';
import { partyRef, roomRef, ticketRef } from './refs.js';
import { transaction, type Tx } from './tx.js';

/**
 * Commits a proposal as a room, in one short transaction that re-reads exactly the proposal's tickets: if
 * any is no longer queued (matched elsewhere, cancelled, expired) it gives up and returns null, so a
 * ticket is matched at most once whoever proposes it. Player states are not written: a player's ticket,
 * now pointing at the room, already says where they are.
 */
export function commitMatch(modeId: string, proposal: MatchProposal): Promise<RoomDoc | null> {
  const mode = config.modes[modeId]!;
  const broken = violations(mode, proposal);
  if (broken.length > 0) {
    // The core never proposes such a match; refusing it keeps a bug from reaching players.
    logger.error("matcher proposed a match that breaks its mode's rules; not committed", { modeId, broken });
    return Promise.resolve(null);
  }
  return transaction(async (tx) => {
    const ids = proposalTickets(proposal).map((t) => t.id);
    const snaps = await tx.getAll(ids.map((id) => ticketRef(modeId, id)));
    const tickets = new Map<string, TicketDoc>();
    for (const snap of snaps) {
      const ticket = snap.data() as TicketDoc | undefined;
      if (ticket?.status !== 'queued') return null;
      tickets.set(ticket.id, ticket);
    }
    const now = Date.now();
    const room = newRoom(randomUUID(), modeId, mode, proposal, tickets, now);
    tx.create(roomRef(room.id), room);
    for (const ticket of tickets.values()) {
      tx.set(ticketRef(modeId, ticket.id), {
        ...endTicket(ticket, 'matched', `matched into room ${room.id}`, now),
        roomId: room.id,
      });
    }
    return room;
  });
}

/** Sends whole, fully accepted tickets back to the pool with their original enqueue time; cools decliners down. */
function applyCancellation(tx: Tx, room: RoomDoc, mode: Mode, cancellation: Cancellation, nowMs: number) {
  for (const matched of cancellation.requeue) {
    const ticket = newTicket(
      {
        id: randomUUID(),
        mode: room.mode,
        members: matched.members,
        names: Object.fromEntries(matched.members.map((m) => [m.uid, room.names[m.uid] ?? m.uid])),
        score: matched.score,
        partyId: matched.partyId,
        ownerUid: matched.ownerUid,
        enqueuedAt: matched.enqueuedAt,
        ttlSeconds: mode.ticketTtlSeconds,
      },
      nowMs,
    );
    tx.create(ticketRef(room.mode, ticket.id), ticket);
    for (const { uid } of matched.members)
      tx.update(playerStateRef(uid), { mode: room.mode, ticketId: ticket.id, updatedAt: nowMs });
    if (matched.partyId)
      tx.update(partyRef(matched.partyId), { mode: room.mode, ticketId: ticket.id, updatedAt: nowMs });
  }
  const cooldownUntil = nowMs + (mode.readyCheck?.declineCooldownSeconds ?? 0) * 1000;
  for (const uid of cancellation.cooldown) tx.update(playerStateRef(uid), { cooldownUntil, updatedAt: nowMs });
}

async function stepReadyCheck(
  roomId: string,
  step: (room: RoomDoc, mode: Mode, nowMs: number) => ReadyCheckStep | null,
) {
  return transaction(async (tx) => {
    const room = (await tx.get(roomRef(roomId))).data();
    if (!room) fail('not-found', `There is no room ${roomId}.`);
    const mode = config.modes[room.mode]!;
    const now = Date.now();
    const next = step(room, mode, now);
    if (!next || next.room === room) return room;
    tx.set(roomRef(roomId), next.room);
    if (next.cancellation) applyCancellation(tx, room, mode, next.cancellation, now);
    return next.room;
  });
}

export function respondToReadyCheck(uid: string, roomId: string, accept: boolean) {
  return stepReadyCheck(roomId, (room, mode, now) => answerReadyCheck(room, uid, accept, mode, now));
}

/** Run by the matcher when a pending room's ready check runs out; harmless if it was answered meanwhile. */
export function expireOverdueReadyCheck(roomId: string) {
  return stepReadyCheck(roomId, (room, _mode, now) =>
    room.status === 'pending' && room.readyCheck && room.readyCheck.deadline <= now
      ? expireReadyCheck(room, now)
      : null,
  );
}
