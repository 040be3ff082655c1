import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packingPool } from '../../bench/packing.js';
import { proposalTickets, sweepPool, violations, type MatchProposal } from '../../functions/src/core/match/index.js';
import { improvePacking, SEARCH_BUDGET } from '../../functions/src/core/match/improve.js';
import { improveBySlices } from '../../functions/src/core/match/slicedSearch.js';
import { greedySweep } from '../../functions/src/core/match/sweep.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { NOW, scalePoolArbitrary, PARTY_BONUS } from './helpers.js';

const seated = (proposals: readonly MatchProposal[]) =>
  proposals.reduce((n, p) => n + proposalTickets(p).reduce((k, t) => k + t.members.length, 0), 0);

const mode = defaultModes['5v5'] as Mode;
const bySweep = (now: number) => (part: readonly Ticket[]) => greedySweep(mode, part, now).proposals;

/** Party-heavy pools across the whole scale, so that several slices of a few dozen tickets hold matches. */
const pools = scalePoolArbitrary(40, { minLength: 40, maxLength: 120 });

describe('the packing search slice by slice', () => {
  it('keeps every proposal valid and disjoint, seats at least as many as the greedy sweep, and is deterministic', () => {
    fc.assert(
      fc.property(pools, fc.integer({ min: 10, max: 60 }), (pool, sliceTickets) => {
        const greedy = greedySweep(mode, pool, NOW).proposals;
        const sliced = () => improveBySlices(mode, pool, greedy, NOW, bySweep(NOW), sliceTickets);
        const searched = sliced();
        expect(seated(searched)).toBeGreaterThanOrEqual(seated(greedy));
        const ids = searched.flatMap((p) => proposalTickets(p).map((t) => t.id));
        expect(new Set(ids).size).toBe(ids.length);
        const known = new Set(pool.map((t) => t.id));
        expect(ids.every((id) => known.has(id))).toBe(true);
        for (const proposal of searched) expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
        expect(sliced().map((p) => proposalTickets(p).map((t) => t.id))).toEqual(
          searched.map((p) => proposalTickets(p).map((t) => t.id)),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('seats more than the greedy sweep on a 1,000-player pool of seed 004 cut into slices of 100 tickets', () => {
    const now = Date.UTC(2026, 0, 1);
    const pool = packingPool(20_261_105, 1_000, now);
    const greedy = greedySweep(mode, pool, now).proposals;
    const sliced = improveBySlices(mode, pool, greedy, now, bySweep(now), 100);
    expect(seated(greedy)).toBe(840);
    expect(seated(sliced)).toBeGreaterThan(840);
    expect(sliced.flatMap((p) => violations(mode, p, PARTY_BONUS))).toEqual([]);
  });

  it("lets the sweep seat more than the greedy passes at 20,000 players (seed 004's benchmark pool)", () => {
    const now = Date.UTC(2026, 0, 1);
    const pool = packingPool(20_260_101 + 4 + 20_000, 20_000, now);
    const greedy = greedySweep(mode, pool, now).proposals;
    const swept = sweepPool(mode, pool, now).proposals;
    expect(seated(greedy)).toBe(19_360);
    expect(seated(swept)).toBeGreaterThanOrEqual(19_380);
    expect(swept.flatMap((p) => violations(mode, p, PARTY_BONUS))).toEqual([]);
  });
});

describe("the packing search's patience", () => {
  const now = Date.UTC(2026, 0, 1);
  const pool = packingPool(20_261_107, 1_000, now);

  it("seats the match of seed 004's third 1,000-player pool that a search giving up after two idle rounds per stranded ticket missed", () => {
    expect(seated(greedySweep(mode, pool, now).proposals)).toBeLessThan(920);
    expect(seated(sweepPool(mode, pool, now).proposals)).toBeGreaterThanOrEqual(920);
  });

  it('is what the fresh pool gets: the shorter patience, which a stream keeps after its first minute, misses it', () => {
    const greedy = greedySweep(mode, pool, now).proposals;
    const sweep = (part: readonly Ticket[]) => greedySweep(mode, part, now).proposals;
    expect(seated(improvePacking(mode, pool, greedy, now, sweep, SEARCH_BUDGET))).toBe(910);
    expect(seated(improvePacking(mode, pool, greedy, now, sweep))).toBeGreaterThanOrEqual(920);
  });
});
