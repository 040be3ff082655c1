import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expectedScore } from '../../functions/src/core/elo.js';

describe('expectedScore', () => {
  it('gives an even chance between equal ratings and 10:1 odds at 400 points', () => {
    expect(expectedScore(1500, 1500)).toBe(0.5);
    expect(expectedScore(1900, 1500)).toBeCloseTo(10 / 11, 12);
  });

  it('is complementary: both sides expectations sum to one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 0, max: 4000 }), (a, b) => {
        expect(expectedScore(a, b) + expectedScore(b, a)).toBeCloseTo(1, 12);
      }),
    );
  });
});
