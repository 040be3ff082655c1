import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proposalTickets, sweepPool, violations } from '../../functions/src/core/match/index.js';
import { formSidesFirst } from '../../functions/src/core/match/sidesFirst.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { defaultModes, modeSchema, parseModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { deepFreeze, NOW, solos, sparsePoolArbitrary, ticket } from './helpers.js';
import { bruteForceMatch } from './matchOracle.js';

const fiveVsFive = defaultModes['5v5'] as Mode;
const busy = (mode: Mode, holdSeconds = 10, minQueued = 0): Mode => ({
  ...mode,
  sidesFirst: { minQueued, holdSeconds },
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
  .map(({ teamSize, premade, side, sideWiden, spread, spreadWiden, after, holdSeconds }) =>
    modeSchema.parse({
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
      sidesFirst: { minQueued: 0, holdSeconds },
    }),
  );

const scenario = fc
  .record({ mode: modeArbitrary, pool: sparsePoolArbitrary(11, [4, 2, 3]) })
  .map(({ mode, pool }) => ({ mode, pool: deepFreeze(pool(mode)) }));

describe('sides first (busy pools, opt-in)', () => {
  it('is off by default, and only team modes of three or more a side may turn it on', () => {
    for (const mode of Object.values(defaultModes)) expect(mode.sidesFirst).toBeNull();
    const raw = JSON.parse(JSON.stringify(defaultModes)) as Record<string, Record<string, unknown>>;
    expect(() => parseModes({ '2v2': { ...raw['2v2'], sidesFirst: { minQueued: 0, holdSeconds: 5 } } })).toThrow(
      /modes\.2v2\.sidesFirst: only team modes of three or more a side/,
    );
    expect(() => parseModes({ '5v5': { ...raw['5v5'], sidesFirst: { minQueued: -1, holdSeconds: 5 } } })).toThrow(
      /modes\.5v5\.sidesFirst\.minQueued/,
    );
    expect(
      parseModes({ '5v5': { ...raw['5v5'], sidesFirst: { minQueued: 500, holdSeconds: 10 } } })['5v5']?.sidesFirst,
    ).toEqual({ minQueued: 500, holdSeconds: 10 });
  });

  it('proposes only valid, disjoint matches, and leaves no valid match but among the tickets it holds', () => {
    fc.assert(
      fc.property(scenario, ({ mode, pool }) => {
        const { proposals } = sweepPool(mode, pool, NOW);
        for (const proposal of proposals) expect(violations(mode, proposal)).toEqual([]);
        const seated = proposals.flatMap(proposalTickets);
        expect(new Set(seated).size).toBe(seated.length);
        const held = new Set(formSidesFirst(mode, pool, NOW).held.map((t) => pool[t] as Ticket));
        const holdMs = (mode.sidesFirst?.holdSeconds ?? 0) * 1000;
        for (const t of held) expect(NOW - t.enqueuedAt).toBeLessThan(holdMs);
        const left = pool.filter((t) => !seated.includes(t) && !held.has(t));
        expect(bruteForceMatch(mode, left, NOW)).toBeNull();
      }),
      { numRuns: 800 },
    );
  });

  it('holds nothing once a hold of zero is set, so the sweep stays complete; and is deterministic', () => {
    fc.assert(
      fc.property(scenario, ({ mode, pool }) => {
        const now = busy(mode, 0);
        const { proposals } = sweepPool(now, pool, NOW);
        const seated = new Set(proposals.flatMap(proposalTickets));
        expect(
          bruteForceMatch(
            now,
            pool.filter((t) => !seated.has(t)),
            NOW,
          ),
        ).toBeNull();
        expect(sweepPool(now, pool, NOW)).toEqual(sweepPool(now, pool, NOW));
      }),
      { numRuns: 400 },
    );
  });

  it('leaves a pool smaller than minQueued to the sweep as it was', () => {
    fc.assert(
      fc.property(scenario, ({ mode, pool }) => {
        const quiet = busy(mode, 10, pool.length + 1);
        expect(sweepPool(quiet, pool, NOW)).toEqual(sweepPool({ ...mode, sidesFirst: null }, pool, NOW));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the solo a 4-stack needs for it, so the 4-stack plays when an opponent comes', () => {
    const four = ticket(fiveVsFive, [1500, 1500, 1500, 1500], 8, 'four');
    const tenSolos = solos(fiveVsFive, Array(10).fill(1500), 1);
    const five = ticket(fiveVsFive, [1500, 1500, 1500, 1500, 1500], 0, 'five');
    const twoSweeps = (mode: Mode) => {
      const first = sweepPool(mode, [four, ...tenSolos], NOW).proposals.flatMap(proposalTickets);
      const left = [four, ...tenSolos].filter((t) => !first.includes(t));
      const second = sweepPool(mode, [...left, five], NOW + 2000).proposals.flatMap(proposalTickets);
      return [...first, ...second];
    };
    // Without it the ten solos play one another at once and the 4-stack has no solo left when the 5-stack comes.
    expect(twoSweeps(fiveVsFive)).not.toContain(four);
    expect(twoSweeps(busy(fiveVsFive))).toContain(four);
  });

  it('gives the scarce solos to the 4-stacks that have waited longest', () => {
    const fours = [30, 20, 10].map((wait) => ticket(fiveVsFive, [1500, 1500, 1500, 1500], wait, `four${wait}`));
    const fives = [0, 0].map((_, i) => ticket(fiveVsFive, [1500, 1500, 1500, 1500, 1500], 0, `five${i}`));
    const pool = [...fours.reverse(), ...solos(fiveVsFive, [1500, 1500], 0), ...fives];
    const seated = sweepPool(busy(fiveVsFive), pool, NOW).proposals.flatMap(proposalTickets);
    expect(seated.map((t) => t.id)).toEqual(expect.arrayContaining(['four30', 'four20']));
    expect(seated.map((t) => t.id)).not.toContain('four10');
  });
});
