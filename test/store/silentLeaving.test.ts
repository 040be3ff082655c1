import { describe, expect, it } from 'vitest';
import { handClock } from '../support/clock.js';
import { useTestConfig } from '../support/config.js';
import { driveMatcher } from '../support/drive.js';
import { testContext } from '../support/context.js';
import { sideUids } from '../../functions/src/core/room/room.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { enqueue, heartbeat } from '../../functions/src/store/queue.js';
import {
  gameBeatRef,
  gameBeatsRef,
  playerRef,
  playerStateRef,
  roomRef,
} from '../../functions/src/store/firestore/refs.js';
import { forfeit } from '../../functions/src/store/leaving.js';
import { respondToReadyCheck } from '../../functions/src/store/rooms.js';
import { readHistory } from '../../functions/src/store/history.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { callBucketOf, db, setCallBucket } from '../support/admin.js';
import { poolId } from '../support/ids.js';

// Heartbeats that count: this file's store code loads a copy of the test configuration whose `duel` and `2v2`
// modes take a player silent for 3 s in a started game, and 1 s of grace after it, to have left it. The games
// are played in-process through the store, as the callables run them, and the matcher run checks the silence,
// on the emulators; the seconds pass on the store's clock, moved by hand.
const CONFIG = useTestConfig('silent', (beating) => {
  for (const mode of ['duel', '2v2']) {
    beating.modes[mode].leaveAfterSilentSeconds = 3;
    beating.modes[mode].reportTimeoutSeconds = 120;
  }
  beating.fairPlay.leaving = { ...beating.fairPlay.leaving, silenceGraceSeconds: 1 };
});

const clock = handClock(Date.now());
const ctx = testContext(CONFIG, { clock });
const { config, poolOf } = ctx;

/**
 * A matcher run sweeping every 250 ms of the clock for `forMs`, while `beaters` beat every 500 ms, as the SDK does
 * during a game. A beat is always recorded while the game goes on: only once the room is over does the server
 * answer that there is nothing to beat for, and that player's client stops.
 */
function playOut(roomId: string, beaters: string[], forMs: number) {
  const beating = new Set(beaters);
  return driveMatcher(ctx, clock, {
    forMs,
    beforeSweep: async (elapsed) => {
      if (elapsed % 500) return;
      for (const uid of beating) {
        if ((await heartbeat(ctx, uid)).leftAfter !== null) continue;
        expect((await roomRef(ctx, roomId).get()).data()!.status).toBe('settled');
        beating.delete(uid);
      }
    },
  });
}

