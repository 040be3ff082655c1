import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeProposal } from '../../functions/src/core/match/proposal.js';
import { proposalTickets, sweepPool, violations } from '../../functions/src/core/match/index.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { NOW, scalePoolArbitrary, ticket, PARTY_BONUS } from './helpers.js';

/**
 * A party one short of a side that no solo within the hard spread cap can complete waits, however long, and is
 * told so: the hard cap is the worst spread an operator reads off the configuration, and no wait widens past it
 * (issue 45 took out the switch that did, since on by default it would break that promise).
 */
const mode = defaultModes['5v5'] as Mode;

/** Two 4-stacks at 1,500 and two solos at 2,100, 600 points above: no match within the hard cap (400). */
const farApart = (wait: number) => [
  ticket([1500, 1500, 1500, 1500], wait),
  ticket([1500, 1500, 1500, 1500], wait),
  ticket([2100], wait),
  ticket([2100], wait),
];

describe('a party no solo within the hard spread cap can complete', () => {
  it('is not seated past the hard cap however long it waits, and is told noSoloInReach', () => {
    for (const wait of [30, 90, 3_600]) {
      const swept = sweepPool(mode, farApart(wait), NOW);
      expect(swept.proposals).toEqual([]);
      expect(swept.unmatched.noSoloInReach).toBe(2);
    }
  });

  it('breaks the spread cap in any match that holds it with a solo past the hard cap', () => {
    const [four, , solo] = farApart(3_600);
    const sideA = [four!, solo!];
    const sideB = [ticket([1600, 1600, 1600, 1600], 3_600), ticket([2000], 3_600)];
    expect(violations(mode, makeProposal([sideA, sideB], NOW), PARTY_BONUS).map((v) => v.rule)).toContain('spreadCap');
  });

  it('keeps every match of a sweep within the hard cap, and tells noSoloInReach only where no solo is left in reach', () => {
    const pools = scalePoolArbitrary(180, { maxLength: 40, size: 'max' });
    fc.assert(
      fc.property(pools, (pool) => {
        const swept = sweepPool(mode, pool, NOW);
        for (const proposal of swept.proposals) {
          expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
          const scores = proposalTickets(proposal).map((t) => t.score);
          expect(Math.max(...scores) - Math.min(...scores)).toBeLessThanOrEqual(mode.spreadCap.hard);
        }
        const seated = new Set(swept.proposals.flatMap(proposalTickets).map((t) => t.id));
        const solosLeft = pool.filter((t) => t.members.length === 1 && !seated.has(t.id));
        for (const t of pool) {
          if (swept.reasonOf.get(t.id) !== 'noSoloInReach') continue;
          expect(t.members.length).toBe(4);
          expect(solosLeft.every((s) => Math.abs(s.score - t.score) > mode.spreadCap.hard)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});
