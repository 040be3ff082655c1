import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brierScore, calibrationBuckets, twoSided, type Forecast } from '../../functions/src/core/ops/forecast.js';

const forecast = fc.record({
  predicted: fc.double({ min: 0, max: 1, noNaN: true }),
  actual: fc.constantFrom(0, 0.5, 1),
});

describe('forecast scores', () => {
  it('scores a coin-flip forecast 0.25 and a perfect one 0', () => {
    expect(
      brierScore([
        { predicted: 0.5, actual: 1 },
        { predicted: 0.5, actual: 0 },
      ]),
    ).toBe(0.25);
    expect(
      brierScore([
        { predicted: 1, actual: 1 },
        { predicted: 0, actual: 0 },
      ]),
    ).toBe(0);
    expect(brierScore([])).toBeNull();
  });

  it('puts every forecast in exactly one bucket, and each bucket holds only its range', () => {
    fc.assert(
      fc.property(fc.array(forecast), fc.integer({ min: 1, max: 20 }), (forecasts, n) => {
        const buckets = calibrationBuckets(forecasts, n);
        expect(buckets).toHaveLength(n);
        expect(buckets.reduce((s, b) => s + b.count, 0)).toBe(forecasts.length);
        for (const b of buckets) {
          if (b.meanPredicted === null) continue;
          expect(b.meanPredicted).toBeGreaterThanOrEqual(b.from - 1e-12);
          expect(b.meanPredicted).toBeLessThanOrEqual(b.to + 1e-12);
        }
      }),
    );
  });

  it('makes two-sided forecasts symmetric: the buckets mirror each other', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0.001, max: 0.999, noNaN: true }), fc.constantFrom(0, 1))),
        (games) => {
          const forecasts: Forecast[] = games.flatMap(([p, a]) => twoSided(p, a));
          const total = forecasts.reduce((s, f) => s + f.actual, 0);
          expect(total).toBe(games.length);
          const score = brierScore(forecasts);
          if (score !== null)
            expect(score).toBeCloseTo(brierScore(games.map(([p, a]) => ({ predicted: p, actual: a })))!, 12);
        },
      ),
    );
  });
});
