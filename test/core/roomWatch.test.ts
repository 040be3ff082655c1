import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Room } from '@ladder/client';
import { backoffDelay } from '../../client/src/backoff.js';
import {
  nextRoomCheck,
  OVERDUE_GRACE_MS,
  ROOM_UNSEEN_MS,
  roomChanged,
  roomDueAt,
  type RoomWatch,
} from '../../client/src/roomWatch.js';
import { answerReadyCheck, expireReadyCheck, readyCheckOverdue } from '../../functions/src/core/room/readyCheck.js';
import { reportOverdue, type RoomDoc } from '../../functions/src/core/room/room.js';
import { pendingRoom, readyCheckMode as mode } from './pendingRoom.js';

const statuses = ['pending', 'active', 'disputed', 'settled', 'voided', 'cancelled'] as const;

/** Any room as far as deadlines go: any status, with or without a ready check and a report deadline. */
const anyRoom = fc
  .record({
    status: fc.constantFrom(...statuses),
    readyCheck: fc.option(fc.integer({ min: 0, max: 1e12 }), { nil: null }),
    reportDeadline: fc.option(fc.integer({ min: 0, max: 1e12 }), { nil: null }),
    updatedAt: fc.integer({ min: 0, max: 1e12 }),
  })
  .map(
    ({ status, readyCheck, reportDeadline, updatedAt }): RoomDoc => ({
      ...pendingRoom(),
      status,
      readyCheck: readyCheck === null ? null : { deadline: readyCheck, accepted: [], declined: [] },
      reportDeadline,
      updatedAt,
    }),
  );

const seen = (room: Room, since: number, attempt = 0): RoomWatch => ({ room, since, attempt });
const fixed = (r: number) => () => r;

describe("the client's watch on a followed room", () => {
  it("holds a room due exactly when the server's matcher takes it to be overdue", () => {
    fc.assert(
      fc.property(anyRoom, fc.integer({ min: 0, max: 1e12 }), (room, now) => {
        const due = roomDueAt(room);
        expect(due !== null && now >= due).toBe(readyCheckOverdue(room, now) || reportOverdue(room, now));
      }),
    );
  });

  it('reads a seen room again only once its deadline has passed by the grace, and never one with nothing due', () => {
    fc.assert(
      fc.property(
        anyRoom,
        fc.integer({ min: 0, max: 1e12 }),
        fc.nat(20),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (room, since, attempt, r) => {
          const at = nextRoomCheck(seen(room, since, attempt), fixed(r));
          const due = roomDueAt(room);
          if (due === null) {
            expect(at).toBeNull();
            return;
          }
          expect(at).toBeGreaterThanOrEqual(due + OVERDUE_GRACE_MS);
          // After a read that found no news, the next waits its backoff, however long overdue the room is.
          expect(at).toBeGreaterThanOrEqual(
            since + backoffDelay(attempt, { baseMs: 1_000, maxMs: 30_000, random: fixed(r) }),
          );
          expect(at! - Math.max(due + OVERDUE_GRACE_MS, since)).toBeLessThanOrEqual(36_000);
        },
      ),
    );
  });

  it('checks a room seen well before its deadline just once, the grace after it', () => {
    const room = pendingRoom();
    expect(nextRoomCheck(seen(room, 1_500), fixed(0.5))).toBe(21_000 + OVERDUE_GRACE_MS);
  });

  it('backs off, up to half a minute apart, while each read finds the overdue room unchanged', () => {
    const room = pendingRoom();
    let watch = seen(room, 30_000);
    const gaps: number[] = [];
    for (let i = 0; i < 10; i++) {
      const at = nextRoomCheck(watch, fixed(0.5))!;
      gaps.push(at - watch.since);
      watch = { ...watch, since: at, attempt: watch.attempt + 1 };
    }
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('stops checking once the server moved the room on: started rooms wait for their report deadline, ended ones for nothing', () => {
    const pending = pendingRoom();
    let started = pending;
    for (const uid of pending.memberUids) started = answerReadyCheck(started, uid, true, mode, 2_000).room;
    expect(started.status).toBe('active');
    expect(roomChanged(pending, started)).toBe(true);
    expect(nextRoomCheck(seen(started, 2_000), fixed(0.5))).toBe(started.reportDeadline! + OVERDUE_GRACE_MS);

    const cancelled = expireReadyCheck(pending, 26_000, () => true).room;
    expect(roomChanged(pending, cancelled)).toBe(true);
    expect(nextRoomCheck(seen(cancelled, 26_000), fixed(0.5))).toBeNull();
  });

  it('takes a copy with the same or an older write time as no news', () => {
    const room = pendingRoom();
    expect(roomChanged(room, { ...room })).toBe(false);
    expect(roomChanged(room, { ...room, status: 'cancelled', updatedAt: room.updatedAt - 1 })).toBe(false);
    expect(roomChanged(undefined, room)).toBe(true);
  });

  it('reads an unseen room again soon after following it, backing off after each read that still finds none', () => {
    const unseen = (attempt: number): RoomWatch => ({ room: undefined, since: 10_000, attempt });
    expect(nextRoomCheck(unseen(0), fixed(0.5))).toBe(10_000 + ROOM_UNSEEN_MS + 500);
    expect(nextRoomCheck(unseen(3), fixed(0.5))).toBe(10_000 + ROOM_UNSEEN_MS + 4_000);
  });
});
