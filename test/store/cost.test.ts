import { describe, expect, it } from 'vitest';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import { withOpCounts, type OpCounts } from '../../functions/src/store/firestore/metrics.js';
import { takeCall } from '../../functions/src/store/rateLimit.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { enqueue } from '../../functions/src/store/queue.js';
import { respondToReadyCheck } from '../../functions/src/store/rooms.js';
import { reportResult } from '../../functions/src/store/settlement.js';
import { expectInvariants } from '../support/game.js';
import { db, setCallBucket } from '../support/admin.js';
import { assertPoolOpen } from '../../functions/src/store/pauses.js';
import { waitingInPool } from '../../functions/src/store/poolSize.js';
import { claimLeases, liveRuns, readLeases, renewBeacon } from '../../functions/src/store/lease.js';
import { livingLeases, mayTakeLease } from '../../functions/src/core/queue/lease.js';
import { testContext } from '../support/context.js';
import { poolId } from '../support/ids.js';

const ctx = testContext();
const { config, poolOf } = ctx;

type Step = 'enqueue' | 'accept' | 'report';

/**
 * What a game costs in Firestore operations (what a studio is billed for), counted by the store layer while the
 * store runs in this process against the emulator: every read and committed write from enqueue through
 * settlement, by the callable that made it. The rate limit's bucket is the callables' wrapper's, not the store's:
 * it costs one read and write per grant of up to ten calls (core/fairplay/rateLimit.ts, test/core).
 */
function meter() {
  const by = new Map<Step, OpCounts>();
  const counted = <T>(step: Step, work: () => Promise<T>) =>
    withOpCounts(work, async (ops) => {
      const total = by.get(step) ?? { reads: 0, writes: 0 };
      by.set(step, { reads: total.reads + ops.reads, writes: total.writes + ops.writes });
    });
  /** Per player: each step's and the whole game's, for a game of `players`. */
  const perPlayer = (players: number) => {
    const per = Object.fromEntries(
      [...by].map(([step, ops]) => [step, { reads: ops.reads / players, writes: ops.writes / players }]),
    ) as Record<Step, OpCounts>;
    const all = [...by.values()].reduce((a, b) => ({ reads: a.reads + b.reads, writes: a.writes + b.writes }));
    console.log(`[cost] ${players} players, per player: ${JSON.stringify(per)}`);
    return { ...per, total: { reads: all.reads / players, writes: all.writes / players } };
  };
  return { counted, perPlayer };
}

const expectAtMost = (ops: OpCounts, most: OpCounts) => {
  expect(ops.reads).toBeLessThanOrEqual(most.reads);
  expect(ops.writes).toBeLessThanOrEqual(most.writes);
};

async function queueSolos(modeId: string, uids: string[], counted: ReturnType<typeof meter>['counted']) {
  let room: RoomDoc | null = null;
  for (const uid of uids) {
    // Counted against the rate limit as the callable does: in its own transaction, on the state it writes anyway.
    const limit = config.fairPlay.rateLimit;
    room = (await counted('enqueue', () => enqueue(ctx, uid, poolOf(poolId(modeId)), { limit }))).room ?? room;
  }
  expect(room, 'the last enqueue should have matched everyone at once').not.toBeNull();
  return room!;
}

async function playersNamed(prefix: string, count: number) {
  const uids = Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
  for (const uid of uids) await ensurePlayer(ctx, uid);
  return uids;
}

/** A 1v1 from enqueue to settlement, both players reporting. */
async function duel(uids: string[], counted: ReturnType<typeof meter>['counted']) {
  const room = await queueSolos('1v1', uids, counted);
  let last: RoomDoc | null = null;
  for (const uid of uids)
    last = (await counted('report', () => reportResult(ctx, { uid, authoritative: false }, room.id, { outcome: 'A' })))
      .room;
  expect(last?.status).toBe('settled');
}