describe('leaving by going silent (leaveAfterSilentSeconds) on the emulators', () => {
  it('takes a 1v1 player whose heartbeats stopped to have left: the room settles for the one still beating', async () => {
    const [ann, ben] = ['beat-ann', 'beat-ben'];
    for (const uid of [ann, ben]) await ensurePlayer(ctx, uid);
    await enqueue(ctx, ann, poolOf(poolId('duel')));
    const { room } = await enqueue(ctx, ben, poolOf(poolId('duel')));
    expect(room).toMatchObject({ status: 'active', leaveAfterSilentSeconds: 3 });

    // Ann's client beats; Ben's went quiet after one beat. The matcher run follows the room.
    expect((await heartbeat(ctx, ben)).leftAfter).toEqual(expect.any(Number));
    const report = await playOut(room!.id, [ann], 6_000);

    expect(report.silentLeaves).toBe(1);
    const settled = (await roomRef(ctx, room!.id).get()).data()!;
    expect(settled).toMatchObject({ status: 'settled', forfeits: [ben] });
    const annSide = sideUids(settled)[0]!.includes(ann) ? 'A' : 'B';
    expect(settled.result).toEqual({ outcome: annSide });
    expect(settled.ratingChanges![ann]!.delta).toBeGreaterThan(0);
    expect((await playerStateRef(ctx, ben).get()).data()!.leaves).toBe(1);
    expect((await playerStateRef(ctx, ann).get()).data()!.leaves).toBe(0);
    // One beat document per player, beside the room; the room itself was not written by the beats.
    expect((await gameBeatsRef(ctx, room!.id).get()).docs.map((d) => d.id).sort()).toEqual([ann, ben].sort());
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  }, 60_000);

  it('keeps a 2v2 going while a side still beats, and settles it once the whole side has gone silent', async () => {
    const uids = ['beat-a1', 'beat-a2', 'beat-b1', 'beat-b2'];
    for (const uid of uids) await ensurePlayer(ctx, uid);
    let room = null;
    for (const uid of uids) room = (await enqueue(ctx, uid, poolOf(poolId('2v2')))).room ?? room;
    expect(room).not.toBeNull();
    for (const uid of uids) await respondToReadyCheck(ctx, uid, room!.id, true);
    const [sideA, sideB] = sideUids((await roomRef(ctx, room!.id).get()).data()!);
    // Side B and one player of side A beat from the start of the game, as the SDK does; the other player of side
    // A is silent from the start.
    const [quiet, ...beaters] = [...sideA!, ...sideB!];
    await Promise.all(beaters.map((uid) => heartbeat(ctx, uid)));
    expect((await playOut(room!.id, beaters, 5_000)).silentLeaves).toBe(1);
    const playing = (await roomRef(ctx, room!.id).get()).data()!;
    expect(playing).toMatchObject({ status: 'active', forfeits: [quiet] });
    // A player taken to have left gets no further beat recorded.
    expect((await heartbeat(ctx, quiet!)).leftAfter).toBeNull();

    // Now all of side B falls silent too: side A wins, the quiet player's team-mate with it.
    expect((await playOut(room!.id, [beaters[0]!], 5_000)).silentLeaves).toBe(2);
    const settled = (await roomRef(ctx, room!.id).get()).data()!;
    expect(settled.status).toBe('settled');
    expect(settled.result).toEqual({ outcome: 'A' });
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  }, 60_000);

  /** A started game of `mode` between these players (the 2v2's ready check accepted by all). */
  async function started(mode: string, uids: string[]) {
    for (const uid of uids) await ensurePlayer(ctx, uid);
    let room = null;
    for (const uid of uids) room = (await enqueue(ctx, uid, poolOf(poolId(mode)))).room ?? room;
    if (room!.status === 'pending') for (const uid of uids) await respondToReadyCheck(ctx, uid, room!.id, true);
    return (await roomRef(ctx, room!.id).get()).data()!;
  }

  /** The room is void, with every player's leave counted and nobody's rating, record or history moved. */
  async function expectVoidWithLeaves(roomId: string, uids: string[]) {
    const room = (await roomRef(ctx, roomId).get()).data()!;
    expect(room).toMatchObject({ status: 'voided', result: null, ratingChanges: null });
    expect(room.endReason).toMatch(/every side left the game/);
    expect([...room.forfeits].sort()).toEqual([...uids].sort());
    for (const uid of uids) {
      expect((await playerStateRef(ctx, uid).get()).data()!.leaves).toBe(1);
      const standing = (await playerRef(ctx, uid).get()).data()!.ladders[room.ladder];
      expect(standing?.games ?? 0).toBe(0);
      expect(await readHistory(ctx, uid)).toEqual([]);
    }
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  }

  it('voids a 1v1 both players went silent in, found in one sweep: no rating moves, both leaves count', async () => {
    const uids = ['void-ann', 'void-ben'];
    const room = await started('duel', uids);
    const report = await playOut(room.id, [], 6_000);
    expect(report.silentLeaves).toBe(2);
    await expectVoidWithLeaves(room.id, uids);
  }, 60_000);

  it('voids a 1v1 where one player forfeits while the other is past their silence, whichever side forfeits', async () => {
    for (const forfeiter of [0, 1]) {
      const room = await started('duel', [`mixed-${forfeiter}-a`, `mixed-${forfeiter}-b`]);
      // Side A's player forfeits in the first game, side B's in the second; the other never beat.
      const [a, b] = sideUids(room).map((side) => side[0]!);
      const [leaver, quiet] = forfeiter === 0 ? [a!, b!] : [b!, a!];
      clock.advance(2_500);
      await heartbeat(ctx, leaver); // the forfeiter's client was beating; only the other is past their silence
      clock.advance(1_800);
      expect((await forfeit(ctx, leaver, room.id)).status).toBe('voided');
      await expectVoidWithLeaves(room.id, [leaver, quiet]);
    }
  }, 60_000);

  it('voids a 2v2 one player forfeited and the rest then left silently in one sweep', async () => {
    const uids = ['void-a1', 'void-a2', 'void-b1', 'void-b2'];
    const room = await started('2v2', uids);
    const [sideA] = sideUids(room);
    // Side A's first player forfeits at once: the game goes on without them. Nobody else beats.
    expect((await forfeit(ctx, sideA![0]!, room.id)).status).toBe('active');
    const report = await playOut(room.id, [], 6_000);
    expect(report.silentLeaves).toBe(3);
    await expectVoidWithLeaves(room.id, uids);
  }, 60_000);

  it('records no beat in a mode that does not count silence, nor for a player only queued', async () => {
    const [cat] = ['beat-cat'];
    await ensurePlayer(ctx, cat);
    await enqueue(ctx, cat, poolOf(poolId('1v1')));
    expect(await heartbeat(ctx, cat)).toMatchObject({ presence: { kind: 'queued' }, leftAfter: null });
  });

  it('lets a game beat at its pace cost no call, and counts one sent sooner in its own transaction', async () => {
    const limit = config.fairPlay.rateLimit!;
    const room = await started('duel', ['count-ann', 'count-ben']);
    const [ann, ben] = sideUids(room).map((side) => side[0]!);
    const at = clock.now();
    await setCallBucket(ann!, { tokens: 100, at });
    // A first beat, or one a quarter of the silence allowance after the last, pays for itself: no call taken.
    expect(await heartbeat(ctx, ann!, limit)).toMatchObject({ paid: true, leftAfter: expect.any(Number) });
    expect(await callBucketOf(ann!)).toEqual({ tokens: 100, at });
    // One right after it is counted: one call from the bucket on the state the beat read, not a grant of several.
    expect(await heartbeat(ctx, ann!, limit)).toMatchObject({ paid: true, leftAfter: expect.any(Number) });
    const bucket = await callBucketOf(ann!);
    expect(bucket.tokens).toBeCloseTo(99 + ((bucket.at - at) * limit.callsPerMinute) / 60_000, 6);
    // A player with no call left is refused such a beat before it is written.
    await heartbeat(ctx, ben!, limit);
    const recorded = (await gameBeatRef(ctx, room.id, ben!).get()).data()!;
    const empty = { tokens: 0, at: clock.now() };
    await setCallBucket(ben!, empty);
    await expect(heartbeat(ctx, ben!, limit)).rejects.toMatchObject({ code: 'resource-exhausted' });
    expect((await gameBeatRef(ctx, room.id, ben!).get()).data()).toEqual(recorded);
    expect(await callBucketOf(ben!)).toEqual(empty);
  });
});
