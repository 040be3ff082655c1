import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proposalTickets, sweepPool, violations } from '../../functions/src/core/match/index.js';
import { BUSY_SWEEP, busySweepRule, type BusySweepRule } from '../../functions/src/core/match/busyPool.js';
import { formSidesFirst } from '../../functions/src/core/match/wholeSides.js';
import { sweepWith } from '../../functions/src/core/match/sweep.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { defaultModes, modeSchema, type Mode } from '../../functions/src/core/mode/modes.js';
import { deepFreeze, NOW, solos, sparsePoolArbitrary, ticket, PARTY_BONUS } from './helpers.js';
import { bruteForceMatch } from './matchOracle.js';

const fiveVsFive = defaultModes['5v5'] as Mode;
/** The default hold, with sides formed first in a pool of any size (the default waits for 500 tickets). */
const busy = (holdSeconds = BUSY_SWEEP.holdSeconds, fromTickets = 0, waitRatio = 0) => ({
  fromTickets,
  waitRatio,
  holdSeconds,
});

/** Team modes of three to five a side, both premade policies, random caps that widen once. */
const modeArbitrary = fc
  .record({
    teamSize: fc.integer({ min: 3, max: 5 }),
    premade: fc.constantFrom('sameCount', 'mirror'),
    side: fc.integer({ min: 1, max: 30 }),
    sideWiden: fc.integer({ min: 0, max: 60 }),
    spread: fc.integer({ min: 20, max: 200 }),
    spreadWiden: fc.integer({ min: 0, max: 300 }),
    after: fc.integer({ min: 1, max: 30 }),
    holdSeconds: fc.integer({ min: 0, max: 40 }),
  })
  .map(({ teamSize, premade, side, sideWiden, spread, spreadWiden, after, holdSeconds }) => ({
    rule: busy(holdSeconds, 0, 0),
    mode: modeSchema.parse({
      ladder: 'team',
      format: {
        kind: 'team',
        teamSize,
        premade,
        sideDifferenceCap: {
          hard: side + sideWiden,
          schedule: [
            { afterSeconds: 0, value: side },
            { afterSeconds: after, value: side + sideWiden },
          ],
        },
      },
      spreadCap: {
        hard: spread + spreadWiden,
        schedule: [
          { afterSeconds: 0, value: spread },
          { afterSeconds: after, value: spread + spreadWiden },
        ],
      },
      ticketTtlSeconds: 120,
    }),
  }));

const scenario = fc
  .record({ setting: modeArbitrary, pool: sparsePoolArbitrary(11, [4, 2, 3]) })
  .map(({ setting: { mode, rule }, pool }) => ({ mode, rule, pool: deepFreeze(pool) }));

