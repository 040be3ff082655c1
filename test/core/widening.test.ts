import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capAt, currentCaps, sweepPool } from '../../functions/src/core/match/index.js';
import { defaultModes, widenedCapSchema } from '../../functions/src/core/mode/modes.js';
import { NOW, solos } from './helpers.js';

const oneVsOne = defaultModes['1v1'];
const ffa = defaultModes.ffa;
if (!oneVsOne || !ffa) throw new Error('1v1 and ffa are default modes');

/** Valid widening schedules: increasing waits, non-decreasing values, within the hard cap. */
const capArbitrary = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 0, max: 50 })), { minLength: 0, maxLength: 6 })
  .chain((steps) =>
    fc.integer({ min: 1, max: 100 }).map((start) => {
      let afterSeconds = 0;
      let value = start;
      const schedule = [{ afterSeconds, value }];
      for (const [gap, widen] of steps) {
        afterSeconds += gap;
        value += widen;
        schedule.push({ afterSeconds, value });
      }
      return widenedCapSchema.parse({ hard: value + 10, schedule });
    }),
  );

describe('widening', () => {
  it('follows the default schedule step by step', () => {
    expect([0, 1.9, 2, 5, 6, 9.9, 10, 20, 40, 600].map((wait) => currentCaps(oneVsOne, wait))).toEqual([
      { spread: 100, sideDifference: 20 },
      { spread: 100, sideDifference: 20 },
      { spread: 200, sideDifference: 20 },
      { spread: 300, sideDifference: 20 },
      { spread: 400, sideDifference: 20 },
      { spread: 400, sideDifference: 20 },
      { spread: 400, sideDifference: 30 },
      { spread: 400, sideDifference: 50 },
      { spread: 400, sideDifference: 100 },
      { spread: 400, sideDifference: 100 },
    ]);
    expect(currentCaps(ffa, 0)).toEqual({ spread: 100, sideDifference: null });
  });

  it('never narrows as the wait grows and never passes the hard cap', () => {
    fc.assert(
      fc.property(
        capArbitrary,
        fc.float({ min: 0, max: 300, noNaN: true }),
        fc.float({ min: 0, max: 300, noNaN: true }),
        (cap, a, b) => {
          const [shorter, longer] = a <= b ? [a, b] : [b, a];
          expect(capAt(cap, shorter)).toBeLessThanOrEqual(capAt(cap, longer));
          expect(capAt(cap, longer)).toBeLessThanOrEqual(cap.hard);
          expect(capAt(cap, 0)).toBe(cap.schedule[0]?.value);
        },
      ),
    );
  });

  it('lets a pair that is too far apart at first match once they have waited, and never the other way round', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 119 }),
        fc.integer({ min: 0, max: 119 }),
        (gap, a, b) => {
          const [shorter, longer] = a <= b ? [a, b] : [b, a];
          const matchesAfter = (wait: number) =>
            sweepPool(oneVsOne, solos([1500, 1500 + gap], wait), NOW).proposals.length === 1;
          if (matchesAfter(shorter)) expect(matchesAfter(longer)).toBe(true);
        },
      ),
    );
    const pair = (wait: number) => solos([1500, 1545], wait);
    expect(sweepPool(oneVsOne, pair(19), NOW).proposals).toHaveLength(0);
    expect(sweepPool(oneVsOne, pair(20), NOW).proposals).toHaveLength(1);
  });
});
