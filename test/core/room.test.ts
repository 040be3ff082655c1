import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pendingRoom as pending, readyCheckMode as mode } from './pendingRoom.js';
import { reportOverdue, requireRoom, roomTickets, type RoomDoc } from '../../functions/src/core/room/room.js';
import { answerReadyCheck, expireReadyCheck, readyCheckOverdue } from '../../functions/src/core/room/readyCheck.js';
import { Failure } from '../../functions/src/core/errors.js';

const acceptAll = (room: RoomDoc, uids: string[]) =>
  uids.reduce((r, uid) => answerReadyCheck(r, uid, true, mode, 2_000).room, room);

describe('the ready check', () => {
  it('starts the room with the last acceptance, whatever the order, and sets the report deadline', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(['a', 'b', 'c', 'd'], { minLength: 4 }), (order) => {
        const room = acceptAll(pending(), order);
        expect(room.status).toBe('active');
        expect(room.reportDeadline).toBe(2_000 + mode.reportTimeoutSeconds * 1000);
      }),
    );
    expect(acceptAll(pending(), ['a', 'b', 'c']).status).toBe('pending');
  });

  it('requeues only whole tickets whose members all accepted, and cools down the decliner alone', () => {
    const room = acceptAll(pending(), ['a', 'c']);
    const { room: cancelled, cancellation } = answerReadyCheck(room, 'd', false, mode, 3_000);
    expect(cancelled.status).toBe('cancelled');
    // The party (a, b) is not requeued: b never accepted. c's solo ticket is.
    expect(cancellation!.requeue.map((t) => t.ticketId)).toEqual(['t2']);
    expect(cancellation!.cooldown).toEqual(['d']);
  });

  it('treats everyone who saw the check and had not accepted by the deadline as declining', () => {
    const { room, cancellation } = expireReadyCheck(acceptAll(pending(), ['a', 'b']), 30_000, () => true);
    expect(room.status).toBe('cancelled');
    expect(cancellation!.requeue.map((t) => t.ticketId)).toEqual(['t1']);
    expect(cancellation!.cooldown.sort()).toEqual(['c', 'd']);
  });

  it('penalises nobody for a ready check their client never showed', () => {
    const uids = ['a', 'b', 'c', 'd'];
    fc.assert(
      fc.property(fc.subarray(uids, { maxLength: 3 }), fc.subarray(uids), (accepting, seen) => {
        const { room, cancellation } = expireReadyCheck(acceptAll(pending(), accepting), 30_000, (uid) =>
          seen.includes(uid),
        );
        expect(room.status).toBe('cancelled');
        // Exactly the players who saw the check and let it run out cool down.
        expect([...cancellation!.cooldown].sort()).toEqual(
          uids.filter((u) => seen.includes(u) && !accepting.includes(u)),
        );
      }),
    );
  });

  it('answers a repeated acceptance with the room unchanged, even once it started', () => {
    const active = acceptAll(pending(), ['a', 'b', 'c', 'd']);
    expect(answerReadyCheck(active, 'a', true, mode, 9_000).room).toBe(active);
  });

  it('refuses strangers and answers after the check is over', () => {
    expect(() => answerReadyCheck(pending(), 'x', true, mode, 2_000)).toThrow(Failure);
    const active = acceptAll(pending(), ['a', 'b', 'c', 'd']);
    expect(() => answerReadyCheck(active, 'a', false, mode, 2_000)).toThrow(/ready check is over/);
  });

  it('lists every ticket of every side once', () => {
    expect(roomTickets(pending()).map((t) => t.ticketId)).toEqual(['t1', 't2', 't3']);
  });
});

describe('room deadlines', () => {
  it('finds a pending room overdue once its ready check deadline passes', () => {
    expect(readyCheckOverdue(pending(), 20_999)).toBe(false);
    expect(readyCheckOverdue(pending(), 21_000)).toBe(true);
    expect(readyCheckOverdue({ ...pending(), status: 'cancelled' }, 30_000)).toBe(false);
  });

  it('finds a started, live room overdue once its report deadline passes', () => {
    const active: RoomDoc = { ...pending(), status: 'active', reportDeadline: 50_000 };
    expect(reportOverdue(active, 49_999)).toBe(false);
    expect(reportOverdue(active, 50_000)).toBe(true);
    expect(reportOverdue({ ...active, status: 'disputed' }, 50_000)).toBe(true);
    expect(reportOverdue({ ...active, status: 'settled' }, 50_000)).toBe(false);
    expect(reportOverdue({ ...pending(), reportDeadline: 0 }, 50_000)).toBe(false);
  });

  it('refuses a room that does not exist', () => {
    expect(() => requireRoom(undefined, 'r9')).toThrow(/There is no room r9/);
    expect(requireRoom(pending(), 'r')).toEqual(pending());
  });
});
