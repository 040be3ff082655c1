import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eloDuel, type DuelScore } from '../../functions/src/core/rating.js';

const K32 = { k: 32 };
const rating = fc.integer({ min: 0, max: 4000 });
const score = fc.constantFrom<DuelScore>(0, 0.5, 1);
const k = fc.integer({ min: 1, max: 100 });
const other = (s: DuelScore): DuelScore => (s === 1 ? 0 : s === 0 ? 1 : 0.5);

describe('eloDuel golden cases (K = 32)', () => {
  it('equal ratings: a win is worth K/2, a draw nothing', () => {
    // exponent 0, E = 1/(1 + 1) = 0.5, change = 32 · (1 − 0.5) = 16
    expect(eloDuel(1500, 1500, 1, K32)).toEqual({ ratingA: 1516, ratingB: 1484 });
    expect(eloDuel(1500, 1500, 0, K32)).toEqual({ ratingA: 1484, ratingB: 1516 });
    expect(eloDuel(1500, 1500, 0.5, K32)).toEqual({ ratingA: 1500, ratingB: 1500 });
  });

  it('200-point gap: favourite win, draw and upset, rounded away from zero', () => {
    // exponent −200/400 = −0.5, E = 1/(1 + 10^−0.5) = 1/1.316228 = 0.7597469… → 0.759747
    // win:   32 · (1 − 0.759747)   =   7.688096 → 8
    // draw:  32 · (0.5 − 0.759747) =  −8.311904 → −9
    // upset: 32 · (0 − 0.759747)   = −24.311904 → −25
    expect(eloDuel(1600, 1400, 1, K32)).toEqual({ ratingA: 1608, ratingB: 1392 });
    expect(eloDuel(1600, 1400, 0.5, K32)).toEqual({ ratingA: 1591, ratingB: 1409 });
    expect(eloDuel(1600, 1400, 0, K32)).toEqual({ ratingA: 1575, ratingB: 1425 });
  });

  it('the same game passed lower-rated first gives the same numbers', () => {
    expect(eloDuel(1400, 1600, 1, K32)).toEqual({ ratingA: 1425, ratingB: 1575 });
    expect(eloDuel(1400, 1600, 0.5, K32)).toEqual({ ratingA: 1409, ratingB: 1591 });
    expect(eloDuel(1400, 1600, 0, K32)).toEqual({ ratingA: 1392, ratingB: 1608 });
  });

  it('100-point gap with K = 64: E = 0.640065', () => {
    // E = 1/(1 + 10^−0.25) = 0.64006499980… → 0.640065
    // win 64 · 0.359935 = 23.03584 → 24; loss 64 · −0.640065 = −40.96416 → −41
    expect(eloDuel(1600, 1500, 1, { k: 64 })).toEqual({ ratingA: 1624, ratingB: 1476 });
    expect(eloDuel(1600, 1500, 0, { k: 64 })).toEqual({ ratingA: 1559, ratingB: 1541 });
  });

  it('large gap: the favourite still earns a point, the upset costs nearly K', () => {
    // exponent −3.5, E = 1/(1 + 0.000316228) = 0.99968387… → 0.999684
    // win 32 · 0.000316 = 0.010112 → 1; upset 32 · −0.999684 = −31.989888 → −32
    expect(eloDuel(2400, 1000, 1, K32)).toEqual({ ratingA: 2401, ratingB: 999 });
    expect(eloDuel(2400, 1000, 0, K32)).toEqual({ ratingA: 2368, ratingB: 1032 });
  });

  it('beyond a 2520-point gap a favourite’s win moves nothing, as in the original', () => {
    // gap 2520: E = 1/(1 + 10^−6.3)    = 0.99999949881… → 0.999999, win 32 · 0.000001 → 1
    // gap 2521: E = 1/(1 + 10^−6.3025) = 0.99999950168… → 1.000000, win 32 · 0 = 0
    expect(eloDuel(3520, 1000, 1, K32)).toEqual({ ratingA: 3521, ratingB: 999 });
    expect(eloDuel(3521, 1000, 1, K32)).toEqual({ ratingA: 3521, ratingB: 1000 });
    expect(eloDuel(3521, 1000, 0, K32)).toEqual({ ratingA: 3489, ratingB: 1032 });
  });

  it('with floorAtZero a rating that would go negative stops at 0', () => {
    expect(eloDuel(10, 10, 0, { k: 32, floorAtZero: true })).toEqual({ ratingA: 0, ratingB: 26 });
    expect(eloDuel(10, 10, 0, { k: 32 })).toEqual({ ratingA: -6, ratingB: 26 });
  });

  it('rejects input that is not a rating, a result or a K', () => {
    expect(() => eloDuel(1500.5, 1500, 1, K32)).toThrow(/whole numbers/);
    expect(() => eloDuel(1500, 1500, 2 as DuelScore, K32)).toThrow(/scoreA/);
    expect(() => eloDuel(1500, 1500, 1, { k: 0 })).toThrow(/K must be a positive whole number/);
  });
});

describe('eloDuel properties', () => {
  it('swapping the players swaps the result', () => {
    fc.assert(
      fc.property(rating, rating, score, k, fc.boolean(), (a, b, s, kk, floorAtZero) => {
        const forward = eloDuel(a, b, s, { k: kk, floorAtZero });
        expect(eloDuel(b, a, other(s), { k: kk, floorAtZero })).toEqual({
          ratingA: forward.ratingB,
          ratingB: forward.ratingA,
        });
      }),
    );
  });

  it('is zero-sum without the floor', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2000, max: 6000 }),
        fc.integer({ min: -2000, max: 6000 }),
        score,
        k,
        (a, b, s, kk) => {
          const after = eloDuel(a, b, s, { k: kk });
          expect(after.ratingA + after.ratingB).toBe(a + b);
        },
      ),
    );
  });

  it('the winner never loses points and the loser never gains', () => {
    fc.assert(
      fc.property(rating, rating, k, fc.boolean(), (a, b, kk, floorAtZero) => {
        const after = eloDuel(a, b, 1, { k: kk, floorAtZero });
        expect(after.ratingA).toBeGreaterThanOrEqual(a);
        expect(after.ratingB).toBeLessThanOrEqual(b);
      }),
    );
  });

  it('a decisive game changes both ratings (gaps up to 2520 points)', () => {
    fc.assert(
      fc.property(
        rating,
        fc.integer({ min: -2520, max: 2520 }),
        fc.constantFrom<DuelScore>(0, 1),
        k,
        (a, gap, s, kk) => {
          const after = eloDuel(a, a + gap, s, { k: kk });
          expect(after.ratingA).not.toBe(a);
          expect(after.ratingB).not.toBe(a + gap);
        },
      ),
    );
  });

  it('no rating moves by more than K', () => {
    fc.assert(
      fc.property(rating, rating, score, k, fc.boolean(), (a, b, s, kk, floorAtZero) => {
        const after = eloDuel(a, b, s, { k: kk, floorAtZero });
        expect(Math.abs(after.ratingA - a)).toBeLessThanOrEqual(kk);
        expect(Math.abs(after.ratingB - b)).toBeLessThanOrEqual(kk);
      }),
    );
  });

  it('with the floor no rating ends below 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), score, k, (a, b, s, kk) => {
        const after = eloDuel(a, b, s, { k: kk, floorAtZero: true });
        expect(Math.min(after.ratingA, after.ratingB)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
