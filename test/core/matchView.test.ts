import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchStateRequest, micros, viewVersion, watchMatchRequest } from '../../functions/src/core/queue/view.js';

const time = fc.record({
  seconds: fc.integer({ min: 0, max: 8_000_000_000 }),
  nanoseconds: fc.integer({ min: 0, max: 999_999_999 }),
});

describe('the match view version', () => {
  it('orders commit times as they happened, exactly, to the microsecond', () => {
    fc.assert(
      fc.property(time, time, (a, b) => {
        const aFirst = a.seconds * 1e9 + a.nanoseconds < b.seconds * 1e9 + b.nanoseconds;
        const sameMicro =
          a.seconds === b.seconds && Math.floor(a.nanoseconds / 1000) === Math.floor(b.nanoseconds / 1000);
        if (!sameMicro) expect(micros(a) < micros(b)).toBe(aFirst);
        expect(Number.isSafeInteger(micros(a))).toBe(true);
      }),
    );
  });

  it('is the latest of its documents, so a change to any of them raises it', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.nat(), { nil: null }), { maxLength: 4 }), fc.nat(), (times, later) => {
        const version = viewVersion(times);
        for (const t of times) expect(version).toBeGreaterThanOrEqual(t ?? 0);
        const changed = [...times, version + 1 + later];
        expect(viewVersion(changed)).toBeGreaterThan(version);
      }),
    );
  });
});

describe('the requests', () => {
  it('cap the long-poll at 25 s and the stream at 55 s, and default to answering at once', () => {
    expect(matchStateRequest.parse({})).toEqual({ sinceVersion: 0, waitMs: 0 });
    expect(watchMatchRequest.parse({})).toEqual({ sinceVersion: 0, limitSeconds: 50 });
    expect(matchStateRequest.safeParse({ waitMs: 25_001 }).success).toBe(false);
    expect(watchMatchRequest.safeParse({ limitSeconds: 56 }).success).toBe(false);
    expect(matchStateRequest.safeParse({ ticket: { mode: '1v1', id: '../x' } }).success).toBe(false);
  });
});
