import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packingBound } from '../../bench/bound.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { NOW, ticket } from './helpers.js';
import { bruteForceMostSeated } from './matchOracle.js';

/**
 * The benchmark's packing bound must hold for any matcher that keeps the caps: a bound below a packing that
 * exists would flatter the matcher. Small pools of seed 004's kind (any party size, ratings spread wider
 * than the spread cap, everyone waiting 30 s), against the best packing found by brute force.
 */
const pools = (lowest = 1100, highest = 1900) =>
  fc
    .array(
      fc.record({
        size: fc.integer({ min: 1, max: 5 }),
        ratings: fc.array(fc.integer({ min: lowest, max: highest }), { minLength: 5, maxLength: 5 }),
      }),
      { maxLength: 10 },
    )
    .map((specs) => specs.map(({ size, ratings }) => ticket(ratings.slice(0, size), 30)));

describe.each(['3v3', '4v4', '5v5'])('the packing bound in %s', (id) => {
  const mode = defaultModes[id] as Mode;

  it('is never below the most players disjoint valid matches seat', () => {
    fc.assert(
      fc.property(pools(), (pool) => {
        expect(packingBound(mode, pool)).toBeGreaterThanOrEqual(bruteForceMostSeated(mode, pool, NOW));
      }),
      { numRuns: 400 },
    );
  });

  it("is never below it when parties lie beyond one another's reach either", () => {
    // Ratings twice the hard spread cap apart, so which solo or 2-stack can complete which party matters.
    fc.assert(
      fc.property(pools(1500 - 800, 1500 + 800), (pool) => {
        expect(packingBound(mode, pool)).toBeGreaterThanOrEqual(bruteForceMostSeated(mode, pool, NOW));
      }),
      { numRuns: 400 },
    );
  });
});

describe('the packing bound in 5v5', () => {
  const mode = defaultModes['5v5'] as Mode;

  it('counts the 3-stacks that have neither a 2-stack nor two spare solos within reach as unseatable', () => {
    // Two 4-stacks, each beside one of the two solos, and two 5-stacks could seat 20; the 3-stacks have no 2-stack
    // and no solo to spare, so nothing seats them.
    const pool = [
      ...[1500, 1510].map((r) => ticket([r, r, r, r], 30)),
      ...[1540, 1550].map((r) => ticket([r], 30)),
      ...[1500, 1520].map((r) => ticket([r, r, r, r, r], 30)),
      ...[1500, 1520].map((r) => ticket([r, r, r], 30)),
    ];
    expect(packingBound(mode, pool)).toBe(20);
    expect(bruteForceMostSeated(mode, pool, NOW)).toBe(20);
  });

  it('does not let a 3-stack count on solos out of its reach, nor on one a 4-stack needs', () => {
    // One solo within reach of a 4-stack and the 3-stack, two far above both: counting the solos alone, the
    // 3-stack looks completable and the bound is 20. Only one of the 4-stack and the 3-stack can have that
    // solo, so at most the 4+1 side plays, against a 5-stack.
    const pool = [
      ...[1500, 1510].map((r) => ticket([r, r, r, r], 30)),
      ...[1540, 2300, 2310].map((r) => ticket([r], 30)),
      ...[1500, 1520].map((r) => ticket([r, r, r, r, r], 30)),
      ticket([1500, 1500, 1500], 30),
    ];
    expect(packingBound(mode, pool)).toBe(10);
    expect(bruteForceMostSeated(mode, pool, NOW)).toBe(10);
  });
});
