/**
 * Matcher throughput with several runs side by side: a backlog of waiting solo tickets that can all be matched,
 * spread over a regional 1v1's region pools and the plain 1v1 pool, is drained by matcher processes
 * (scripts/matcher.ts, each a run of its own sharing the pools through their leases). Players are not involved,
 * so the figure is the matcher's alone: matched players a second from the first run's start until no ticket waits.
 */
import type { AppConfig } from '../functions/src/core/config.js';
import { idleState } from '../functions/src/core/player/player.js';
import { modeIds, poolIdOf, type PoolId } from '../functions/src/core/mode/pool.js';
import { newTicket } from '../functions/src/core/queue/ticket.js';
import type { Firestore } from 'firebase-admin/firestore';
import type { LadderContext } from '../functions/src/context.js';
import { ticketRef } from '../functions/src/store/firestore/refs.js';
import { checkInvariants, readSnapshot } from './invariants.js';
import { startMatcherProcess } from './matcherProcess.js';

export interface DrainResult {
  matchers: number;
  pools: string[];
  tickets: number;
  /** Seconds from starting the matcher processes until the last match was made. */
  seconds: number;
  matchedPlayers: number;
  matchedPlayersPerSecond: number;
  /** Each process's run: the pools it swept, its commits and the proposals that went stale (taken by another). */
  runs: { pools: string[]; committed: number; stale: number; reads: number; writes: number }[];
  invariantViolations: number;
}

/** The pools the backlog fills: every region of each regional 1v1-shaped mode, and each plain 1v1. */
export function drainPools(config: AppConfig): PoolId[] {
  return modeIds(config.modes).flatMap((id) => {
    const mode = config.modes[id]!;
    return mode.format.kind === 'team' && mode.format.teamSize === 1
      ? mode.regions
        ? Object.keys(mode.regions.neighbours).map((r) => poolIdOf(id, r))
        : [poolIdOf(id, null)]
      : [];
  });
}

async function seed(db: Firestore, pools: PoolId[], count: number) {
  const writer = db.bulkWriter();
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const pool = pools[i % pools.length]!;
    const uid = `drain-${i}`;
    // Neighbours in each pool are 2 points apart: every ticket has a partner within any cap.
    const rating = 1000 + 2 * Math.floor(i / pools.length);
    const ticket = newTicket(
      {
        id: uid,
        mode: pool,
        members: [{ uid, rating }],
        names: { [uid]: `Drain ${i}` },
        ranks: {},
        score: rating,
        partyId: null,
        ownerUid: uid,
        enqueuedAt: now,
        ttlSeconds: 3_600,
        avoid: [],
        rtts: null,
      },
      now,
    );
    void writer.set(ticketRef({ db }, pool, uid), ticket);
    void writer.set(db.doc(`playerStates/${uid}`), { ...idleState(now), mode: pool, ticketId: uid });
  }
  await writer.close();
}

async function queued(db: Firestore, pools: string[]): Promise<number> {
  const counts = await Promise.all(
    pools.map(async (pool) => (await ticketRefQuery(db, pool).count().get()).data().count),
  );
  return counts.reduce((a, b) => a + b, 0);
}
const ticketRefQuery = (db: Firestore, pool: string) =>
  db.collection(`pools/${pool}/tickets`).where('status', '==', 'queued');

/** Seeds `tickets` waiting solos, drains them with `matchers` processes, and checks every invariant after. */
export async function drain(
  { config, db }: LadderContext,
  {
    tickets,
    matchers,
    intervalMs,
    limitSeconds = 300,
    log = console.log,
  }: {
    tickets: number;
    matchers: number;
    intervalMs: number;
    limitSeconds?: number;
    log?: (line: string) => void;
  },
): Promise<DrainResult> {
  const pools = drainPools(config);
  log(`Seeding ${tickets} matchable tickets over ${pools.join(', ')}…`);
  await seed(db, pools, tickets);
  const processes = Array.from({ length: matchers }, (_, i) =>
    startMatcherProcess(`drain${i + 1}`, { seconds: limitSeconds, intervalMs }),
  );
  const started = Date.now();
  let left = tickets;
  // Until nothing waits, or nothing was matched for 30 s: a few tickets can be left without a partner near enough
  // when their neighbours were paired otherwise.
  let lastChange = started;
  try {
    while (left > 0 && Date.now() - lastChange < 30_000 && Date.now() - started < limitSeconds * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = (await queued(db, pools)) ?? left;
      if (now !== left) lastChange = Date.now();
      left = now;
    }
  } finally {
    for (const p of processes) p.child.kill('SIGTERM');
  }
  const seconds = (lastChange - started) / 1000;
  const runs = (await Promise.all(processes.map((p) => p.report)))
    .filter((r) => r !== null)
    .map(({ pools, committed, stale, reads, writes }) => ({ pools, committed, stale, reads, writes }));
  const matchedPlayers = tickets - left;
  const violations = checkInvariants(await readSnapshot(db), config);
  log(`${matchers} matcher process(es): ${matchedPlayers} players matched in ${seconds.toFixed(1)} s`);
  return {
    matchers,
    pools,
    tickets,
    seconds: +seconds.toFixed(1),
    matchedPlayers,
    matchedPlayersPerSecond: +(matchedPlayers / seconds).toFixed(1),
    runs,
    invariantViolations: violations.length,
  };
}
