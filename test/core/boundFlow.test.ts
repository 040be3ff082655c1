import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { strandedByFlow } from '../../bench/bound.js';
import { denseStranded } from './denseFlow.js';

/**
 * The packing bound's flow runs on a segment tree over the parties' scores, so that pools of 100,000 players
 * can have it; its value must be exactly that of the flow with an edge from each solo and 2-stack to each
 * party within reach. Scores here are whole or in thirds (a party's mean), bunched near 0 or in the middle of
 * the scale or spread over all of it, and reaches land on the gaps between them, so parties exactly at the
 * edge of a reach are common.
 */
const score = fc.oneof(
  fc.integer({ min: 0, max: 12 }),
  fc.integer({ min: 0, max: 60 }).map((n) => n / 3),
  fc.integer({ min: 1300, max: 1700 }),
  fc.integer({ min: 0, max: 3000 }),
);
const scores = (most: number) =>
  fc.array(score, { maxLength: most, size: 'max' }).map((s) => [...s].sort((a, b) => a - b));
const reach = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constantFrom(1 / 3, 2 / 3, 150, 400, 3000));

describe("the packing bound's flow", () => {
  it('strands as many players as the flow over every pair within reach', () => {
    fc.assert(
      fc.property(scores(30), scores(20), scores(20), scores(20), reach, (solos, twos, threes, fours, r) => {
        expect(strandedByFlow({ solos, twos, threes, fours }, r)).toBe(
          denseStranded({ solos, twos, threes, fours }, r),
        );
      }),
      { numRuns: 600 },
    );
  });

  it('lets a solo complete a 4-stack or a 3-stack, not both, and prefers the 4-stack', () => {
    // One solo between a 4-stack and a 3-stack, a 2-stack beside the 3-stack only: the solo fills the 4-stack
    // and the 2-stack the 3-stack, so nothing is stranded; without the 2-stack the 3-stack is.
    expect(strandedByFlow({ solos: [10], twos: [12], threes: [12], fours: [8] }, 2)).toBe(0);
    expect(strandedByFlow({ solos: [10], twos: [], threes: [12], fours: [8] }, 2)).toBe(3);
    // A 2-stack just out of reach strands the 3-stack too.
    expect(strandedByFlow({ solos: [10], twos: [15], threes: [12], fours: [8] }, 2)).toBe(3);
  });
});
