import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Lease,
  livingLeases,
  mayTakeLease,
  nextTakeover,
  planLeases,
} from '../../functions/src/core/queue/lease.js';

const TTL = 15_000;

/** Runs rebalance one after another, each applying its plan to the shared leases, as the store does. */
function rebalanceRounds(pools: string[], runs: string[], order: number[], leases: Map<string, Lease>, now: number) {
  for (const i of order) {
    const holder = runs[i % runs.length]!;
    const plan = planLeases(pools, leases, holder, runs.length, now);
    for (const id of plan.release) leases.delete(id);
    for (const id of plan.claim) leases.set(id, { holder, expiresAt: now + TTL });
  }
}

const poolsArb = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,6}$/), { minLength: 1, maxLength: 12 });

describe('sharing the pools out between matcher runs', () => {
  it('never claims a pool another live run holds, and never more than its share', () => {
    fc.assert(
      fc.property(
        poolsArb,
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: -20_000, max: 20_000 }))),
        (pools, runs, held) => {
          const now = 1_000_000;
          const leases = new Map<string, Lease>();
          held.forEach(([who, ttl], i) => {
            const id = pools[i % pools.length]!;
            leases.set(id, { holder: `run${who}`, expiresAt: now + ttl });
          });
          const plan = planLeases(pools, leases, 'run0', runs, now);
          const share = Math.ceil(pools.length / runs);
          expect(plan.claim.length).toBeLessThanOrEqual(share);
          for (const id of plan.claim) {
            const lease = leases.get(id);
            expect(!lease || lease.holder === 'run0' || lease.expiresAt <= now).toBe(true);
          }
          for (const id of plan.release) expect(leases.get(id)?.holder).toBe('run0');
          expect(plan.claim.filter((id) => plan.release.includes(id))).toEqual([]);
        },
      ),
    );
  });

  it('ends with every pool held by exactly one run and none holding more than its share, whatever the order', () => {
    fc.assert(
      fc.property(
        poolsArb,
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 30 }),
        (pools, count, order) => {
          const runs = Array.from({ length: count }, (_, i) => `run${i}`);
          const leases = new Map<string, Lease>();
          // Whatever happened before, two full rounds in turn settle it.
          rebalanceRounds(pools, runs, [...order, ...runs.keys(), ...runs.keys()], leases, 1_000);
          const share = Math.ceil(pools.length / count);
          expect([...leases.keys()].sort()).toEqual([...pools].sort());
          for (const run of runs)
            expect([...leases.values()].filter((l) => l.holder === run).length).toBeLessThanOrEqual(share);
        },
      ),
    );
  });

  it('takes over the pools of a run whose leases ran out', () => {
    const leases = new Map<string, Lease>([
      ['1v1', { holder: 'dead', expiresAt: 999 }],
      ['2v2', { holder: 'dead', expiresAt: 999 }],
      ['ffa', { holder: 'alive', expiresAt: 20_000 }],
    ]);
    const plan = planLeases(['1v1', '2v2', 'ffa'], leases, 'alive', 1, 1_000);
    expect(plan.claim.sort()).toEqual(['1v1', '2v2', 'ffa']);
    expect(plan.release).toEqual([]);
  });

  it('hands over what it holds beyond its share when another run arrives', () => {
    const leases = new Map<string, Lease>(
      ['a', 'b', 'c', 'd'].map((id) => [id, { holder: 'first', expiresAt: 20_000 }]),
    );
    const first = planLeases(['a', 'b', 'c', 'd'], leases, 'first', 2, 1_000);
    expect(first.claim).toHaveLength(2);
    expect(first.release).toHaveLength(2);
    for (const id of first.release) leases.delete(id);
    const second = planLeases(['a', 'b', 'c', 'd'], leases, 'second', 2, 1_000);
    expect(second.claim.sort()).toEqual(first.release.sort());
  });

  it('looks again the moment the first lease of another run runs out, and then may take that pool', () => {
    fc.assert(
      fc.property(
        poolsArb,
        fc.array(fc.tuple(fc.constantFrom('me', 'other', 'third'), fc.integer({ min: -20_000, max: 20_000 }))),
        (pools, held) => {
          const now = 1_000_000;
          const leases = new Map<string, Lease>();
          held.forEach(([holder, ttl], i) => {
            leases.set(pools[i % pools.length]!, { holder, expiresAt: now + ttl });
          });
          const at = nextTakeover(leases, 'me', now);
          const others = [...leases].filter(([, l]) => l.holder !== 'me' && l.expiresAt > now);
          if (!others.length) {
            expect(at).toBeNull();
            return;
          }
          // Before it no other run's pool is free; at it one is, and this run alone would claim it.
          expect(at).toBeGreaterThan(now);
          const early = planLeases(pools, leases, 'me', 1, at! - 1).claim;
          expect(others.filter(([id]) => early.includes(id))).toEqual([]);
          const freed = others.filter(([, l]) => l.expiresAt === at).map(([id]) => id);
          expect(freed.length).toBeGreaterThan(0);
          for (const id of freed) expect(planLeases(pools, leases, 'me', 1, at!).claim).toContain(id);
        },
      ),
    );
  });

  it("holds a lease until the later of its own expiry and its holder's beacon, unwritten since it was taken", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20_000, max: 20_000 }),
        fc.option(fc.integer({ min: -20_000, max: 60_000 }), { nil: undefined }),
        fc.integer({ min: -30_000, max: 70_000 }),
        (leaseTtl, beaconTtl, later) => {
          const now = 1_000_000;
          const leases = new Map<string, Lease>([['1v1', { holder: 'owner', expiresAt: now + leaseTtl }]]);
          const runs = new Map(beaconTtl === undefined ? [] : [['owner', now + beaconTtl]]);
          const living = livingLeases(leases, runs);
          const until = Math.max(now + leaseTtl, beaconTtl === undefined ? -Infinity : now + beaconTtl);
          // Another run may take it exactly once both have passed; a beacon gone (cleared) leaves the lease's own.
          expect(mayTakeLease(living.get('1v1'), 'other', now + later)).toBe(now + later >= until);
          expect(mayTakeLease(living.get('1v1'), 'owner', now + later)).toBe(true);
          expect(nextTakeover(living, 'other', now)).toBe(until > now ? until : null);
        },
      ),
    );
  });
});
