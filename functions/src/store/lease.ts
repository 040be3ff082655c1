import type { Lease } from '../core/queue/lease.js';
import { mayTakeLease } from '../core/queue/lease.js';
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
  countWrites(1);
  const snapshot = await runBeaconsRef().get();
  countQueryReads(snapshot.size);
  const dead = snapshot.docs.filter((d) => d.id !== holder && d.data().expiresAt <= now);
  if (dead.length) {
    const batch = database().batch();
    for (const d of dead) batch.delete(d.ref);
    await batch.commit();
    countWrites(dead.length);
  }
  return snapshot.size - dead.length;
}

export async function endBeacon(holder: string): Promise<void> {
  await runBeaconRef(holder).delete();
  countWrites(1);
}

export async function readLeases(): Promise<Map<string, Lease>> {
  const snapshot = await leasesRef().get();
  countQueryReads(snapshot.size);
  return new Map(snapshot.docs.map((d) => [d.id, d.data()]));
}

const ALREADY_EXISTS = 6;

/** Takes or renews the leases of `poolIds` that are free or already this run's; returns those now held. */
export async function claimLeases(holder: string, poolIds: readonly string[], ttlMs: number): Promise<string[]> {
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
      if ((error as { code?: unknown }).code !== ALREADY_EXISTS || attempt >= 5) throw error;
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
