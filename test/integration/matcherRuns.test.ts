import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { poolIds } from '../../functions/src/core/mode/pool.js';
import { db } from '../support/admin.js';
import { enqueue, expectInvariants, ticketOf } from '../support/game.js';
import { players } from '../support/players.js';
import { startMatcherProcess } from '../../sim/matcherProcess.js';
import { livingLeases, type Lease } from '../../functions/src/core/queue/lease.js';
import { testContext } from '../support/context.js';

const ctx = testContext();
const { config } = ctx;

// The run that dies holds short leases; the survivor long ones, so its regular lease rounds (every third of its
// lease) come long after the dead run's leases run out: a takeover at the survivor's next round would trail them.
const DYING_LEASE_MS = 3_000;
const SURVIVING_LEASE_MS = 60_000;
// The most a takeover may trail the dead run's lease: the survivor's lease round itself, which on a loaded machine
// took up to 1.6 s. A takeover left to the survivor's next regular round would trail by 17 s or more.
const TAKEOVER_MARGIN_MS = 5_000;
// How long each run lives: past the longest the test takes to get through its steps.
const RUN_SECONDS = 150;

/** A matcher run in a process of its own, on the same emulator as this test. */
const matcherProcess = (name: string, seconds: number, leaseMs: number) =>
  startMatcherProcess(name, { seconds, intervalMs: 300, leaseMs });

/**
 * Pool id → the lease not run out: its holder and until when. A lease lasts as long as its holder's beacon
 * (`matcherRuns/{holder}`), which a live run renews instead of its leases.
 */
async function leases(): Promise<Map<string, Lease>> {
  const now = Date.now();
  const [leaseDocs, beacons] = await Promise.all([
    db.collection('matcherLeases').get(),
    db.collection('matcherRuns').get(),
  ]);
  const runs = new Map(beacons.docs.map((d) => [d.id, d.data().expiresAt as number]));
  const held = new Map(leaseDocs.docs.map((d) => [d.id, d.data() as Lease]));
  return new Map([...livingLeases(held, runs)].filter(([, lease]) => lease.expiresAt > now));
}

/** Pool id → the holder of its lease, for the leases not run out. */
async function leaseHolders(): Promise<Map<string, string>> {
  return new Map([...(await leases())].map(([id, lease]) => [id, lease.holder]));
}

/** Polls `probe` until it returns a value; a timeout says what it last saw. */
async function eventually<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(200);
  }
}

/** Three players in the free-for-all: only a matcher run forms their room, after the 2 s fill wait. */
async function ffaTrio(prefix: string) {
  const trio = await players(`${prefix} 1`, `${prefix} 2`, `${prefix} 3`);
  const tickets: string[] = [];
  for (const p of trio) tickets.push((await enqueue(p, 'ffa')).ticketId);
  return eventually(
    `${prefix}'s free-for-all room`,
    async () => {
      const docs = await Promise.all(tickets.map((id) => ticketOf('ffa', id)));
      return docs.every((t) => t.status === 'matched') ? docs[0]!.roomId : null;
    },
    30_000,
  );
}

describe('several matcher runs side by side', () => {
  it('share the pools, match nothing twice, and take over the pools of a run that dies', async () => {
    const modes = poolIds(config.modes).sort();
    const a = matcherProcess('A', RUN_SECONDS, DYING_LEASE_MS);
    const b = matcherProcess('B', RUN_SECONDS, SURVIVING_LEASE_MS);
    try {
      // Both runs hold pools: between them every mode, each at most its share. The run that starts first may
      // take every free pool before it sees the other; it hands the excess over at its next rebalance.
      const share = Math.ceil(modes.length / 2);
      const held = (holders: Map<string, string>, run: string) => [...holders.values()].filter((h) => h === run).length;
      const shared = await eventually(
        'the two runs to share the pools, each at most its share',
        async () => {
          const holders = await leaseHolders();
          const runs = [...new Set(holders.values())];
          const fair = runs.length === 2 && runs.every((run) => held(holders, run) <= share);
          return holders.size === modes.length && fair ? holders : null;
        },
        45_000,
      );
      for (const run of new Set(shared.values())) expect(held(shared, run)).toBeLessThanOrEqual(share);

      const before = await ffaTrio('Before');
      // Kill A, without letting it release anything, just after B renewed its beacon (which keeps its leases): B's
      // next regular round is a third of its 60 s lease away, while A's leases run out with A's beacon within 3 s.
      // B must take A's pools over then.
      const renewedByB = async () => [...(await leases()).values()].find((l) => l.holder.startsWith('B-'))?.expiresAt;
      const seenB = await renewedByB();
      await eventually('B to renew its beacon', async () => ((await renewedByB()) !== seenB ? true : null), 30_000);
      const current = await leases();
      const deadHolder = [...current.values()].find((l) => l.holder.startsWith('A-'))!.holder;
      const [dying, surviving] = [a, b];
      dying.child.kill('SIGKILL');
      const killedAt = Date.now();
      // Its pools' leases as it last renewed them (it may have renewed once more between the read and the kill).
      const deadPools = new Set([...current].filter(([, l]) => l.holder === deadHolder).map(([id]) => id));
      let runOut = 0;
      const survivor = await eventually(
        'the surviving run to hold every pool',
        async () => {
          const now = await leases();
          for (const lease of now.values()) if (lease.holder === deadHolder) runOut = Math.max(runOut, lease.expiresAt);
          const runs = new Set([...now.values()].map((l) => l.holder));
          return now.size === modes.length && runs.size === 1 && !runs.has(deadHolder) ? [...runs][0]! : null;
        },
        30_000,
      );
      runOut = Math.max(
        runOut,
        ...[...current.values()].filter((l) => l.holder === deadHolder).map((l) => l.expiresAt),
      );
      const tookOverIn = Date.now() - killedAt;
      const after = await ffaTrio('After');
      expect(after).not.toBe(before);

      surviving.child.kill('SIGTERM');
      const report = (await surviving.report)!;
      expect(report.holder).toBe(survivor);
      expect([...report.pools].sort()).toEqual(modes);
      // When the survivor opened each of the dead run's pools (its span starts once the pool's mirror is open).
      const opened = [...deadPools].map((id) => report.spans.find((span) => span.pool === id && span.from > killedAt));
      expect(opened.every(Boolean)).toBe(true);
      const trail = Math.max(...opened.map((span) => span!.from)) - runOut;
      console.log(
        `[matcher runs] pools seen taken over ${tookOverIn} ms after the kill; opened by the survivor ${trail} ms after the dead run's leases ran out (its lease ${DYING_LEASE_MS} ms, the survivor's ${SURVIVING_LEASE_MS} ms)`,
      );
      // At the lease's end, within a lease round's own time on a loaded emulator.
      expect(trail).toBeGreaterThanOrEqual(0);
      expect(trail).toBeLessThanOrEqual(TAKEOVER_MARGIN_MS);
      expect(await dying.report).toBeNull();
      const rooms = (await db.collection('rooms').get()).docs.map((d) => d.data());
      expect(rooms).toHaveLength(2);
      const members = rooms.flatMap((r) => r.memberUids as string[]);
      expect(new Set(members).size).toBe(members.length);
      await expectInvariants();
    } finally {
      a.child.kill('SIGKILL');
      b.child.kill('SIGKILL');
    }
  }, 200_000);
});
