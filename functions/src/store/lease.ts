import type { Timestamp } from 'firebase-admin/firestore';
import type { PoolId } from '../core/mode/pool.js';
import type { Lease } from '../core/queue/lease.js';
import { livingLeases, mayTakeLease } from '../core/queue/lease.js';
import { GRPC, grpcCode } from './firestore/grpc.js';
import { countQueryReads, countReads, countWrites } from './firestore/metrics.js';
import { leaseRef, leasesRef, runBeaconRef, runBeaconsRef } from './firestore/refs.js';
import { transaction } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

/*
 * Each pool has its own lease, so several matcher runs can sweep side by side, each its own pools. A lease is
 * an economy, not a guarantee: every commit re-checks its tickets, so a run that loses a lease mid-sweep (or a
 * duplicated schedule delivery) can propose, but never double-match.
 */

/**
 * Renews this run's beacon until `ttlMs` from now, on condition that it is as this run's previous write (`last`)
 * left it; the first is created. A beacon gone or changed means another run found it run out and cleared it, so
 * may be taking this run's pools: `lost` then, and the beacon is written again (the caller writes its leases
 * again too, which keeps those nobody took).
 */
export async function renewBeacon(
  ctx: LadderContext,
  holder: string,
  ttlMs: number,
  last: Timestamp | null,
): Promise<{ writtenAt: Timestamp; lost: boolean }> {
  const ref = runBeaconRef(ctx, holder);
  const beacon = { expiresAt: ctx.clock.now() + ttlMs };
  if (last) {
    try {
      const { writeTime } = await ref.update(beacon, { lastUpdateTime: last });
      countWrites(ctx, 1, 'matcherRuns');
      return { writtenAt: writeTime, lost: false };
    } catch (error) {
      const code = grpcCode(error);
      if (code !== GRPC.NOT_FOUND && code !== GRPC.FAILED_PRECONDITION) throw error;
    }
  }
  const { writeTime } = await ref.set(beacon);
  countWrites(ctx, 1, 'matcherRuns');
  return { writtenAt: writeTime, lost: last !== null };
}

/**
 * The runs alive (holder → until when), and clears the beacons of runs that ended without saying so, each on
 * condition that it is unchanged since read: a run that renewed meanwhile is alive after all.
 */
export async function liveRuns(ctx: LadderContext): Promise<Map<string, number>> {
  const now = ctx.clock.now();
  const snapshot = await runBeaconsRef(ctx).get();
  countQueryReads(ctx, snapshot.size, 'matcherRuns');
  const runs = new Map<string, number>();
  for (const d of snapshot.docs) {
    if (d.data().expiresAt > now) {
      runs.set(d.id, d.data().expiresAt);
      continue;
    }
    try {
      await d.ref.delete({ lastUpdateTime: d.updateTime });
      countWrites(ctx, 1, 'matcherRuns');
    } catch (error) {
      const code = grpcCode(error);
      if (code !== GRPC.FAILED_PRECONDITION && code !== GRPC.NOT_FOUND) throw error;
      const renewed = (await d.ref.get()).data();
      countReads(ctx, 1, 'matcherRuns');
      if (renewed) runs.set(d.id, renewed.expiresAt);
    }
  }
  return runs;
}

export async function endBeacon(ctx: LadderContext, holder: string): Promise<void> {
  await runBeaconRef(ctx, holder).delete();
  countWrites(ctx, 1, 'matcherRuns');
}

/** The leases as one query saw them, with each one's update time, so a claim can write on them unread. */
export interface LeasesRead {
  leases: Map<string, Lease>;
  updateTimes: Map<string, Timestamp>;
}

export async function readLeases(ctx: LadderContext): Promise<LeasesRead> {
  const snapshot = await leasesRef(ctx).get();
  countQueryReads(ctx, snapshot.size, 'matcherLeases');
  return {
    leases: new Map(snapshot.docs.map((d) => [d.id, d.data()])),
    updateTimes: new Map(snapshot.docs.map((d) => [d.id, d.updateTime])),
  };
}

/** The leases a claim holds now; `written`, when it knows their update times, lets the next claim skip reading them. */
export interface Claim {
  held: PoolId[];
  written: LeasesRead | null;
}

export interface ClaimOptions {
  /** The leases as this run last read or wrote them: tried without reading them again. */
  seen?: LeasesRead;
  /** The runs alive and until when (`liveRuns`): a lease lasts as long as its holder's beacon. */
  runs: ReadonlyMap<string, number>;
  /** Write the leases this run holds already too (its beacon was lost): a run that took one meanwhile keeps it. */
  rewrite?: boolean;
}

