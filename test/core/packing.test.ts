import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { proposalTickets, sweepPool } from '../../functions/src/core/match/index.js';
import { NO_PARTNER, pairScarceSolos } from '../../functions/src/core/match/packing.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { NOW, ticket } from './helpers.js';
import { capAfter, maximumPairs } from './matchOracle.js';

const fiveVsFive = defaultModes['5v5'] as Mode;
const reach = fiveVsFive.spreadCap.hard;
if (fiveVsFive.format.kind !== 'team') throw new Error('5v5 is a team mode');
/** The side cap after the 30 s every ticket of these tests has waited. */
const sideCap = capAfter(fiveVsFive.format.sideDifferenceCap, 30);

describe('pairing scarce solos (5v5: a 4-stack can only sit beside a solo)', () => {
  it('pairs as many 4-stacks as any pairing within the hard spread cap could, each with one solo', () => {
    const scores = fc.array(fc.integer({ min: 0, max: 3000 }), { maxLength: 9 });
    fc.assert(
      fc.property(scores, scores, fc.array(fc.constantFrom(2, 3, 5), { maxLength: 4 }), (stacks, solos, others) => {
        const sizes = [...stacks.map(() => 4), ...solos.map(() => 1), ...others];
        const all = [...stacks, ...solos, ...others.map(() => 1500)];
        const partners = pairScarceSolos(fiveVsFive, sizes, all, () => true);
        let pairs = 0;
        partners.forEach((partner, t) => {
          if (partner === NO_PARTNER) return;
          expect(partners[partner]).toBe(t);
          expect(new Set([sizes[t], sizes[partner]])).toEqual(new Set([4, 1]));
          expect(Math.abs((all[t] ?? 0) - (all[partner] ?? 0))).toBeLessThanOrEqual(reach);
          if (sizes[t] === 4) pairs++;
        });
        expect(pairs).toBe(maximumPairs(reach, stacks, solos));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a solo for the 4-stack that needs it rather than making five solos play five', () => {
    // Ten solos could play five against five, and nothing else could seat the two 4-stacks: those solos are
    // easily matched later with others, the 4-stacks are not.
    const solos = [1530, 1532, 1534, 1536, 1538, 1540, 1542, 1544, 1546, 1548].map((r) => ticket([r], 30));
    const stacks = [ticket([1550, 1560, 1570, 1580], 30), ticket([1560, 1570, 1580, 1590], 30)];
    const fives = [0, 1].map(() => ticket([1550, 1560, 1570, 1580, 1590], 30));
    const matched = sweepPool(fiveVsFive, [...solos, ...stacks, ...fives], NOW).proposals.flatMap(proposalTickets);
    expect(matched).toEqual(expect.arrayContaining(stacks));
    expect(matched).toHaveLength(2 + 2 + 2);
  });
});

describe('matching whole sides (full parties, and 4-stacks with their solo) where no other solo is near', () => {
  it('faces two 4+1 sides with the two full parties rather than with each other', () => {
    // 4+1 against 4+1 would be fairer (6 points), but the full parties, 90 points apart, could then not play.
    const pairs = [1460, 1470].flatMap((r) => [ticket([r, r, r, r], 30), ticket([r + 40], 30)]);
    const fives = [1410, 1500].map((r) => ticket([r, r, r, r, r], 30));
    const { proposals } = sweepPool(fiveVsFive, [...pairs, ...fives], NOW);
    expect(proposals.flatMap(proposalTickets)).toHaveLength(6);
    for (const proposal of proposals) expect(proposal.sides.map((side) => side.length).sort()).toEqual([1, 2]);
  });

  it('seats as many full parties as the best packing of them, whatever their scores', () => {
    // Full parties alone can only play one another: within the side cap, two at a time. The sides are the same
    // ages, so whether two can play depends on their scores alone, and the most matches pair neighbours.
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1300, max: 1700 }), { maxLength: 12 }), (ratings) => {
        const pool = ratings.map((r) => ticket([r, r, r, r, r], 30));
        const seated = sweepPool(fiveVsFive, pool, NOW).proposals.length * 2;
        const scores = pool.map((t) => t.score);
        // The most pairs within the side cap, by brute force over which party pairs with which.
        const most = (left: readonly number[]): number => {
          const [first, ...rest] = left;
          if (first === undefined) return 0;
          let best = most(rest);
          rest.forEach((other, k) => {
            if (Math.abs(other - first) <= sideCap) best = Math.max(best, 2 + most(rest.filter((_, j) => j !== k)));
          });
          return best;
        };
        expect(seated).toBe(most(scores));
      }),
      { numRuns: 300 },
    );
  });
});
