import { setTimeout as sleep } from 'node:timers/promises';
import { FieldValue } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { sweepPool } from '../../functions/src/core/match/index.js';
import { toCoreTicket, type TicketDoc } from '../../functions/src/core/queue/ticket.js';
import { runMatcher } from '../../functions/src/jobs/matcherRun.js';
import { commitMatch } from '../../functions/src/store/rooms.js';
import { seedBackground } from '../../sim/background.js';
import { db, documentPaths } from '../support/admin.js';
import { enqueue, expectInvariants, sweep, ticketOf } from '../support/game.js';
import { players } from '../support/players.js';
import { testContext } from '../support/context.js';

const ctx = testContext();
const { config, poolOf } = ctx;

const queuedTickets = async (mode: string) =>
  (await db.collection(`pools/${mode}/tickets`).where('status', '==', 'queued').get()).docs.map(
    (d) => d.data() as TicketDoc,
  );

describe('the scheduled matcher', () => {
  it('gives up a proposal cleanly when one of its tickets changed before the commit', async () => {
    const clients = await players('Stale 1', 'Stale 2', 'Stale 3');
    for (const c of clients) await enqueue(c, 'ffa');
    const read = await queuedTickets('ffa');
    await clients[1]!.call('cancelQueue');
    // After the 2 s fill wait, the pool as read before the cancel proposes all three.
    const { proposals } = sweepPool(config.modes.ffa!, read.map(toCoreTicket), Date.now() + 2_100);
    expect(proposals).toHaveLength(1);
    const before = await documentPaths();
    expect(await commitMatch(ctx, poolOf('ffa'), proposals[0]!)).toBeNull();
    expect(await documentPaths()).toEqual(before);
    for (const t of read)
      expect((await ticketOf('ffa', t.id)).status).toBe(t.memberUids[0] === clients[1]!.uid ? 'cancelled' : 'queued');
    await expectInvariants();
  });

  it('does no harm when the tick is delivered twice: the two runs split the pools, nothing is matched twice', async () => {
    const clients = await players('Twice 1', 'Twice 2', 'Twice 3', 'Twice 4', 'Twice 5', 'Twice 6');
    for (const c of clients) await enqueue(c, 'ffa');
    // Six players in a 3–4 player free-for-all: nothing forms until the 2 s fill wait is over.
    await sleep(2_100);
    const runs = await Promise.all([
      runMatcher(ctx, { durationMs: 2_000, intervalMs: 300 }),
      runMatcher(ctx, { durationMs: 2_000, intervalMs: 300 }),
    ]);
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
    const clients = await players(...Array.from({ length: 16 }, (_, i) => `Crowd ${i}`));
    const sweeping = runMatcher(ctx, { durationMs: 6_000, intervalMs: 250 });
    await Promise.all(
      clients.map(async (c, i) => {
        await sleep((i % 4) * 150);
        await enqueue(c, i % 2 ? '1v1' : '2v2');
        if (i % 3 === 0) await c.call('cancelQueue');
        if (i % 5 === 0) await c.call('cancelQueue');
      }),
    );
    const report = await sweeping;
    expect(report.leased).toBe(true);
    const rooms = (await db.collection('rooms').get()).docs.map((d) => d.data());
    expect(rooms.length).toBeGreaterThan(0);
    await expectInvariants();
  }, 90_000);

  it('publishes queue statistics a client can show as the estimated wait', async () => {
    const [a, b, c] = await players('Stats A', 'Stats B', 'Stats C');
    await enqueue(a, '1v1');
    await enqueue(b, '1v1'); // matched with a at once
    await enqueue(c, '1v1');
    await runMatcher(ctx, { durationMs: 800, intervalMs: 200 });
    const stats = (await db.doc('pools/1v1').get()).data()!;
    expect(stats).toMatchObject({ mode: '1v1', waitingTickets: 1, waitingPlayers: 1 });
    expect(stats.oldestWaitSeconds).toBeGreaterThanOrEqual(0);
    expect(stats.recentMatchWaitSeconds.samples).toBe(2);
  });

  it("starts a run from the previous run's digest: a few reads instead of the pool, and no change missed", async () => {
    await seedBackground(ctx, 300, [['1v1', 1]]);
    const [early, b, c, d] = await players('Digest A', 'Digest B', 'Digest C', 'Digest D');
    await enqueue(early, 'ffa');
    const first = await sweep();
    // No digest yet: the run reads the whole pool, then leaves a digest of it.
    expect(first.openingReads).toBeGreaterThanOrEqual(301);
    expect((await db.collection('pools/1v1/digest').get()).size).toBeGreaterThanOrEqual(1);

    // Between runs: the digested ticket leaves, three new ones arrive. If the next run missed the cancel, it
    // would propose all four (the free-for-all's maximum) and see that commit fail at every sweep.
    await early.call('cancelQueue');
    for (const p of [b, c, d]) await enqueue(p, 'ffa');
    await sleep(2_100);
    const second = await sweep();
    expect(second.openingReads).toBeLessThan(40);
    expect(second).toMatchObject({ committed: 1, stale: 0 });
    const rooms = (await db.collection('rooms').get()).docs.map((r) => r.data());
    expect(rooms.map((r) => [...r.memberUids].sort())).toEqual([[b.uid, c.uid, d.uid].sort()]);

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
