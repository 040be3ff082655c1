import { setTimeout as sleep } from 'node:timers/promises';
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { sweepPool } from '../../functions/src/core/match/index.js';
import { toCoreTicket, type TicketDoc } from '../../functions/src/core/queue/ticket.js';
import { MatcherRun } from '../../functions/src/jobs/matcherRun.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { cancelTicket, enqueue } from '../../functions/src/store/queue.js';
import { commitMatch } from '../../functions/src/store/rooms.js';
import { seedBackground } from '../../sim/background.js';
import { db, documentPaths } from '../support/admin.js';
import { handClock } from '../support/clock.js';
import { testContext } from '../support/context.js';
import { driveMatcher } from '../support/drive.js';
import { expectInvariants, ticketOf } from '../support/game.js';
import { poolId } from '../support/ids.js';

// The players queue and cancel through the store, as the callables do; the matcher runs are swept on a hand-driven
// clock, so a fill wait passes when the test moves it.
const clock = handClock(Date.now());
const ctx = testContext(undefined, { clock });
const { config, poolOf } = ctx;

/** Players with profiles, by uid. */
async function players(...uids: string[]) {
  for (const uid of uids) await ensurePlayer(ctx, uid);
  return uids;
}
const queue = (uid: string, mode: string) => enqueue(ctx, uid, poolOf(poolId(mode)));
/** One scheduled run, short: what Cloud Scheduler would start every minute. */
const sweep = () => driveMatcher(ctx, clock, { forMs: 1_200, stepMs: 300 });

const queuedTickets = async (mode: string) =>
  (await db.collection(`pools/${mode}/tickets`).where('status', '==', 'queued').get()).docs.map(
    (d) => d.data() as TicketDoc,
  );

