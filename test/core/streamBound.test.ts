import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoreMatchmaker } from '../../bench/matchmakers.js';
import { simulate } from '../../bench/simulate.js';
import { STRANDED_SECONDS, strandingBound } from '../../bench/streams.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { NOW, ticket } from './helpers.js';

/** 5v5 where nobody expires, as in the benchmark's streams. */
const mode: Mode = { ...(defaultModes['5v5'] as Mode), ticketTtlSeconds: 24 * 3600 };
const DURATION = 300;

/** A short stream: party sizes 1, 4 and 5 (the 4-stacks' only partners and opponents), arrival times in seconds. */
const stream = fc
  .array(
    fc.record({
      size: fc.constantFrom(1, 4, 5),
      rating: fc.integer({ min: 500, max: 2500 }),
      at: fc.integer({ min: 0, max: DURATION - 1 }),
    }),
    { maxLength: 40 },
  )
  .map((specs) =>
    specs
      .sort((a, b) => a.at - b.at)
      .map(({ size, rating, at }, i) => ({
        ...ticket(
          Array.from({ length: size }, (_, k) => rating + 7 * k),
          0,
          `a${i}`,
        ),
        enqueuedAt: NOW + at * 1000,
      })),
  );

describe("the benchmark's stream bound", () => {
  it('never exceeds the 4-stacks the matcher itself leaves stranded', () => {
    fc.assert(
      fc.property(stream, (arrivals) => {
        const endMs = NOW + DURATION * 1000;
        const { matchedAt } = simulate(new CoreMatchmaker(mode), [], arrivals, {
          startMs: NOW,
          durationSeconds: DURATION,
          tickSeconds: 2,
          measureSeconds: DURATION,
        });
        const stranded = arrivals.filter(
          (t) => t.members.length === 4 && !matchedAt.has(t) && endMs - t.enqueuedAt > STRANDED_SECONDS * 1000,
        ).length;
        expect(strandingBound(mode, arrivals, endMs)).toBeLessThanOrEqual(stranded);
      }),
      { numRuns: 15 },
    );
    // Each run simulates 150 sweeps: on the shared machine that can take longer than the default 5 s.
  }, 30_000);

  it('counts the 4-stacks no solo of the stream is within reach of, and only those arriving early enough', () => {
    const at = (seconds: number) => NOW + seconds * 1000;
    const arrivals = [
      { ...ticket([1500, 1500, 1500, 1500], 0, 'paired'), enqueuedAt: at(0) },
      { ...ticket([1800], 0, 'solo'), enqueuedAt: at(250) },
      { ...ticket([1500, 1500, 1500, 1500], 0, 'second'), enqueuedAt: at(10) },
      { ...ticket([2500, 2500, 2500, 2500], 0, 'far'), enqueuedAt: at(20) },
      { ...ticket([2500, 2500, 2500, 2500], 0, 'late'), enqueuedAt: at(290) },
    ];
    // One solo for the two at 1,540 (the later solo may wait for either); the one at 2,540 has none within 400;
    // the last arrived within 120 s of the end, so it is not stranded whatever happens.
    expect(strandingBound(mode, arrivals, at(300))).toBe(2);
  });
});
