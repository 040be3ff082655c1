import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exactOptimum, guardRules, regionRule } from '../../bench/optimum.js';
import { regionsSchema } from '../../functions/src/core/mode/regions.js';
import { firstClash, sweepAvoiding } from '../../functions/src/core/fairplay/avoidance.js';
import { firstRematch, NO_FARMING_RULES, type FarmingConfig } from '../../functions/src/core/fairplay/rematchWindow.js';
import { packingCeiling } from '../../functions/src/core/match/ceiling.js';
import { proposalTickets, sweepPool, violations, type MatchProposal } from '../../functions/src/core/match/index.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import type { GuardedTicket } from '../../functions/src/core/queue/ticket.js';
import { NOW, ticket, PARTY_BONUS } from './helpers.js';
import { bruteForceMostSeated } from './matchOracle.js';

/**
 * The exact yardstick of the benchmark (issue 30): on small pools it is the best packing there is, so it seats at
 * least what the matcher seats and at most the ceiling, and the matcher stays within a stated gap of it.
 */
const seated = (proposals: readonly MatchProposal[]) =>
  proposals.flatMap(proposalTickets).reduce((n, t) => n + t.members.length, 0);

/** Any party size, ratings wider than a fresh spread cap, waits from fresh to past the widest caps. */
const pools = (maxTickets: number) =>
  fc
    .array(
      fc.record({
        size: fc.integer({ min: 1, max: 5 }),
        ratings: fc.array(fc.integer({ min: 1100, max: 1900 }), { minLength: 5, maxLength: 5 }),
        wait: fc.integer({ min: 0, max: 60 }),
      }),
      { maxLength: maxTickets, size: 'max' },
    )
    .map((specs) => specs.map(({ size, ratings, wait }) => ticket(ratings.slice(0, size), wait)));

/** The matcher seats at most this many matches' worth of players fewer than the optimum on these pools. */
const GAP_MATCHES = 2;

describe.each(['3v3', '4v4', '5v5'])('the exact optimum in %s', (id) => {
  const mode = defaultModes[id] as Mode;
  const perMatch = mode.format.kind === 'team' ? 2 * mode.format.teamSize : 0;

  it('seats as many as the best of every set of disjoint valid matches (brute force)', () => {
    fc.assert(
      fc.property(pools(9), (pool) => {
        const optimum = exactOptimum(mode, pool, NOW);
        expect(optimum.proven).toBe(true);
        expect(optimum.seated).toBe(bruteForceMostSeated(mode, pool, NOW));
      }),
      { numRuns: 150 },
    );
  });

  it('is valid, at least the matcher and at most the ceiling; the matcher is within two matches of it', () => {
    fc.assert(
      fc.property(pools(18), (pool) => {
        const sweep = sweepPool(mode, pool, NOW).proposals;
        const optimum = exactOptimum(mode, pool, NOW, { incumbent: sweep });
        expect(optimum.proven).toBe(true);
        expect(seated(optimum.proposals)).toBe(optimum.seated);
        for (const proposal of optimum.proposals) expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
        const ids = optimum.proposals.flatMap(proposalTickets).map((t) => t.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(optimum.seated).toBeGreaterThanOrEqual(seated(sweep));
        expect(optimum.seated).toBeLessThanOrEqual(packingCeiling(mode, pool));
        expect(seated(sweep)).toBeGreaterThanOrEqual(optimum.seated - GAP_MATCHES * perMatch);
      }),
      { numRuns: 150 },
    );
  });
});

describe('the exact optimum under blocks', () => {
  const mode = defaultModes['5v5'] as Mode;
  /** A pool where some tickets block a member of another. */
  const guarded = fc
    .tuple(pools(16), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }))
    .map(([pool, blocks]): GuardedTicket[] => {
      const avoid = pool.map((): string[] => []);
      for (const [a, b] of blocks) {
        const other = pool[b % Math.max(1, pool.length)];
        if (pool.length > 1 && a % pool.length !== b % pool.length && other)
          avoid[a % pool.length]!.push(other.members[0]!.uid);
      }
      return pool.map((t, k) => ({ ...t, avoid: avoid[k]! }));
    });

  it('never seats two tickets that block each other together, and seats at least what the matcher does', () => {
    fc.assert(
      fc.property(guarded, (pool) => {
        const rules = guardRules(NO_FARMING_RULES, NOW);
        const sweep = sweepAvoiding(mode, pool, NOW).proposals;
        const optimum = exactOptimum(mode, pool, NOW, { incumbent: sweep, admissible: rules });
        const byId = new Map(pool.map((t) => [t.id, t]));
        for (const proposal of optimum.proposals) {
          expect(firstClash(proposalTickets(proposal).map((t: Ticket) => byId.get(t.id)!))).toBeNull();
        }
        expect(optimum.seated).toBeGreaterThanOrEqual(seated(sweep));
        expect(optimum.seated).toBeLessThanOrEqual(exactOptimum(mode, pool, NOW).seated);
      }),
      { numRuns: 100 },
    );
  });
});

