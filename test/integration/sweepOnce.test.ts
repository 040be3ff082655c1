import { describe, expect, it } from 'vitest';
import { MatcherRun } from '../../functions/src/jobs/matcherRun.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { enqueue } from '../../functions/src/store/queue.js';
import { db } from '../support/admin.js';
import { handClock } from '../support/clock.js';
import { testContext } from '../support/context.js';
import { expectInvariants } from '../support/game.js';

// A matcher run driven a sweep at a time on a context with a hand-driven clock: the free-for-all's fill wait passes
// when the test moves the clock, not after a real wait.
describe('a matcher run driven by hand', () => {
  it('waits out the fill wait on its clock, then seats the three players in one sweep', async () => {
    const clock = handClock(Date.now());
    const ctx = testContext(undefined, { clock });
    const uids = ['hand-1', 'hand-2', 'hand-3'];
    for (const uid of uids) await ensurePlayer(ctx, uid);
    for (const uid of uids) expect((await enqueue(ctx, uid, ctx.poolOf('ffa'))).room).toBeNull();
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
});
