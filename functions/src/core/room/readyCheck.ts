/**
 * The ready check: a room starts pending and every player accepts within the mode's time, or it is called off
 * (tickets whose members all accepted go back to the pool; who declined, or saw the check and let it run out,
 * cools down).
 */
import { z } from 'zod';
import { fail } from '../errors.js';
import { backfillOnStart, withOpening } from '../mode/backfill.js';
import type { Mode } from '../mode/modes.js';
import type { RoomTicket } from '../queue/ticket.js';
import { roomTickets, type RoomDoc } from './room.js';

/** A cancelled ready check: which tickets go back to the pool, and who is kept out for the cooldown. */
export interface Cancellation {
  requeue: RoomTicket[];
  cooldown: string[];
}

export interface ReadyCheckStep {
  room: RoomDoc;
  cancellation: Cancellation | null;
}

function cancel(room: RoomDoc, penalised: string[], reason: string, nowMs: number): ReadyCheckStep {
  const accepted = new Set(room.readyCheck?.accepted ?? []);
  return {
    room: { ...room, status: 'cancelled', updatedAt: nowMs, endedAt: nowMs, endReason: reason },
    cancellation: {
      // A ticket returns only whole: a party with one member who did not accept is freed, not requeued.
      requeue: roomTickets(room).filter((t) => t.members.every((m) => accepted.has(m.uid))),
      cooldown: penalised,
    },
  };
}

/**
 * A player's answer to the ready check. Accepting twice changes nothing; the last acceptance starts the room;
 * a decline cancels it at once (players who had not answered yet are freed without a cooldown).
 */
export function answerReadyCheck(
  room: RoomDoc,
  uid: string,
  accept: boolean,
  mode: Mode,
  nowMs: number,
): ReadyCheckStep {
  if (!room.memberUids.includes(uid)) fail('permission-denied', 'You are not a player in this room.');
  const check = room.readyCheck;
  if (!check) fail('failed-precondition', 'This room has no ready check.');
  // A retried acceptance is answered with the room as it now is.
  if (accept && check.accepted.includes(uid)) return { room, cancellation: null };
  if (room.status !== 'pending') fail('failed-precondition', `The ready check is over: the room is ${room.status}.`);
  if (accept) {
    const accepted = [...check.accepted, uid];
    const everyone = accepted.length === room.memberUids.length;
    return {
      room: withOpening({
        ...room,
        readyCheck: { ...check, accepted },
        status: everyone ? 'active' : 'pending',
        reportDeadline: everyone ? nowMs + mode.reportTimeoutSeconds * 1000 : null,
        // Play starts now, and with it the window for late joiners.
        backfill: everyone ? backfillOnStart(mode.format, nowMs) : null,
        updatedAt: nowMs,
      }),
      cancellation: null,
    };
  }
  const declined = { ...room, readyCheck: { ...check, declined: [...check.declined, uid] } };
  return cancel(declined, [uid], `ready check declined by ${uid}`, nowMs);
}

/** `rooms/{id}/seen/{uid}`: the player's client showed them the ready check (kept off the busy room document). */
export const readyCheckSeenSchema = z.object({ uid: z.string(), at: z.number() });
export type ReadyCheckSeen = z.infer<typeof readyCheckSeenSchema>;

/** Whether a player's word that they see the ready check is worth recording: only while it is open. */
export function readyCheckOpenTo(room: RoomDoc, uid: string): boolean {
  if (!room.memberUids.includes(uid)) fail('permission-denied', 'You are not a player in this room.');
  return room.status === 'pending' && room.readyCheck !== null;
}

/** Who did not accept the room's ready check. */
export const silentPlayers = (room: RoomDoc): string[] => {
  const accepted = new Set(room.readyCheck?.accepted ?? []);
  return room.memberUids.filter((uid) => !accepted.has(uid));
};

/**
 * The ready check ran out: the room is called off. Who saw the check and let it run out cools down as a
 * decliner does; a player whose client never showed it (`saw` says, from what clients confirmed) is freed
 * without a penalty, since a lost listener or a dropped connection is not a dodge.
 */
export function expireReadyCheck(room: RoomDoc, nowMs: number, saw: (uid: string) => boolean): ReadyCheckStep {
  return cancel(room, silentPlayers(room).filter(saw), 'ready check timed out', nowMs);
}

/** A pending room whose ready check ran out: the matcher cancels it. */
export function readyCheckOverdue(room: RoomDoc, nowMs: number): boolean {
  return room.status === 'pending' && room.readyCheck !== null && room.readyCheck.deadline <= nowMs;
}
