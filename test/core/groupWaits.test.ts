import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupWaits, waitFigures, type TicketWait } from '../../functions/src/core/ops/groupWaits.js';
import { queueStats } from '../../functions/src/core/ops/queueStats.js';
import { bandEdges } from '../../functions/src/core/ladder/bands.js';
import { defaultTiers } from '../../functions/src/core/ladder/tiers.js';
import { defaultModes } from '../../functions/src/core/mode/modes.js';
import { parseConfig } from '../../functions/src/core/config.js';
import { waitsByGroup } from '../../sim/analysis.js';
import { NOW } from './helpers.js';
import { pendingRoom } from './pendingRoom.js';
import { poolId } from '../support/ids.js';

const BANDS = ['silver', 'gold', 'king'];
const waits = fc.array(
  fc.record({
    seconds: fc.integer({ min: 0, max: 600 }),
    size: fc.integer({ min: 1, max: 5 }),
    band: fc.constantFrom(...BANDS),
  }),
  { maxLength: 60 },
);

describe('waits by party size and by rating band (issue 30)', () => {
  it('gives 4-stacks their own figures instead of hiding them in the solos’ average', () => {
    const solo = (seconds: number): TicketWait => ({ seconds, size: 1, band: 'gold' });
    const four = (seconds: number): TicketWait => ({ seconds, size: 4, band: 'king' });
    const grouped = groupWaits([solo(1), solo(2), solo(3), four(90), four(200)], BANDS);
    expect(grouped.bySize).toEqual({
      '1': { p50: 2, p95: 3, samples: 3 },
      '4': { p50: 90, p95: 200, samples: 2 },
    });
    expect(Object.keys(grouped.byBand)).toEqual(['gold', 'king']);
    expect(grouped.byBand.king).toEqual({ p50: 90, p95: 200, samples: 2 });
  });

  it('counts every wait once per grouping, each group with the figures of its own waits, in order', () => {
    fc.assert(
      fc.property(waits, (all) => {
        const { bySize, byBand } = groupWaits(all, BANDS);
        const samples = (r: Record<string, { samples: number }>) => Object.values(r).reduce((n, f) => n + f.samples, 0);
        expect(samples(bySize)).toBe(all.length);
        expect(samples(byBand)).toBe(all.length);
        expect(Object.keys(bySize).map(Number)).toEqual([...new Set(all.map((w) => w.size))].sort((a, b) => a - b));
        expect(Object.keys(byBand)).toEqual(BANDS.filter((b) => all.some((w) => w.band === b)));
        for (const [size, figures] of Object.entries(bySize)) {
          expect(figures).toEqual(waitFigures(all.filter((w) => String(w.size) === size).map((w) => w.seconds)));
          expect(figures.p50).toBeLessThanOrEqual(figures.p95);
        }
        for (const [band, figures] of Object.entries(byBand)) {
          expect(figures).toEqual(waitFigures(all.filter((w) => w.band === band).map((w) => w.seconds)));
        }
      }),
    );
  });

  it('puts the recent waits by party size into the queue statistics the operator view shows', () => {
    const stats = queueStats({
      poolId: poolId('5v5'),
      mode: defaultModes['5v5']!,
      edges: bandEdges(defaultTiers),
      waiting: [],
      recentWaits: [
        { seconds: 2, band: 'gold', size: 1 },
        { seconds: 4, band: 'gold', size: 1 },
        { seconds: 80, band: 'gold', size: 4 },
      ],
      unmatched: {},
      reasonOf: new Map(),
      nowMs: NOW,
    });
    expect(stats.recentMatchWaitBySize).toEqual({
      '1': { p50: 2, p95: 4, samples: 2 },
      '4': { p50: 80, p95: 80, samples: 1 },
    });
  });

  it("groups the simulation's rooms the same way: each ticket's wait by its party size and its players' band", () => {
    const room = pendingRoom();
    room.quality.waitSeconds = { t1: 40, t2: 3, t3: 5 };
    const grouped = waitsByGroup([room], parseConfig({}));
    expect(grouped.bySize).toEqual({ '1': { p50: 3, p95: 5, samples: 2 }, '2': { p50: 40, p95: 40, samples: 1 } });
    expect(grouped.byBand).toEqual({ gold: { p50: 5, p95: 40, samples: 3 } });
  });
});
