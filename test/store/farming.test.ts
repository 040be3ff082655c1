import { describe, expect, it } from 'vitest';
import { handClock } from '../support/clock.js';
import { useTestConfig } from '../support/config.js';
import { driveMatcher } from '../support/drive.js';
import { testContext } from '../support/context.js';
import { sideUids } from '../../functions/src/core/room/room.js';
import { ensurePlayer, profile } from '../../functions/src/store/profile.js';
import { enqueue } from '../../functions/src/store/queue.js';
import { playerRef, playerStateRef, roomRef, roomsRef, ticketRef } from '../../functions/src/store/firestore/refs.js';
import { reportResult } from '../../functions/src/store/settlement.js';
import { readHistory } from '../../functions/src/store/history.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { db } from '../support/admin.js';
import { poolId } from '../support/ids.js';

// Farming rules seconds long: this file's store code loads a copy of the test configuration in which opponents
// who met less than 3 s ago are kept apart (relaxed to nothing by a 2 s wait), and a pair's third game in a day
// is unrated. The games are played in-process through the store, as the callables run them, on the emulators.
const CONFIG = useTestConfig('farming', (farmed) => {
  farmed.fairPlay.farming = { rematchMinutes: 0.05, rematchGames: 0, relaxAfterSeconds: 2, dailyPairCap: 2 };
  farmed.modes.duel.reportTimeoutSeconds = 120;
});

const clock = handClock(Date.now());
const ctx = testContext(CONFIG, { clock });
const { config, poolOf } = ctx;

const duel = poolOf(poolId('duel'));
const rating = async (uid: string) => (await playerRef(ctx, uid).get()).data()!.ladders.ranked!;

/** Both queue; the second is matched with the first at once (null if the rules kept them apart). */
async function meet(a: string, b: string) {
  await enqueue(ctx, a, duel);
  return (await enqueue(ctx, b, duel)).room;
}

/** The two play the room out, `winner` winning, both reporting. */
async function play(roomId: string, winner: string, loser: string) {
  const room = (await roomRef(ctx, roomId).get()).data()!;
  const outcome = sideUids(room)[0]!.includes(winner) ? 'A' : 'B';
  for (const uid of [winner, loser]) await reportResult(ctx, { uid, authoritative: false }, roomId, { outcome });
  return (await roomRef(ctx, roomId).get()).data()!;
}

describe('farming on the emulators', () => {
  it('keeps two players who just met apart at queueing, and the matcher pairs them once they waited out the window', async () => {
    const [ann, ben] = ['farm-ann', 'farm-ben'];
    for (const uid of [ann, ben]) await ensurePlayer(ctx, uid);
    const first = await meet(ann, ben);
    expect(first).not.toBeNull();
    await play(first!.id, ann, ben);

    // At once again: each ticket carries the other as a recent opponent, and they are not matched.
    expect(await meet(ann, ben)).toBeNull();
    const state = (await playerStateRef(ctx, ann).get()).data()!;
    expect(state.meetings?.opponents.map((m) => m.uid)).toEqual([ben]);
    const annTicket = (await ticketRef(ctx, poolId('duel'), state.ticketId!).get()).data()!;
    expect(annTicket.recent.map((r) => r.uid)).toEqual([ben]);

    // The scheduled matcher sweeps them again and again; they meet once the relaxed window is gone.
    const report = await driveMatcher(ctx, clock, { forMs: 4_000 });
    expect(report.committed).toBe(1);
    const rooms = await roomsRef(ctx).where('memberUids', 'array-contains', ann).get();
    expect(rooms.size).toBe(2);
    // Formed outside what was left of the window when it was proposed (the checker replays the rule from the rooms).
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  }, 60_000);

  it('plays a pair past the daily cap unrated, once, however often the result is reported', async () => {
    const [cat, dan] = ['farm-cat', 'farm-dan'];
    for (const uid of [cat, dan]) await ensurePlayer(ctx, uid);
    const settled = [];
    for (let game = 0; game < 3; game++) {
      if (game) clock.advance(3_100); // out of the 3 s window, so they meet at queueing
      const room = await meet(cat, dan);
      expect(room, `game ${game + 1} should form at once`).not.toBeNull();
      const before = await rating(cat);
      settled.push({ room: await play(room!.id, cat, dan), before });
    }
    expect(settled.map((s) => s.room.unrated === null)).toEqual([true, true, false]);
    const [, , third] = settled;
    expect(third!.room.status).toBe('settled');
    expect(third!.room.unrated!.reason).toMatch(/had already played each other 2 times today; at most 2 games a day/);
    expect(third!.room.ratingChanges![cat]!.delta).toBe(0);
    // The game is played but changes no rating or record.
    expect(await rating(cat)).toEqual(third!.before);
    const history = (await readHistory(ctx, cat)).find((row) => row.id === third!.room.id);
    expect(history).toMatchObject({ outcome: 'win', delta: 0, unrated: third!.room.unrated!.reason });

    // Reports repeated (a retry, a duplicate) change nothing: the pair's count stays at three.
    const result = third!.room.result!;
    await Promise.all(
      [cat, dan, cat].map((uid) => reportResult(ctx, { uid, authoritative: false }, third!.room.id, result)),
    );
    const { farming } = await profile(ctx, cat);
    expect(farming).toEqual({
      dailyPairCap: 2,
      today: [{ uid: dan, displayName: expect.any(String), games: 3, unrated: true }],
    });
    expect((await playerStateRef(ctx, dan).get()).data()!.meetings!.games).toBe(3);
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  }, 60_000);
});
