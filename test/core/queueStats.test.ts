import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bandEdges, bandOf } from '../../functions/src/core/ladder/bands.js';
import { sweepPool } from '../../functions/src/core/match/index.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { defaultModes } from '../../functions/src/core/mode/modes.js';
import { percentile } from '../../functions/src/core/ops/percentile.js';
import {
  queueStats,
  roomWaits,
  statsChanged,
  statsDue,
  type BandWait,
  type PoolFacts,
} from '../../functions/src/core/ops/queueStats.js';
import { defaultTiers } from '../../functions/src/core/ladder/tiers.js';
import { bandOfRatings } from '../../client/src/status.js';
import { NOW, solos } from './helpers.js';
import { pendingRoom } from './pendingRoom.js';
import { poolId } from '../support/ids.js';

const edges = bandEdges(defaultTiers);
const twoVsTwo = defaultModes['2v2']!;
const gold = (seconds: number, size = 1): BandWait => ({ seconds, band: 'gold', size });

/** Statistics of a pool the matcher left as it is, with no sweep reasons unless given. */
const stats = (waiting: readonly Ticket[], recentWaits: BandWait[], nowMs: number, over: Partial<PoolFacts> = {}) =>
  queueStats({
    poolId: poolId('2v2'),
    mode: twoVsTwo,
    edges,
    waiting,
    recentWaits,
    unmatched: {},
    reasonOf: new Map(),
    nowMs,
    ...over,
  });

/** The statistics after a real sweep of these tickets: the band reasons come from the sweep's own. */
function afterSweep(tickets: Ticket[]) {
  const { unmatched, reasonOf, proposals } = sweepPool(twoVsTwo, tickets, NOW);
  const matched = new Set(proposals.flatMap((p) => p.sides.flat().map((t) => t.id)));
  return stats(
    tickets.filter((t) => !matched.has(t.id)),
    [],
    NOW,
    { unmatched, reasonOf },
  );
}

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
    const figures = stats([waiting(1_000, 2), waiting(4_000)], [gold(3), gold(1), gold(2)], 11_000, {
      unmatched: { noCandidatesWithinCaps: 1 },
    });
    expect(figures).toMatchObject({
      mode: '2v2',
      waitingTickets: 2,
      waitingPlayers: 3,
      oldestWaitSeconds: 10,
      recentMatchWaitSeconds: { p50: 2, p95: 3, samples: 3 },
      unmatched: { noCandidatesWithinCaps: 1 },
      updatedAt: 11_000,
    });
    expect(stats([], [], 5).recentMatchWaitSeconds).toBeNull();
  });

  it('are rewritten at most every few seconds, and only when a figure changed', () => {
    expect(statsDue(undefined, 0, 10)).toBe(true);
    expect(statsDue(1_000, 10_999, 10)).toBe(false);
    expect(statsDue(1_000, 11_000, 10)).toBe(true);
    const before = stats([waiting(0)], [], 1_000);
    expect(statsChanged(undefined, before)).toBe(true);
    expect(statsChanged(before, { ...before, updatedAt: 2_000 })).toBe(false);
    expect(statsChanged(before, stats([waiting(0)], [], 2_000))).toBe(true);
  });
});

describe('queue statistics by rating band', () => {
  it("splits who waits and the recent waits by band, each band's own usual wait", () => {
    const silver = solos([1250, 1300], 30);
    const king = solos([2400], 5);
    const figures = stats([...silver, ...king], [gold(4), gold(6), { seconds: 60, band: 'king', size: 1 }], NOW);
    expect(figures.bandEdges).toEqual(edges);
    expect(Object.keys(figures.bands)).toEqual(['silver', 'gold', 'king']);
    expect(figures.bands.silver).toMatchObject({
      waitingPlayers: 2,
      oldestWaitSeconds: 30,
      recentMatchWaitSeconds: null,
    });
    expect(figures.bands.gold).toMatchObject({ waitingPlayers: 0, recentMatchWaitSeconds: { p50: 4, p95: 6 } });
    expect(figures.bands.king).toMatchObject({ waitingPlayers: 1, recentMatchWaitSeconds: { p50: 60, samples: 1 } });
  });

  it('says which cap holds a band back: too few players, the spread, or the side difference', () => {
    expect(afterSweep(solos([1500, 1500, 1500], 30)).bands.gold!.waitingBecause).toEqual({
      notEnoughPlayers: 3,
    });
    // Fresh: 1700 is beyond the spread cap of 100, and three players are not a 2v2.
    expect(afterSweep(solos([1500, 1500, 1500, 1700], 0)).bands.gold!.waitingBecause).toEqual({
      spreadCap: 3,
    });
    // After 3 s the spread cap is 200, but the best split, 1500 + 1700 against 1500 + 1500, is 100 apart (cap 20).
    const wider = afterSweep(solos([1500, 1500, 1500, 1700], 3));
    expect(wider.bands.gold!.waitingBecause).toEqual({ sideDifferenceCap: 3 });
    expect(wider.bands.platinum!.waitingBecause).toEqual({ sideDifferenceCap: 1 });
  });

  it('adds up: the bands hold every waiting player and every reason the sweep gave', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 900, max: 2500 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 60 }),
        (ratings, wait) => {
          const figures = afterSweep(solos(ratings, wait));
          const bands = Object.values(figures.bands);
          expect(bands.reduce((sum, b) => sum + b.waitingPlayers, 0)).toBe(figures.waitingPlayers);
          const reasons = (r: Record<string, number>) => Object.values(r).reduce((sum, n) => sum + n, 0);
          expect(bands.reduce((sum, b) => sum + reasons(b.waitingBecause), 0)).toBe(reasons(figures.unmatched));
        },
      ),
    );
  });

  it("puts a room's waits in each ticket's band with its party size, and the client finds the band the server does", () => {
    const room = pendingRoom();
    room.quality.waitSeconds = { t1: 4, t2: 9 };
    expect(roomWaits(room, edges)).toEqual([
      { seconds: 4, band: 'gold', size: 2 },
      { seconds: 9, band: 'gold', size: 1 },
    ]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -100, max: 3000 }), { minLength: 1, maxLength: 5 }), (ratings) => {
        expect(bandOfRatings(edges, ratings)).toBe(bandOf(edges, ratings));
      }),
    );
  });
});