describe('the scheduled matcher', () => {
  it('gives up a proposal cleanly when one of its tickets changed before the commit', async () => {
    const uids = await players('stale-1', 'stale-2', 'stale-3');
    for (const uid of uids) await queue(uid, 'ffa');
    const read = await queuedTickets('ffa');
    await cancelTicket(ctx, uids[1]!);
    // After the 2 s fill wait, the pool as read before the cancel proposes all three.
    const { proposals } = sweepPool(config.modes.ffa!, read.map(toCoreTicket), clock.now() + 2_100);
    expect(proposals).toHaveLength(1);
    const before = await documentPaths();
    expect(await commitMatch(ctx, poolOf(poolId('ffa')), proposals[0]!)).toBeNull();
    expect(await documentPaths()).toEqual(before);
    for (const t of read)
      expect((await ticketOf('ffa', t.id)).status).toBe(t.memberUids[0] === uids[1] ? 'cancelled' : 'queued');
    await expectInvariants();
  });

  it('does no harm when the tick is delivered twice: the two runs split the pools, nothing is matched twice', async () => {
    const uids = await players('twice-1', 'twice-2', 'twice-3', 'twice-4', 'twice-5', 'twice-6');
    for (const uid of uids) await queue(uid, 'ffa');
    // Six players in a 3–4 player free-for-all: nothing forms until the 2 s fill wait is over.
    clock.advance(2_100);
    // Two runs at once, each sweeping every 300 ms of the clock for 2 s.
    const twice = [
      new MatcherRun(ctx, { durationMs: 0, intervalMs: 300 }),
      new MatcherRun(ctx, { durationMs: 0, intervalMs: 300 }),
    ];
    for (let elapsed = 0; elapsed <= 2_000; elapsed += 300) {
      await Promise.all(twice.map((run) => run.sweepOnce()));
      clock.advance(300);
    }
    const runs = await Promise.all(twice.map((run) => run.finish()));
    // Each pool's lease went to one run at a time: a run may take a pool over once the other let it go, never
    // while the other still holds it open.
    const [a, b] = runs.map((r) => r.spans);
    for (const x of a!)
      for (const y of b!.filter((s) => s.pool === x.pool)) expect(x.until <= y.from || y.until <= x.from).toBe(true);
    // Both left the pools as they found them (digests written, leases released): the next run matches the six.
    await sweep();
    const rooms = (await db.collection('rooms').get()).docs.map((d) => d.data());
    expect(rooms.length).toBeGreaterThanOrEqual(1);
    expect(rooms.flatMap((r) => r.memberUids).length).toBe(new Set(rooms.flatMap((r) => r.memberUids)).size);
    await expectInvariants();
  });

  it('keeps every invariant when many players queue and cancel at once while sweeps run', async () => {
    const uids = await players(...Array.from({ length: 16 }, (_, i) => `crowd-${i}`));
    const sweeping = driveMatcher(ctx, clock, { forMs: 6_000 });
    // The crowd arrives in four waves, a few sweeps apart.
    await Promise.all(
      uids.map(async (uid, i) => {
        await sleep((i % 4) * 150);
        await queue(uid, i % 2 ? '1v1' : '2v2');
        if (i % 3 === 0) await cancelTicket(ctx, uid);
        if (i % 5 === 0) await cancelTicket(ctx, uid);
      }),
    );
    const report = await sweeping;
    expect(report.leased).toBe(true);
    const rooms = (await db.collection('rooms').get()).docs.map((d) => d.data());
    expect(rooms.length).toBeGreaterThan(0);
    await expectInvariants();
  }, 90_000);

  it('publishes queue statistics a client can show as the estimated wait', async () => {
    const [a, b, c] = await players('stats-a', 'stats-b', 'stats-c');
    await queue(a!, '1v1');
    await queue(b!, '1v1'); // matched with a at once
    await queue(c!, '1v1');
    await driveMatcher(ctx, clock, { forMs: 800, stepMs: 200 });
    const stats = (await db.doc('pools/1v1').get()).data()!;
    expect(stats).toMatchObject({ mode: '1v1', waitingTickets: 1, waitingPlayers: 1 });
    expect(stats.oldestWaitSeconds).toBeGreaterThanOrEqual(0);
    expect(stats.recentMatchWaitSeconds.samples).toBe(2);
  });

  it("starts a run from the previous run's digest: a few reads instead of the pool, and no change missed", async () => {
    await seedBackground(ctx, 300, [['1v1', 1]]);
    const [early, b, c, d] = await players('digest-a', 'digest-b', 'digest-c', 'digest-d');
    await queue(early!, 'ffa');
    const first = await sweep();
    // No digest yet: the run reads the whole pool, then leaves a digest of it.
    expect(first.openingReads).toBeGreaterThanOrEqual(301);
    expect((await db.collection('pools/1v1/digest').get()).size).toBeGreaterThanOrEqual(1);

    // Between runs: the digested ticket leaves, three new ones arrive. If the next run missed the cancel, it
    // would propose all four (the free-for-all's maximum) and see that commit fail at every sweep.
    await cancelTicket(ctx, early!);
    for (const uid of [b!, c!, d!]) await queue(uid, 'ffa');
    clock.advance(2_100);
    const second = await sweep();
    expect(second.openingReads).toBeLessThan(40);
    expect(second).toMatchObject({ committed: 1, stale: 0 });
    const rooms = (await db.collection('rooms').get()).docs.map((r) => r.data());
    expect(rooms.map((r) => [...r.memberUids].sort())).toEqual([[b, c, d].sort()]);

    // A torn digest (a run that died while writing it) is not trusted: the pool is read in full again.
    await db.doc('pools/1v1/digest/0').update({ count: 2 });
    expect((await sweep()).openingReads).toBeGreaterThanOrEqual(300);
    // Nor is one that does not parse; and the run still sweeps.
    await db.doc('pools/1v1/digest/0').update({ tickets: '[{"id":' });
    const afterGarbage = await sweep();
    expect(afterGarbage.sweeps).toBeGreaterThan(0);
    expect(afterGarbage.openingReads).toBeGreaterThanOrEqual(300);
    // Nor one left before tickets carried their change shard: a ticket changed since may carry none.
    expect((await sweep()).openingReads).toBeLessThan(40);
    for (const chunk of (await db.collection('pools/1v1/digest').get()).docs)
      await chunk.ref.update({ changeShards: FieldValue.delete() });
    expect((await sweep()).openingReads).toBeGreaterThanOrEqual(300);
    await expectInvariants();
  });
});
