import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { config } from '../../functions/src/config.js';
import { poolIds } from '../../functions/src/core/mode/modes.js';
import { db } from '../support/admin.js';
import { enqueue, expectInvariants, ticketOf } from '../support/game.js';
import { players } from '../support/players.js';
import { startMatcherProcess } from '../../sim/matcherProcess.js';

const LEASE_MS = 3_000;

/** A matcher run in a process of its own, on the same emulator as this test. */
const matcherProcess = (name: string, seconds: number) =>
  startMatcherProcess(name, { seconds, intervalMs: 300, leaseMs: LEASE_MS });

/** Pool id → the holder of its lease, for the leases not run out. */
async function leaseHolders(): Promise<Map<string, string>> {
  const now = Date.now();
  const snapshot = await db.collection('matcherLeases').get();
  return new Map(snapshot.docs.filter((d) => d.data().expiresAt > now).map((d) => [d.id, d.data().holder as string]));
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
    const a = matcherProcess('A', 60);
    const b = matcherProcess('B', 60);
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
      // Kill whichever process sweeps the free-for-all, without letting it release anything.
      const ffaHolder = (await leaseHolders()).get('ffa')!;
      const [dying, surviving] = ffaHolder.startsWith('A-') ? [a, b] : [b, a];
      dying.child.kill('SIGKILL');
      const killedAt = Date.now();
      const survivor = await eventually(
        'the surviving run to hold every pool',
        async () => {
          const holders = await leaseHolders();
          const runs = new Set(holders.values());
          return holders.size === modes.length && runs.size === 1 && !runs.has(ffaHolder) ? [...runs][0]! : null;
        },
        30_000,
      );
      console.log(`[matcher runs] pools taken over ${Date.now() - killedAt} ms after the kill (lease ${LEASE_MS} ms)`);
      const after = await ffaTrio('After');
      expect(after).not.toBe(before);

      surviving.child.kill('SIGTERM');
      const report = (await surviving.report)!;
      expect(report.holder).toBe(survivor);
      expect([...report.pools].sort()).toEqual(modes);
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
  }, 120_000);
});