describe('the exact optimum under the farming window', () => {
  const mode = defaultModes['5v5'] as Mode;
  const farming: FarmingConfig = { rematchMinutes: 10, rematchGames: 2, relaxAfterSeconds: 120, dailyPairCap: null };
  /** A pool where some tickets met a member of another a minute ago, in their last game. */
  const recent = fc
    .tuple(pools(16), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }))
    .map(([pool, meetings]): GuardedTicket[] => {
      const met = pool.map((): { uid: string; at: number; gamesAgo: number }[] => []);
      for (const [a, b] of meetings) {
        const other = pool[b % Math.max(1, pool.length)];
        if (pool.length > 1 && a % pool.length !== b % pool.length && other)
          met[a % pool.length]!.push({ uid: other.members[0]!.uid, at: NOW - 60_000, gamesAgo: 0 });
      }
      return pool.map((t, k) => ({ ...t, avoid: [], recent: met[k]! }));
    });

  it('never faces recent opponents too soon, and seats at least what the matcher does under the same window', () => {
    fc.assert(
      fc.property(recent, (pool) => {
        const sweep = sweepAvoiding(mode, pool, NOW, farming).proposals;
        const optimum = exactOptimum(mode, pool, NOW, { incumbent: sweep, admissible: guardRules(farming, NOW) });
        const byId = new Map(pool.map((t) => [t.id, t]));
        for (const proposal of optimum.proposals) {
          const sides = proposal.sides.map((side) => side.map((t) => byId.get(t.id)!));
          expect(firstRematch(sides, farming, NOW)).toBeNull();
        }
        expect(optimum.proven).toBe(true);
        expect(optimum.seated).toBeGreaterThanOrEqual(seated(sweep));
      }),
      { numRuns: 100 },
    );
  });
});

describe('the exact optimum across regions', () => {
  const mode = defaultModes['5v5'] as Mode;
  // Neighbours, reached after 20 s of waiting (the default reach).
  const regions = regionsSchema.parse({ neighbours: { eu: ['us'], us: ['eu'] } });

  it('seats players of two regions together only once their wait lets them play in one region', () => {
    for (const [wait, expected] of [
      [5, 0],
      [30, 10],
    ] as const) {
      const pool = [1500, 1510, 1520, 1530, 1540, 1500, 1510, 1520, 1530, 1540].map((r) => ticket([r], wait));
      const homeOf = new Map(pool.map((t, k) => [t.id, { home: k < 5 ? 'eu' : 'us', rtts: null }]));
      const rule = regionRule(regions, homeOf, NOW);
      expect(exactOptimum(mode, pool, NOW, { admissible: rule }).seated).toBe(expected);
      // Without regions the same ten make a match at once.
      expect(exactOptimum(mode, pool, NOW).seated).toBe(10);
    }
  });
});