/**
 * Takes the leases of `poolIds` that are free, as `seen` shows them, without reading them again, and keeps those
 * this run holds already: one batch whose every write holds only if its lease is unchanged since (a lease nobody
 * held is created). A lease this run holds is not written again (its beacon keeps it) unless `rewrite`. Returns
 * null when another run wrote one meanwhile (nothing is written then).
 */
async function claimSeen(
  ctx: LadderContext,
  holder: string,
  poolIds: readonly PoolId[],
  ttlMs: number,
  seen: LeasesRead,
  options: ClaimOptions,
) {
  const now = ctx.clock.now();
  const living = livingLeases(seen.leases, options.runs);
  const taken = poolIds.filter((id) => mayTakeLease(living.get(id), holder, now));
  const writing = taken.filter((id) => options.rewrite || seen.leases.get(id)?.holder !== holder);
  const lease = { holder, expiresAt: now + ttlMs };
  const batch = ctx.db.batch();
  for (const id of writing) {
    const lastUpdateTime = seen.updateTimes.get(id);
    if (lastUpdateTime) batch.update(leaseRef(ctx, id), lease, { lastUpdateTime });
    else batch.create(leaseRef(ctx, id), lease);
  }
  try {
    const results = writing.length ? await batch.commit() : [];
    countWrites(ctx, writing.length, 'matcherLeases');
    const written: LeasesRead = { leases: new Map(), updateTimes: new Map() };
    for (const id of taken) {
      const i = writing.indexOf(id);
      written.leases.set(id, i < 0 ? seen.leases.get(id)! : lease);
      written.updateTimes.set(id, i < 0 ? seen.updateTimes.get(id)! : results[i]!.writeTime);
    }
    return { held: taken, written };
  } catch (error) {
    const code = grpcCode(error);
    // Another run wrote, created or released one of them since: decide again in a transaction.
    if (code === GRPC.NOT_FOUND || code === GRPC.ALREADY_EXISTS || code === GRPC.FAILED_PRECONDITION) return null;
    throw error;
  }
}

/**
 * Takes the leases of `poolIds` that are free and keeps those already this run's. With `seen` (leases as this run
 * last read or wrote them) it first tries without reading them again; otherwise, or when one changed since, a
 * transaction reads them.
 */
export async function claimLeases(
  ctx: LadderContext,
  holder: string,
  poolIds: readonly PoolId[],
  ttlMs: number,
  options: ClaimOptions,
): Promise<Claim> {
  const claimed = options.seen ? await claimSeen(ctx, holder, poolIds, ttlMs, options.seen, options) : null;
  return claimed ?? { held: await claimInTransaction(ctx, holder, poolIds, ttlMs, options), written: null };
}

async function claimInTransaction(
  ctx: LadderContext,
  holder: string,
  poolIds: readonly PoolId[],
  ttlMs: number,
  options: ClaimOptions,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(ctx, async (tx) => {
        const now = ctx.clock.now();
        const current = await tx.getAll(poolIds.map((id) => leaseRef(ctx, id)));
        const read = new Map(
          poolIds.flatMap((id, i) => (current[i]!.exists ? [[id, current[i]!.data() as Lease]] : [])),
        );
        const living = livingLeases(read, options.runs);
        const taken = poolIds.filter((id) => mayTakeLease(living.get(id), holder, now));
        for (const id of taken) {
          if (!options.rewrite && read.get(id)?.holder === holder) continue;
          const lease = { holder, expiresAt: now + ttlMs };
          // A lease nobody held is created, not set: reading a missing document does not stop another run from
          // creating it meanwhile, but a create then fails instead of overwriting that run's lease.
          if (read.has(id)) tx.set(leaseRef(ctx, id), lease);
          else tx.create(leaseRef(ctx, id), lease);
        }
        return taken;
      });
    } catch (error) {
      // Another run created one of these leases first: read them again.
      if (grpcCode(error) !== GRPC.ALREADY_EXISTS || attempt >= 5) throw error;
    }
  }
}

/** Gives up the leases of `poolIds` that this run still holds. */
export function releaseLeases(ctx: LadderContext, holder: string, poolIds: readonly string[]): Promise<void> {
  return transaction(ctx, async (tx) => {
    const current = await tx.getAll(poolIds.map((id) => leaseRef(ctx, id)));
    poolIds.forEach((id, i) => {
      if ((current[i]!.data() as Lease | undefined)?.holder === holder) tx.delete(leaseRef(ctx, id));
    });
  });
}
