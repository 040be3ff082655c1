import { describe, expect, it } from 'vitest';
import { poolIds } from '../../functions/src/core/mode/pool.js';
import { MatcherRun } from '../../functions/src/jobs/matcherRun.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { enqueue } from '../../functions/src/store/queue.js';
import { db } from '../support/admin.js';
import { handClock } from '../support/clock.js';
import { testContext } from '../support/context.js';
import { expectInvariants } from '../support/game.js';
import { poolId } from '../support/ids.js';

// A matcher run driven a sweep at a time on a context with a hand-driven clock: the free-for-all's fill wait passes
// when the test moves the clock, not after a real wait.
describe('a matcher run driven by hand', () => {
  it('waits out the fill wait on its clock, then seats the three players in one sweep', async () => {
    const clock = handClock(Date.now());
    const ctx = testContext(undefined, { clock });
    const uids = ['hand-1', 'hand-2', 'hand-3'];
    for (const uid of uids) await ensurePlayer(ctx, uid);
    for (const uid of uids) expect((await enqueue(ctx, uid, ctx.poolOf(poolId('ffa')))).room).toBeNull();
    const run = new MatcherRun(ctx, { durationMs: 0, intervalMs: 300 });
    try {
      expect((await run.sweepOnce()).committed).toBe(0);
      clock.advance(2_100);
      const report = await run.sweepOnce();
      expect(report).toMatchObject({ sweeps: 2, committed: 1, pools: expect.arrayContaining(['ffa']) });
    } finally {
      await run.finish();
    }
    const rooms = (await db.collection('rooms').get()).docs.map((d) => d.data());
    expect(rooms.map((room) => [...room.memberUids].sort())).toEqual([uids]);
    await expectInvariants();
  });

  it("follows the live rooms of the pools it holds, and reads none of another run's", async () => {
    const clock = handClock(Date.now());
    const [setup, own] = [testContext(undefined, { clock }), testContext(undefined, { clock })];
    // Another run, alive for ten minutes, holds every pool but the 1v1.
    const until = clock.now() + 600_000;
    await db.doc('matcherRuns/elsewhere').set({ expiresAt: until });
    for (const id of poolIds(setup.config.modes).filter((id) => id !== '1v1'))
      await db.doc(`matcherLeases/${id}`).set({ holder: 'elsewhere', expiresAt: until });
    // A live game in the 1v1, and one in the other run's duel.
    const rooms: Record<string, string> = {};
    for (const mode of ['1v1', 'duel']) {
      for (const uid of [`${mode}-a`, `${mode}-b`]) await ensurePlayer(setup, uid);
      await enqueue(setup, `${mode}-a`, setup.poolOf(poolId(mode)));
      rooms[mode] = (await enqueue(setup, `${mode}-b`, setup.poolOf(poolId(mode)))).room!.id;
    }
    const run = new MatcherRun(own, { durationMs: 0, intervalMs: 300 });
    try {
      expect((await run.sweepOnce()).pools).toEqual(['1v1']);
      // One room read: the 1v1's. The duel's game is the other run's to follow.
      expect(own.ops.byKind.rooms?.reads).toBe(1);
    } finally {
      await run.finish();
    }
  });
});
