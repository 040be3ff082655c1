import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeProposal } from '../../functions/src/core/match/proposal.js';
import { proposalTickets, sweepPool, violations } from '../../functions/src/core/match/index.js';
import { defaultModes, parseModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { NOW, scalePoolArbitrary, ticket } from './helpers.js';

/** 5v5 that lets a 4-stack with no solo within the hard cap (400) take one up to 800 points away after 60 s. */
const base = defaultModes['5v5'] as Mode;
const mode: Mode = { ...base, lastResort: { afterSeconds: 60, spread: 800 } };

/** Two 4-stacks at 1,500 and two solos at 2,100, 600 points above: no match within the hard cap. */
const farApart = (wait: number) => [
  ticket(mode, [1500, 1500, 1500, 1500], wait),
  ticket(mode, [1500, 1500, 1500, 1500], wait),
  ticket(mode, [2100], wait),
  ticket(mode, [2100], wait),
];

describe('the last resort (issue 30)', () => {
  it('is off by default, and must widen past the hard spread cap', () => {
    expect(base.lastResort).toBeNull();
    const { '5v5': raw } = JSON.parse(JSON.stringify(defaultModes)) as Record<string, Record<string, unknown>>;
    expect(() => parseModes({ '5v5': { ...raw, lastResort: { afterSeconds: 60, spread: 300 } } })).toThrow(
      /modes\.5v5\.lastResort\.spread: a last resort widens past the hard spread cap \(400\)/,
    );
    expect(() => parseModes({ '5v5': { ...raw, lastResort: { afterSeconds: -1, spread: 800 } } })).toThrow(
      /modes\.5v5\.lastResort\.afterSeconds/,
    );
    expect(parseModes({ '5v5': { ...raw, lastResort: { afterSeconds: 60, spread: 800 } } })['5v5']?.lastResort).toEqual(
      {
        afterSeconds: 60,
        spread: 800,
      },
    );
  });

  it('seats 4-stacks no solo within the hard cap can join once they have waited, and not before', () => {
    const without = sweepPool(base, farApart(90), NOW);
    expect(without.proposals).toEqual([]);
    expect(without.unmatched.noSoloInReach).toBe(2);

    expect(sweepPool(mode, farApart(30), NOW).proposals).toEqual([]);
    const late = sweepPool(mode, farApart(90), NOW);
    expect(late.proposals).toHaveLength(1);
    expect(violations(mode, late.proposals[0]!)).toEqual([]);
    expect(late.unmatched.noSoloInReach).toBe(0);
    expect(late.reasonOf.size).toBe(0);
  });

  it('lets only a match holding such a party spread past the hard cap', () => {
    const [four, , solo] = farApart(90);
    const fives = [ticket(mode, [1500, 1500, 1500, 1500, 1500], 90), ticket(mode, [1600, 1600, 1600, 1600, 1600], 90)];
    const wide = [
      [fives[0]!, ...[2100, 2100, 2100, 2100, 2100].map((r) => ticket(mode, [r], 90))],
      [fives[1]!, ...[1500, 1500, 1500, 1500, 1500].map((r) => ticket(mode, [r], 90))],
    ];
    expect(violations(mode, makeProposal(wide, NOW)).map((v) => v.rule)).toContain('spreadCap');
    const sideA = [four!, solo!];
    const sideB = [ticket(mode, [1600, 1600, 1600, 1600], 90), ticket(mode, [2000], 90)];
    expect(violations(mode, makeProposal([sideA, sideB], NOW))).toEqual([]);
    expect(violations(base, makeProposal([sideA, sideB], NOW)).map((v) => v.rule)).toContain('spreadCap');
  });

  it('only adds matches: the sweep within the caps comes first, unchanged, and each added match holds such a party', () => {
    const pools = scalePoolArbitrary(mode, 180, { maxLength: 40, size: 'max' });
    fc.assert(
      fc.property(pools, (pool) => {
        const within = sweepPool(base, pool, NOW);
        const widened = sweepPool(mode, pool, NOW);
        expect(widened.proposals.slice(0, within.proposals.length)).toEqual(within.proposals);
        for (const proposal of widened.proposals.slice(within.proposals.length)) {
          expect(violations(mode, proposal)).toEqual([]);
          const hopeless = proposalTickets(proposal).filter(
            (t) => within.reasonOf.get(t.id) === 'noSoloInReach' && NOW - t.enqueuedAt >= 60_000,
          );
          expect(hopeless.length).toBeGreaterThan(0);
        }
        const ids = widened.proposals.flatMap(proposalTickets).map((t) => t.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(widened.reasonOf.has(id)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
