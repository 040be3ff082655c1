import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packingPool } from '../../bench/packing.js';
import { proposalTickets, sweepPool, violations, type MatchProposal } from '../../functions/src/core/match/index.js';
import { greedySweep } from '../../functions/src/core/match/sweep.js';
import { capAt } from '../../functions/src/core/match/widening.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { NOW, ticket, PARTY_BONUS } from './helpers.js';

const seated = (proposals: readonly MatchProposal[]) =>
  proposals.reduce((n, p) => n + proposalTickets(p).reduce((k, t) => k + t.members.length, 0), 0);

const fairMatches = (mode: Mode, proposals: readonly MatchProposal[]) => {
  if (mode.format.kind !== 'team') return 0;
  const freshCap = capAt(mode.format.sideDifferenceCap, 0);
  return proposals.filter((p) => (p.quality.sideDifference ?? 0) <= freshCap).length;
};

/** Seed 004's kind of pool, small: any party size, ratings wider apart than the spread cap, waits up to 40 s. */
const pools = fc
  .array(
    fc.record({
      size: fc.integer({ min: 1, max: 5 }),
      ratings: fc.array(fc.integer({ min: 700, max: 2300 }), { minLength: 5, maxLength: 5 }),
      wait: fc.integer({ min: 0, max: 40 }),
    }),
    { maxLength: 40 },
  )
  .map((specs) => specs.map(({ size, ratings, wait }) => ticket(ratings.slice(0, size), wait)));

describe.each(['3v3', '4v4', '5v5'])('the packing search in %s', (id) => {
  const mode = defaultModes[id] as Mode;

  it('seats at least as many as the greedy sweep, and as many only with as many fair matches', () => {
    fc.assert(
      fc.property(pools, (pool) => {
        const greedy = greedySweep(mode, pool, NOW).proposals;
        const searched = sweepPool(mode, pool, NOW).proposals;
        expect(seated(searched)).toBeGreaterThanOrEqual(seated(greedy));
        if (seated(searched) === seated(greedy)) {
          expect(fairMatches(mode, searched)).toBeGreaterThanOrEqual(fairMatches(mode, greedy));
        }
        const ids = searched.flatMap((p) => proposalTickets(p).map((t) => t.id));
        expect(new Set(ids).size).toBe(ids.length);
        for (const proposal of searched) expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('searches the same pool alike every time', () => {
    fc.assert(
      fc.property(pools, (pool) => {
        const ids = () => sweepPool(mode, pool, NOW).proposals.map((p) => proposalTickets(p).map((t) => t.id));
        expect(ids()).toEqual(ids());
      }),
      { numRuns: 50 },
    );
  });
});

describe("the packing search on seed 004's population", () => {
  const mode = defaultModes['5v5'] as Mode;

  it('seats a match more than the greedy sweep on the first 1,000-player pool of the benchmark, breaking no rule', () => {
    const now = Date.UTC(2026, 0, 1);
    const pool = packingPool(20_261_105, 1_000, now);
    const greedy = greedySweep(mode, pool, now).proposals;
    const searched = sweepPool(mode, pool, now).proposals;
    expect(seated(greedy)).toBe(840);
    expect(seated(searched)).toBeGreaterThanOrEqual(850);
    expect(searched.flatMap((p) => violations(mode, p, PARTY_BONUS))).toEqual([]);
  });
});
