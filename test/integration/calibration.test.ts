import { describe, expect, it } from 'vitest';
import { utcDay, type CalibrationDoc } from '../../functions/src/core/ops/calibration.js';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import { calibrateDay } from '../../functions/src/store/calibration.js';
import { roomsRef } from '../../functions/src/store/firestore/refs.js';
import { db } from '../support/admin.js';
import { enqueue, sideUids } from '../support/game.js';
import { players } from '../support/players.js';
import { pendingRoom, soloTicket } from '../core/pendingRoom.js';
import { testContext } from '../support/context.js';
import { poolId } from '../support/ids.js';

const ctx = testContext();

const calibrationOf = async (day: string, mode: string) =>
  (await db.doc(`calibration/${day}_${mode}`).get()).data() as CalibrationDoc | undefined;

/** An ended 1v1 between two players of the given rating, written as the functions write rooms. */
function duelRoom(id: string, rating: number, p: number, outcome: 'A' | 'B' | null, endedAt: number): RoomDoc {
  const ticket = (uid: string, wait: number) => soloTicket(uid, rating, endedAt - 60_000 - wait * 1000);
  const [a, b] = [`${id}-a`, `${id}-b`];
  return {
    ...pendingRoom(),
    id,
    mode: poolId('1v1'),
    ladder: 'solo',
    sides: [{ tickets: [ticket(a, 3)] }, { tickets: [ticket(b, 9)] }],
    memberUids: [a, b],
    quality: { spread: 0, sideDifference: 0, winProbabilityA: p, waitSeconds: { [`t-${a}`]: 3, [`t-${b}`]: 9 } },
    status: outcome ? 'settled' : 'cancelled',
    readyCheck: null,
    result: outcome ? { outcome } : null,
    proposedAt: endedAt - 60_000,
    createdAt: endedAt - 60_000,
    updatedAt: endedAt,
    endedAt,
    endReason: outcome ? 'settled' : 'ready check timed out',
  };
}

describe('the calibration job', () => {
  it('figures a day from the rooms that ended in it, per band, and a re-run in other pages writes the same', async () => {
    const noon = Date.UTC(2026, 10, 21, 12);
    const day = utcDay(noon);
    const rooms: RoomDoc[] = [
      // Gold: two favourites at 0.75, one won; a cancelled ready check.
      duelRoom('g1', 1500, 0.75, 'A', noon),
      duelRoom('g2', 1500, 0.75, 'B', noon + 1),
      duelRoom('g3', 1500, 0.5, null, noon + 2),
      // Diamond: an even game.
      duelRoom('d1', 1900, 0.5, 'B', noon + 3),
      // The day before and a live room: not this day's.
      duelRoom('y1', 1500, 0.9, 'B', noon - 86_400_000),
      { ...duelRoom('l1', 1500, 0.9, null, noon), status: 'active', endedAt: null, endReason: null },
    ];
    await Promise.all(rooms.map((room) => roomsRef(ctx).doc(room.id).set(room)));

    const run = await calibrateDay(ctx, day, 2);
    expect(run).toEqual({ day, rooms: 4, documents: [`${day}_1v1`] });
    const doc = (await calibrationOf(day, '1v1'))!;
    expect(doc.bandOrder).toEqual(['gold', 'diamond']);
    expect(doc.bands.gold).toMatchObject({ settled: 2, cancelled: 1, forecasts: 4, evenShare: 0 });
    // Each favourite's error 0.0625 when it won, 0.5625 when it lost; both sides counted.
    expect(doc.bands.gold!.brier).toBeCloseTo(0.3125, 12);
    expect(doc.bands.gold!.buckets[7]).toMatchObject({ count: 2, meanPredicted: 0.75, winRate: 0.5 });
    expect(doc.bands.gold!.waitSeconds).toEqual({ p50: 3, p95: 9, samples: 4 });
    expect(doc.bands.diamond).toMatchObject({ settled: 1, forecasts: 2, brier: 0.25, evenShare: 1 });
    expect(doc.overall).toMatchObject({ settled: 3, cancelled: 1, forecasts: 6 });
    expect(doc.overall.evenShare).toBeCloseTo(1 / 3, 12);

    // As if the first run had died before writing: run again, one room a page; nothing differs.
    await db.doc(`calibration/${day}_1v1`).delete();
    await calibrateDay(ctx, day, 1);
    expect(await calibrationOf(day, '1v1')).toEqual(doc);
    await calibrateDay(ctx, day);
    expect(await calibrationOf(day, '1v1')).toEqual(doc);
  });

  it('counts a game played through the functions on the day it settled', async () => {
    const [x, y] = await players('Cal X', 'Cal Y');
    await enqueue(x, '1v1');
    const { room } = await enqueue(y, '1v1');
    const [a, b] = sideUids(room!)[0]!.includes(x.uid) ? [x, y] : [y, x];
    for (const player of [a, b]) await player.call('reportResult', { roomId: room!.id, outcome: 'B' });
    const day = utcDay((await roomsRef(ctx).doc(room!.id).get()).data()!.endedAt!);
    expect((await calibrateDay(ctx, day)).rooms).toBe(1);
    const doc = await calibrationOf(day, '1v1');
    // Two fresh players at 1500: an even forecast of 0.5, lost by side A.
    expect(doc!.bands.gold).toMatchObject({ settled: 1, forecasts: 2, brier: 0.25, evenShare: 1 });
    expect(doc!.bands.gold!.buckets[5]).toMatchObject({ count: 2, meanPredicted: 0.5, winRate: 0.5 });
    expect(doc!.bands.gold!.waitSeconds!.samples).toBe(2);
  });
});