describe('sides first in busy pools (no setting: the default sweep)', () => {
  it('is what every default mode with scarce partners does from 500 tickets once its needy parties have waited twice as long as the rest, with a 10 s hold; the others never', () => {
    for (const [id, mode] of Object.entries(defaultModes)) {
      const scarce = mode.format.kind === 'team' && mode.format.teamSize >= 3;
      expect(busySweepRule(mode), id).toEqual(scarce ? { fromTickets: 500, waitRatio: 2, holdSeconds: 10 } : null);
    }
  });

  it('proposes only valid, disjoint matches, and leaves no valid match but among the tickets it holds', () => {
    fc.assert(
      fc.property(scenario, ({ mode, rule, pool }) => {
        const { proposals } = sweepWith(mode, pool, NOW, rule);
        for (const proposal of proposals) expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
        const seated = proposals.flatMap(proposalTickets);
        expect(new Set(seated).size).toBe(seated.length);
        const held = new Set(formSidesFirst(mode, pool, NOW, rule.holdSeconds).held.map((t) => pool[t] as Ticket));
        for (const t of held) expect(NOW - t.enqueuedAt).toBeLessThan(rule.holdSeconds * 1000);
        const left = pool.filter((t) => !seated.includes(t) && !held.has(t));
        expect(bruteForceMatch(mode, left, NOW)).toBeNull();
      }),
      { numRuns: 800 },
    );
  });

  it('holds nothing with a hold of zero, so the sweep stays complete; and is deterministic', () => {
    fc.assert(
      fc.property(scenario, ({ mode, pool }) => {
        const { proposals } = sweepWith(mode, pool, NOW, busy(0, 0, 0));
        const seated = new Set(proposals.flatMap(proposalTickets));
        expect(
          bruteForceMatch(
            mode,
            pool.filter((t) => !seated.has(t)),
            NOW,
          ),
        ).toBeNull();
        expect(sweepWith(mode, pool, NOW, busy(0, 0, 0))).toEqual(sweepWith(mode, pool, NOW, busy(0, 0, 0)));
      }),
      { numRuns: 400 },
    );
  });

  it('sweeps a pool smaller than the rule’s size as a pool with no sides-first step, complete', () => {
    fc.assert(
      fc.property(scenario, ({ mode, pool }) => {
        const quiet = sweepWith(mode, pool, NOW, busy(10, pool.length + 1));
        expect(quiet).toEqual(sweepWith(mode, pool, NOW, null));
        // The default sweep of a pool this small is that sweep.
        expect(sweepPool(mode, pool, NOW)).toEqual(quiet);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the solo a 4-stack needs for it, so the 4-stack plays when an opponent comes', () => {
    const four = ticket([1500, 1500, 1500, 1500], 8, 'four');
    const tenSolos = solos(Array(10).fill(1500), 1);
    const five = ticket([1500, 1500, 1500, 1500, 1500], 0, 'five');
    const twoSweeps = (rule: BusySweepRule | null) => {
      const first = sweepWith(fiveVsFive, [four, ...tenSolos], NOW, rule).proposals.flatMap(proposalTickets);
      const left = [four, ...tenSolos].filter((t) => !first.includes(t));
      const second = sweepWith(fiveVsFive, [...left, five], NOW + 2000, rule).proposals.flatMap(proposalTickets);
      return [...first, ...second];
    };
    // Without it the ten solos play one another at once and the 4-stack has no solo left when the 5-stack comes.
    expect(twoSweeps(null)).not.toContain(four);
    expect(twoSweeps(busy())).toContain(four);
  });

  it('gives the scarce solos to the 4-stacks that have waited longest', () => {
    const fours = [30, 20, 10].map((wait) => ticket([1500, 1500, 1500, 1500], wait, `four${wait}`));
    const fives = [0, 0].map((_, i) => ticket([1500, 1500, 1500, 1500, 1500], 0, `five${i}`));
    const pool = [...fours.reverse(), ...solos([1500, 1500], 0), ...fives];
    const seated = sweepWith(fiveVsFive, pool, NOW, busy()).proposals.flatMap(proposalTickets);
    expect(seated.map((t) => t.id)).toEqual(expect.arrayContaining(['four30', 'four20']));
    expect(seated.map((t) => t.id)).not.toContain('four10');
  });

  it('does it by default in a 5v5 pool of 500 tickets where a 4-stack has waited 40 s: it keeps its solo through a sweep', () => {
    const four = ticket([1500, 1500, 1500, 1500], 40, 'four');
    const tenSolos = solos(Array(10).fill(1500), 1);
    // 490 5-stacks far below, which play one another: they only make the pool busy.
    const filler = Array.from({ length: 490 }, (_, i) => ticket(Array(5).fill(300), 1, `filler${i}`));
    const pool = [four, ...tenSolos, ...filler];
    const first = sweepPool(fiveVsFive, pool, NOW).proposals.flatMap(proposalTickets);
    expect(first).not.toContain(four);
    const left = pool.filter((t) => !first.includes(t));
    expect(left.filter((t) => t.members.length === 1).length).toBeGreaterThan(0);
    const five = ticket([1500, 1500, 1500, 1500, 1500], 0, 'five');
    expect(sweepPool(fiveVsFive, [...left, five], NOW + 2000).proposals.flatMap(proposalTickets)).toContain(four);
  });

  it('does not in a pool queued at once, where nobody has waited longer than anyone else to be served first', () => {
    const pool = [
      ticket([1500, 1500, 1500, 1500], 30, 'four'),
      ...solos(Array(10).fill(1500), 30),
      ...Array.from({ length: 490 }, (_, i) => ticket(Array(5).fill(300), 30, `filler${i}`)),
    ];
    // (Seed 004's 20,000-player pool is such a pool, where sides first would seat fewer: slicedSearch's test.)
    expect(sweepPool(fiveVsFive, pool, NOW)).toEqual(sweepWith(fiveVsFive, pool, NOW, null));
  });
});