describe('the Firestore cost of a game', () => {
  // Settlement reads and writes each player's private state (whom they met, for fairPlay.farming): one of each.
  // It writes no history row: the settled room is each player's row for the game.
  // The enqueue that matches at once writes its ticket once, already matched, and does not read it back.
  it('a 1v1 from enqueue to settlement reads at most 8.5 and writes at most 6 documents per player', async () => {
    const uids = await playersNamed('cost-duel', 2);
    const { counted, perPlayer } = meter();
    await duel(uids, counted);
    const cost = perPlayer(2);
    expect(cost.total.reads).toBeLessThanOrEqual(8.5);
    expect(cost.total.writes).toBeLessThanOrEqual(6);
    expectAtMost(cost.enqueue, { reads: 5, writes: 3 });
    // The settling report is written by the settlement itself: the room once, not twice.
    expectAtMost(cost.report, { reads: 3.5, writes: 3 });
    await expectInvariants();
  });

  it('a 1v1 of players back from a settled game costs them no read of their last ticket or room', async () => {
    const uids = await playersNamed('cost-again', 2);
    await duel(uids, meter().counted);
    const { counted, perPlayer } = meter();
    await duel(uids, counted);
    const cost = perPlayer(2);
    // As for newcomers: the settlement cleared their states' pointers, so enqueue finds them free at once.
    expectAtMost(cost.enqueue, { reads: 5, writes: 3 });
    expect(cost.total.reads).toBeLessThanOrEqual(8.5);
    expect(cost.total.writes).toBeLessThanOrEqual(6);
    await expectInvariants();
  });

  it('a 2v2 with a ready check, every player reporting, reads at most 10 and writes at most 6.75 documents per player', async () => {
    const uids = await playersNamed('cost-team', 4);
    const { counted, perPlayer } = meter();
    const room = await queueSolos('2v2', uids, counted);
    expect(room.status).toBe('pending');
    for (const uid of uids) await counted('accept', () => respondToReadyCheck(ctx, uid, room.id, true));
    let last: RoomDoc | null = null;
    for (const uid of uids)
      last = (
        await counted('report', () => reportResult(ctx, { uid, authoritative: false }, room.id, { outcome: 'B' }))
      ).room;
    expect(last?.status).toBe('settled');
    const cost = perPlayer(4);
    expect(cost.total.reads).toBeLessThanOrEqual(10);
    expect(cost.total.writes).toBeLessThanOrEqual(6.75);
    // The candidates an enqueue reads depend on the order the four arrive in: 5.25 or 5.75 reads each.
    expectAtMost(cost.enqueue, { reads: 5.75, writes: 3 });
    expectAtMost(cost.accept, { reads: 1, writes: 1 });
    // The settling report is written before the settlement while two players have yet to report, so that a
    // report of theirs arriving meanwhile starts no settlement of its own: the room twice, one write more a game.
    expectAtMost(cost.report, { reads: 3.25, writes: 2.75 });
    await expectInvariants();
  });

  it("a function instance reads an open pool's pauses at most once per 2 s, and a paused one on every enqueue", async () => {
    const mode = poolOf(poolId('3v3'));
    const pause = db.doc('modePauses/3v3');
    const reads = async (times: number) => {
      let total = 0;
      for (let i = 0; i < times; i++)
        await withOpCounts(
          () => assertPoolOpen(ctx, mode).catch((error: unknown) => error),
          async (ops) => {
            total += ops.reads;
          },
        );
      return total;
    };
    expect(await reads(3)).toBe(1);
    // Paused meanwhile: trusted open for 2 s at most, then refused, and read each time while it stays paused.
    await pause.set({ target: '3v3', message: 'down for a fix', by: 'cost-test', at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await expect(assertPoolOpen(ctx, mode)).rejects.toThrow(/^Queueing for 3v3 is paused: down for a fix/);
    expect(await reads(2)).toBe(2);
    // A resume is seen at once.
    await pause.delete();
    await expect(assertPoolOpen(ctx, mode)).resolves.toBeUndefined();
  });

  it("an enqueue reads its pool's statistics only in modes whose arrivals weigh the pool's length, at most once per statsEverySeconds", async () => {
    const waiting = async (modeId: string, times: number) => {
      let reads = 0;
      const seen: number[] = [];
      for (let i = 0; i < times; i++)
        seen.push(
          await withOpCounts(
            () => waitingInPool(ctx, poolOf(poolId(modeId))),
            async (ops) => {
              reads += ops.reads;
            },
          ),
        );
      return { reads, seen };
    };
    // 1v1 has no party that needs a scarce partner, so its arrivals never wait for the sweep: no read.
    expect(await waiting('1v1', 3)).toEqual({ reads: 0, seen: [0, 0, 0] });
    // No sweep has counted 3v3 yet: one read, trusted for the test configuration's statsEverySeconds (1 s).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await waiting('3v3', 3)).toEqual({ reads: 1, seen: [0, 0, 0] });
    const stats = { mode: '3v3', waitingTickets: 40, waitingPlayers: 52, oldestWaitSeconds: 9 };
    await db.doc('pools/3v3').set({ ...stats, recentMatchWaitSeconds: null, unmatched: {}, updatedAt: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, config.advanced.matcher.statsEverySeconds * 1000 + 100));
    expect(await waiting('3v3', 2)).toEqual({ reads: 1, seen: [40, 40] });
  });

  it("a matcher run keeps its pools with one write a round, its beacon's, and writes its leases again only once its beacon was cleared", async () => {
    const pools = ['cost-pool-a', 'cost-pool-b', 'cost-pool-c'].map(poolId);
    const holder = 'cost-run';
    const ttl = 15_000;
    const costOf = async <T>(work: () => Promise<T>) => {
      let ops: OpCounts = { reads: 0, writes: 0 };
      const result = await withOpCounts(work, async (counted) => {
        ops = counted;
      });
      return { result, ops };
    };
    let beacon = await renewBeacon(ctx, holder, ttl, null);
    const first = await claimLeases(ctx, holder, pools, ttl, {
      seen: await readLeases(ctx),
      runs: await liveRuns(ctx),
    });
    expect(first.held).toEqual(pools);
    // A round: the beacon renewed (one write), the leases claimed from what the last claim wrote: nothing more.
    const renewal = await costOf(() => renewBeacon(ctx, holder, ttl, beacon.writtenAt));
    expect(renewal).toMatchObject({ result: { lost: false }, ops: { reads: 0, writes: 1 } });
    beacon = renewal.result;
    const runs = await liveRuns(ctx);
    const kept = await costOf(() => claimLeases(ctx, holder, pools, ttl, { seen: first.written!, runs }));
    expect(kept).toMatchObject({ result: { held: pools }, ops: { reads: 0, writes: 0 } });
    // The leases were not rewritten, yet another run cannot take them while the beacon lives past their expiry.
    const later = Date.now() + ttl + 1;
    const living = livingLeases((await readLeases(ctx)).leases, new Map([[holder, later]]));
    expect(pools.every((id) => !mayTakeLease(living.get(id), 'other-run', later - 1))).toBe(true);
    // Another run found the beacon run out and cleared it, and took one pool meanwhile: the renewal says so, and
    // writing the leases again keeps the two nobody took.
    await db.doc(`matcherRuns/${holder}`).delete();
    await db.doc('matcherLeases/cost-pool-b').set({ holder: 'other-run', expiresAt: Date.now() + ttl });
    const lost = await renewBeacon(ctx, holder, ttl, beacon.writtenAt);
    expect(lost.lost).toBe(true);
    const rewritten = await costOf(() =>
      claimLeases(ctx, holder, pools, ttl, {
        seen: kept.result.written!,
        runs: new Map([[holder, Date.now() + ttl]]),
        rewrite: true,
      }),
    );
    expect(rewritten.result.held).toEqual(['cost-pool-a', 'cost-pool-c']);
    expect(rewritten.ops).toEqual({ reads: 3, writes: 2 });
    expect((await db.doc('matcherLeases/cost-pool-b').get()).data()).toMatchObject({ holder: 'other-run' });
  });

  it('a player refused for calling too fast costs no further read on that instance until their bucket refills', async () => {
    const [uid] = await playersNamed('cost-refused', 1);
    await setCallBucket(uid!, { tokens: 0, at: Date.now() });
    const attempt = async () => {
      let reads = -1;
      const outcome = await withOpCounts(
        () =>
          takeCall(ctx, uid!, config.fairPlay.rateLimit!).then(
            () => 'admitted',
            (error: { code?: string }) => error.code,
          ),
        async (ops) => {
          reads = ops.reads;
        },
      );
      return { outcome, reads };
    };
    expect(await attempt()).toEqual({ outcome: 'resource-exhausted', reads: 1 });
    // The test configuration refills one call every 10 s: until then this instance knows the answer.
    expect(await attempt()).toEqual({ outcome: 'resource-exhausted', reads: 0 });
    expect(await attempt()).toEqual({ outcome: 'resource-exhausted', reads: 0 });
  });
});
