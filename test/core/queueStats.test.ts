import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { percentile } from '../../functions/src/core/percentile.js';
import { queueStats, statsChanged, statsDue } from '../../functions/src/core/queueStats.js';

const waiting = (enqueuedAt: number, players = 1) => ({
  id: `t${enqueuedAt}`,
  members: Array.from({ length: players }, (_, i) => ({ uid: `u${enqueuedAt}-${i}`, rating: 1500 })),
  score: 1500,
  enqueuedAt,
});

describe('queue statistics', () => {
  it('takes the nearest-rank percentile whatever the order of the values', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([9, 1, 5], 50)).toBe(5);
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1 }), fc.integer({ min: 1, max: 100 }), (values, p) => {
        const sorted = [...values].sort((a, b) => a - b);
        expect(percentile(values, p)).toBe(sorted[Math.ceil((p / 100) * values.length) - 1]);
        expect(percentile([...values].reverse(), p)).toBe(percentile(values, p));
      }),
    );
  });

  it('counts who waits, for how long, and how long recent matches took', () => {
    const stats = queueStats('2v2', [waiting(1_000, 2), waiting(4_000)], [3, 1, 2], { spreadCap: 1 }, 11_000);
    expect(stats).toEqual({
      mode: '2v2',
      waitingTickets: 2,
      waitingPlayers: 3,
      oldestWaitSeconds: 10,
      recentMatchWaitSeconds: { p50: 2, p95: 3, samples: 3 },
      unmatched: { spreadCap: 1 },
      updatedAt: 11_000,
    });
    expect(queueStats('2v2', [], [], {}, 5).recentMatchWaitSeconds).toBeNull();
  });

  it('are rewritten at most every few seconds, and only when a figure changed', () => {
    expect(statsDue(undefined, 0, 10)).toBe(true);
    expect(statsDue(1_000, 10_999, 10)).toBe(false);
    expect(statsDue(1_000, 11_000, 10)).toBe(true);
    const before = queueStats('1v1', [waiting(0)], [], {}, 1_000);
    expect(statsChanged(undefined, before)).toBe(true);
    expect(statsChanged(before, { ...before, updatedAt: 2_000 })).toBe(false);
    expect(statsChanged(before, queueStats('1v1', [waiting(0)], [], {}, 2_000))).toBe(true);
  });
});
