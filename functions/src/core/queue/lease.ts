import { z } from 'zod';
import { fnv1a } from '../hash.js';

/** `matcherLeases/{poolId}`: which matcher run sweeps the pool, and until when. */
export const leaseSchema = z.object({ holder: z.string(), expiresAt: z.number().int() });
export type Lease = z.infer<typeof leaseSchema>;

/** `matcherRuns/{holder}`: a matcher run that is alive until `expiresAt`, so runs can share the pools out. */
export const runBeaconSchema = z.object({ expiresAt: z.number().int() });

/**
 * The leases as they stand: a lease holds until its own `expiresAt` (set when it was taken) or its holder's
 * beacon's (`runs`: the live runs, by holder, and until when), whichever is later. So a live run keeps its pools
 * by renewing its beacon alone, one write whatever the pools, and its leases run out when its beacon does.
 */
export function livingLeases(
  leases: ReadonlyMap<string, Lease>,
  runs: ReadonlyMap<string, number>,
): Map<string, Lease> {
  return new Map(
    [...leases].map(([id, lease]) => [
      id,
      { ...lease, expiresAt: Math.max(lease.expiresAt, runs.get(lease.holder) ?? Number.NEGATIVE_INFINITY) },
    ]),
  );
}

/** A run may take a pool's lease when nobody holds it, it holds it already, or the holder's lease ran out. */
export function mayTakeLease(current: Lease | undefined, holder: string, nowMs: number): boolean {
  return !current || current.holder === holder || current.expiresAt <= nowMs;
}

export interface LeasePlan<Id extends string = string> {
  /** Pools to hold from now on: those kept, and free ones to try to take. */
  claim: Id[];
  /** Pools held now that this run should hand over, so the other runs get their share. */
  release: Id[];
}

/**
 * Which pools one run should hold when `liveRuns` runs (itself included) share them: each run holds at most
 * its fair share (the pools divided by the runs, rounded up), gives up what it holds beyond that, and tries
 * the free pools in an order of its own, so runs starting together mostly try different pools first.
 */
export function planLeases<Id extends string>(
  poolIds: readonly Id[],
  leases: ReadonlyMap<string, Lease>,
  holder: string,
  liveRuns: number,
  nowMs: number,
): LeasePlan<Id> {
  const share = Math.ceil(poolIds.length / Math.max(1, liveRuns));
  const held = poolIds.filter((id) => {
    const lease = leases.get(id);
    return lease?.holder === holder && lease.expiresAt > nowMs;
  });
  const free = poolIds
    .filter((id) => !held.includes(id) && mayTakeLease(leases.get(id), holder, nowMs))
    .sort((a, b) => preference(holder, a) - preference(holder, b) || (a < b ? -1 : 1));
  const kept = held.slice(0, share);
  return { claim: [...kept, ...free.slice(0, share - kept.length)], release: held.slice(share) };
}

/** A stable pseudo-random rank of a pool for one run (FNV-1a of both ids). */
const preference = (holder: string, poolId: string): number => fnv1a(`${holder}/${poolId}`);

/**
 * When the first lease another run holds runs out (ms since the epoch), or null if none does: the moment this run
 * should look again, so the pools of a run that died are taken over when their leases run out, not at the next
 * regular round. A live run renews long before, so in steady state this comes after the next round anyway.
 */
export function nextTakeover(leases: ReadonlyMap<string, Lease>, holder: string, nowMs: number): number | null {
  const others = [...leases.values()].filter((l) => l.holder !== holder && l.expiresAt > nowMs);
  return others.length ? Math.min(...others.map((l) => l.expiresAt)) : null;
}
