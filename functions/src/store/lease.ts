import type { Timestamp } from 'firebase-admin/firestore';
import type { Lease } from '../core/queue/lease.js';
import { mayTakeLease } from '../core/queue/lease.js';
import { GRPC, grpcCode } from './firestore/grpc.js';
import { countQueryReads, countWrites } from './firestore/metrics.js';
import { leaseRef, leasesRef, runBeaconRef, runBeaconsRef } from './firestore/refs.js';
import { transaction } from './firestore/tx.js';
import { database } from './firestore/db.js';

/*
 * Each pool has its own lease, so several matcher runs can sweep side by side, each its own pools. A lease is
 * an economy, not a guarantee: every commit re-checks its tickets, so a run that loses a lease mid-sweep (or a
 * duplicated schedule delivery) can propose, but never double-match.
 */

/** Says this run is alive until `expiresAt`, and clears the beacons of runs that ended without saying so. */
export async function beacon(holder: string, ttlMs: number): Promise<number> {
  const now = Date.now();
  await runBeaconRef(holder).set({ expiresAt: now + ttlMs });
  countWrites(1, 'matcherRuns');
  const snapshot = await runBeaconsRef().get();
  countQueryReads(snapshot.size, 'matcherRuns');
  const dead = snapshot.docs.filter((d) => d.id !== holder && d.data().expiresAt <= now);
  if (dead.length) {
    const batch = database().batch();
    for (const d of dead) batch.delete(d.ref);
    await batch.commit();
    countWrites(dead.length, 'matcherRuns');
  }
  return snapshot.size - dead.length;
}

export async function endBeacon(holder: string): Promise<void> {
  await runBeaconRef(holder).delete();
  countWrites(1, 'matcherRuns');
}

/** The leases as one query saw them, with each one's update time, so a claim can write on them unread. */
export interface LeasesRead {
  leases: Map<string, Lease>;
  updateTimes: Map<string, Timestamp>;
}

export async function readLeases(): Promise<LeasesRead> {
  const snapshot = await leasesRef().get();
  countQueryReads(snapshot.size, 'matcherLeases');
  return {
    leases: new Map(snapshot.docs.map((d) => [d.id, d.data()])),
    updateTimes: new Map(snapshot.docs.map((d) => [d.id, d.updateTime])),
  };
}

/** The leases a claim holds now; `written`, when it knows their update times, lets the next renewal skip reading them. */
export interface Claim {
  held: string[];
  written: LeasesRead | null;
}

/**
 * Takes or renews the leases of `poolIds` that are free or already this run's, as `seen` shows them, without
 * reading them again: one batch whose every write holds only if its lease is unchanged since (a lease nobody
 * held is created). Returns null when another run wrote one meanwhile (nothing is written then).
 */
async function claimSeen(holder: string, poolIds: readonly string[], ttlMs: number, seen: LeasesRead) {
  const now = Date.now();
  const taken = poolIds.filter((id) => mayTakeLease(seen.leases.get(id), holder, now));
  const lease = { holder, expiresAt: now + ttlMs };
  const batch = database().batch();
  for (const id of taken) {
    const lastUpdateTime = seen.updateTimes.get(id);
    if (lastUpdateTime) batch.update(leaseRef(id), lease, { lastUpdateTime });
    else batch.create(leaseRef(id), lease);
  }
  try {
    const results = taken.length ? await batch.commit() : [];
    countWrites(taken.length, 'matcherLeases');
    const written = {
      leases: new Map(taken.map((id) => [id, lease])),
      updateTimes: new Map(taken.map((id, i) => [id, results[i]!.writeTime])),
    };
    return { held: taken, written };
  } catch (error) {
    const code = grpcCode(error);
    // Another run wrote, created or released one of them since: decide again in a transaction.
    if (code === GRPC.NOT_FOUND || code === GRPC.ALREADY_EXISTS || code === GRPC.FAILED_PRECONDITION) return null;
    throw error;
  }
}

/**
 * Takes or renews the leases of `poolIds` that are free or already this run's. With `seen` (leases as this run
 * last read or wrote them) it first tries without reading them again; otherwise, or when one changed since, a
 * transaction reads them.
 */
export async function claimLeases(
  holder: string,
  poolIds: readonly string[],
  ttlMs: number,
  seen?: LeasesRead,
): Promise<Claim> {
  const claimed = seen ? await claimSeen(holder, poolIds, ttlMs, seen) : null;
  return claimed ?? { held: await claimInTransaction(holder, poolIds, ttlMs), written: null };
}

async function claimInTransaction(holder: string, poolIds: readonly string[], ttlMs: number): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(async (tx) => {
        const now = Date.now();
        const current = await tx.getAll(poolIds.map(leaseRef));
        const taken = poolIds.filter((_, i) => mayTakeLease(current[i]!.data(), holder, now));
        for (const id of taken) {
          const lease = { holder, expiresAt: now + ttlMs };
          // A lease nobody held is created, not set: reading a missing document does not stop another run from
          // creating it meanwhile, but a create then fails instead of overwriting that run's lease.
          if (current[poolIds.indexOf(id)]!.exists) tx.set(leaseRef(id), lease);
          else tx.create(leaseRef(id), lease);
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
export function releaseLeases(holder: string, poolIds: readonly string[]): Promise<void> {
  return transaction(async (tx) => {
    const current = await tx.getAll(poolIds.map(leaseRef));
    poolIds.forEach((id, i) => {
      if ((current[i]!.data() as Lease | undefined)?.holder === holder) tx.delete(leaseRef(id));
    });
  });
}
