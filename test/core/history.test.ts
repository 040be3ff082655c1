import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELETED_NAME } from '../../functions/src/core/player/deletion.js';
import { gameRow, mergedHistory, type HistoryEntry } from '../../functions/src/core/room/history.js';
import type { RatingChange, RoomDoc } from '../../functions/src/core/room/room.js';
import { pendingRoom } from './pendingRoom.js';

const rank = { tier: null, placement: null, peak: null, inactiveFrom: null, inactive: false };
const change = (before: number, after: number, outcome: RatingChange['outcome']): RatingChange => ({
  before,
  after,
  delta: after - before,
  rankBefore: rank,
  rankAfter: rank,
  movement: null,
  outcome,
});

/** The 2v2 of pendingRoom settled at `at`, side A (a, b) winning by 16 points each. */
const settledAt = (id: string, at: number): RoomDoc => ({
  ...pendingRoom(),
  id,
  status: 'settled',
  readyCheck: null,
  result: { outcome: 'A' },
  endedAt: at,
  endReason: 'settled',
  ratingChanges: {
    a: change(1500, 1516, 'win'),
    b: change(1500, 1516, 'win'),
    c: change(1500, 1484, 'loss'),
    d: change(1500, 1484, 'loss'),
  },
});

const adjustment = (id: string, at: number): HistoryEntry => ({
  id,
  roomId: null,
  mode: null,
  ladder: 'team',
  outcome: null,
  ratingBefore: 1500,
  ratingAfter: 1510,
  delta: 10,
  settledAt: at,
  unrated: null,
  kind: 'adjustment',
  reason: 'support ticket',
  voidedAt: null,
  bots: false,
});

describe("a player's history", () => {
  it('reads a game from its settled room: outcome, ratings, when, why unrated, voided, bots', () => {
    const room = settledAt('r1', 9_000);
    expect(gameRow(room, 'c')).toEqual({
      roomId: 'r1',
      mode: '2v2',
      ladder: 'team',
      outcome: 'loss',
      ratingBefore: 1500,
      ratingAfter: 1484,
      delta: -16,
      settledAt: 9_000,
      unrated: null,
      kind: 'game',
      reason: null,
      voidedAt: null,
      bots: false,
    });
    const voided = { ...room, voided: { at: 12_000, by: 'op', reason: 'cheating' }, unrated: null };
    expect(gameRow(voided, 'a')).toMatchObject({ outcome: 'win', voidedAt: 12_000 });
    const capped = { ...room, unrated: { reason: 'past the daily cap', pairs: [] } };
    expect(gameRow(capped, 'a')?.unrated).toBe('past the daily cap');
  });

  it('has no row for a room not settled, a player it did not rate, or a room settled by an older release', () => {
    const room = settledAt('r1', 9_000);
    expect(gameRow({ ...room, status: 'active', endedAt: null }, 'a')).toBeNull();
    expect(gameRow(room, 'stranger')).toBeNull();
    const older = { ...room, ratingChanges: { ...room.ratingChanges!, a: change(1500, 1516, null) } };
    expect(gameRow(older, 'a')).toBeNull();
  });

  it('merges stored rows and settled rooms newest first, one row per id, and leaves out tombstoned rooms', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000 }), { maxLength: 12 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000 }), { maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (roomTimes, adjustmentTimes, storedToo) => {
          const rooms = roomTimes.map((at, i) => settledAt(`r${i}`, at));
          // Rooms settled by an older release also have the row it stored (their changes lack an outcome).
          const olderRows = rooms.flatMap((room, i) =>
            storedToo[i] ? [{ id: room.id, ...gameRow(room, 'a')!, ratingAfter: 1 }] : [],
          );
          const stored = [...olderRows, ...adjustmentTimes.map((at, i) => adjustment(`adjust:${i}`, at))];
          const tombstone = { ...settledAt('gone', 5), names: { ...pendingRoom().names, a: DELETED_NAME } };
          const history = mergedHistory('a', stored, [...rooms, tombstone]);
          expect(history.map((row) => row.id).sort()).toEqual(
            [...rooms.map((r) => r.id), ...adjustmentTimes.map((_, i) => `adjust:${i}`)].sort(),
          );
          for (const row of history.filter((r) => olderRows.some((o) => o.id === r.id)))
            expect(row.ratingAfter).toBe(1);
          const times = history.map((row) => row.settledAt);
          expect(times).toEqual([...times].sort((x, y) => y - x));
        },
      ),
    );
  });
});
