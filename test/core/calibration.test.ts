import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandEdges, bandOf } from '../../functions/src/core/ladder/bands.js';
import {
  calibrationDocs,
  newDayTally,
  roomForecasts,
  tallyRoom,
  utcDay,
  type CalibrationDoc,
} from '../../functions/src/core/ops/calibration.js';
import { brierScore, calibrationBuckets, type Forecast } from '../../functions/src/core/ops/forecast.js';
import { percentile } from '../../functions/src/core/ops/percentile.js';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import { defaultTiers } from '../../functions/src/core/ladder/tiers.js';
import { pendingRoom, soloTicket } from './pendingRoom.js';
import { poolId } from '../support/ids.js';

const edges = bandEdges(defaultTiers);
const DAY = '2026-11-22';

interface TeamGame {
  ratings: [number, number];
  p: number;
  outcome: 'A' | 'B' | 'draw';
  status: 'settled' | 'voided' | 'cancelled';
  waits: [number, number];
  spread: number;
}

/** An ended 1v1 with the given prediction and result. */
function teamRoom(game: TeamGame, id = 'r'): RoomDoc {
  return {
    ...pendingRoom(),
    id,
    mode: poolId('1v1'),
    ladder: 'solo',
    sides: [{ tickets: [soloTicket(`${id}a`, game.ratings[0])] }, { tickets: [soloTicket(`${id}b`, game.ratings[1])] }],
    memberUids: [`${id}a`, `${id}b`],
    quality: {
      spread: game.spread,
      sideDifference: game.spread,
      winProbabilityA: game.p,
      waitSeconds: { [`t-${id}a`]: game.waits[0], [`t-${id}b`]: game.waits[1] },
    },
    status: game.status,
    result: game.status === 'settled' ? { outcome: game.outcome } : null,
    endedAt: 1,
  };
}

const teamGame: fc.Arbitrary<TeamGame> = fc.record({
  ratings: fc.tuple(fc.integer({ min: 800, max: 2600 }), fc.integer({ min: 800, max: 2600 })),
  p: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  outcome: fc.constantFrom('A' as const, 'B' as const, 'draw' as const),
  status: fc.constantFrom('settled' as const, 'voided' as const, 'cancelled' as const),
  waits: fc.tuple(fc.double({ min: 0, max: 120, noNaN: true }), fc.double({ min: 0, max: 120, noNaN: true })),
  spread: fc.integer({ min: 0, max: 600 }),
});

function calibrate(rooms: readonly RoomDoc[]): CalibrationDoc[] {
  const day = newDayTally(DAY);
  for (const room of rooms) tallyRoom(day, room, edges);
  return calibrationDocs(day, () => edges);
}

const outcomeA = { A: 1, B: 0, draw: 0.5 };

describe('calibration of a day', () => {
  it('figures a known day: Brier, buckets, the even share, waits and cancelled ready checks', () => {
    const games: TeamGame[] = [
      { ratings: [1450, 1450], p: 0.5, outcome: 'A', status: 'settled', waits: [2, 4], spread: 0 },
      { ratings: [1450, 1450], p: 0.75, outcome: 'A', status: 'settled', waits: [6, 8], spread: 60 },
      { ratings: [1450, 1450], p: 0.75, outcome: 'B', status: 'settled', waits: [10, 30], spread: 60 },
      { ratings: [1450, 1450], p: 0.5, outcome: 'A', status: 'cancelled', waits: [1, 1], spread: 0 },
      { ratings: [2300, 2300], p: 0.5, outcome: 'A', status: 'voided', waits: [50, 70], spread: 30 },
    ];
    const [doc] = calibrate(games.map((g, i) => teamRoom(g, `r${i}`)));
    expect(doc!.bandOrder).toEqual(['gold', 'king']);
    const gold = doc!.bands.gold!;
    expect([gold.settled, gold.voided, gold.cancelled, gold.forecasts]).toEqual([3, 0, 1, 6]);
    // (0.25 + 0.25) + (0.0625 + 0.0625) + (0.5625 + 0.5625), over six forecasts.
    expect(gold.brier).toBeCloseTo(1.75 / 6, 12);
    expect(gold.evenShare).toBeCloseTo(1 / 3, 12);
    // 0.75 predicted twice, came true once; its mirror 0.25 likewise.
    expect(gold.buckets[7]).toMatchObject({ count: 2, winRate: 0.5 });
    expect(gold.buckets[2]).toMatchObject({ count: 2, winRate: 0.5 });
    expect(gold.buckets[5]).toMatchObject({ count: 2, winRate: 0.5 });
    // The cancelled room's waits are not counted: its tickets are counted where they finally play.
    expect(gold.waitSeconds).toEqual({ p50: 6, p95: 30, samples: 6 });
    expect(gold.spread.counts.slice(0, 3)).toEqual([1, 0, 2]);
    expect(doc!.bands.king).toMatchObject({ settled: 0, voided: 1, forecasts: 0, brier: null, evenShare: null });
    expect(doc!.overall).toMatchObject({ settled: 3, voided: 1, cancelled: 1, forecasts: 6 });
    expect(doc!.overall.waitSeconds).toEqual({ p50: 8, p95: 70, samples: 8 });
  });

  it('scores every settled game from both sides, and its figures are forecast.ts over all of them', () => {
    fc.assert(
      fc.property(fc.array(teamGame, { maxLength: 40 }), (games) => {
        const docs = calibrate(games.map((g, i) => teamRoom(g, `r${i}`)));
        const settled = games.filter((g) => g.status === 'settled');
        const forecasts: Forecast[] = settled.flatMap((g) => [
          { predicted: g.p, actual: outcomeA[g.outcome] },
          { predicted: 1 - g.p, actual: 1 - outcomeA[g.outcome] },
        ]);
        if (games.length === 0) {
          expect(docs).toEqual([]);
          return;
        }
        const { overall } = docs[0]!;
        expect(overall.forecasts).toBe(forecasts.length);
        if (forecasts.length === 0) {
          expect(overall.brier).toBeNull();
          return;
        }
        expect(overall.brier).toBeCloseTo(brierScore(forecasts)!, 9);
        calibrationBuckets(forecasts, 10).forEach((bucket, i) => {
          const ours = overall.buckets[i]!;
          expect(ours.count).toBe(bucket.count);
          if (bucket.count) {
            expect(ours.meanPredicted).toBeCloseTo(bucket.meanPredicted!, 9);
            expect(ours.winRate).toBeCloseTo(bucket.winRate!, 9);
          }
        });
      }),
    );
  });

  it('puts each room in the band of its mean rating, and the bands add up to the whole day', () => {
    fc.assert(
      fc.property(fc.array(teamGame, { minLength: 1, maxLength: 40 }), (games) => {
        const [doc] = calibrate(games.map((g, i) => teamRoom(g, `r${i}`)));
        const bands = Object.values(doc!.bands);
        const sum = (f: (b: (typeof bands)[number]) => number) => bands.reduce((s, b) => s + f(b), 0);
        expect(sum((b) => b.settled)).toBe(doc!.overall.settled);
        expect(sum((b) => b.cancelled)).toBe(doc!.overall.cancelled);
        expect(sum((b) => b.forecasts)).toBe(doc!.overall.forecasts);
        expect(sum((b) => b.spread.counts.reduce((s, n) => s + n, 0))).toBe(
          games.filter((g) => g.status !== 'cancelled').length,
        );
        for (const band of doc!.bandOrder) {
          const inBand = games.filter((g) => bandOf(edges, g.ratings) === band);
          expect(doc!.bands[band]!.settled + doc!.bands[band]!.voided + doc!.bands[band]!.cancelled).toBe(
            inBand.length,
          );
        }
        // Bands come lowest first.
        const order = edges.map((e) => e.id);
        expect(doc!.bandOrder.map((b) => order.indexOf(b))).toEqual(
          [...doc!.bandOrder.map((b) => order.indexOf(b))].sort((a, b) => a - b),
        );
      }),
    );
  });

  it('gives the same documents whatever order the rooms are read in (a re-run pages them anew)', () => {
    fc.assert(
      fc.property(
        fc
          .array(teamGame, { minLength: 1, maxLength: 30 })
          .chain((games) => fc.tuple(fc.constant(games), fc.shuffledSubarray(games, { minLength: games.length }))),
        ([games, shuffled]) => {
          const rooms = new Map(games.map((g, i) => [g, teamRoom(g, `r${i}`)]));
          const [a] = calibrate(games.map((g) => rooms.get(g)!));
          const [b] = calibrate(shuffled.map((g) => rooms.get(g)!));
          const round = (doc: CalibrationDoc) =>
            JSON.parse(JSON.stringify(doc, (_, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(9)) : v)));
          expect(round(b!)).toEqual(round(a!));
          expect(calibrate(games.map((g) => rooms.get(g)!))).toEqual([a]);
        },
      ),
    );
  });

  it('reports the nearest-rank wait percentiles of the games played, p50 never above p95', () => {
    fc.assert(
      fc.property(fc.array(teamGame, { minLength: 1, maxLength: 40 }), (games) => {
        const [doc] = calibrate(games.map((g, i) => teamRoom(g, `r${i}`)));
        const waits = games
          .filter((g) => g.status !== 'cancelled')
          .flatMap((g) => g.waits.map((w) => Math.round(w * 10) / 10));
        const figure = doc!.overall.waitSeconds;
        if (waits.length === 0) {
          expect(figure).toBeNull();
          return;
        }
        expect(figure).toEqual({ p50: percentile(waits, 50), p95: percentile(waits, 95), samples: waits.length });
        expect(figure!.p50).toBeLessThanOrEqual(figure!.p95);
      }),
    );
  });

  it('scores a free-for-all pairwise: every pair of players twice, the better placed winning', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1000, max: 2000 }), { minLength: 2, maxLength: 8 }),
        fc.boolean(),
        (scores, tie) => {
          const base = pendingRoom();
          const uids = scores.map((_, i) => `p${i}`);
          // Placement by score, best first, so the higher-rated player of each pair wins (or all tie).
          const byScore = [...scores].sort((a, b) => b - a);
          const room: RoomDoc = {
            ...base,
            kind: 'ffa',
            status: 'settled',
            sides: [
              {
                tickets: uids.map((uid, i) => ({
                  ticketId: `t${i}`,
                  partyId: null,
                  ownerUid: uid,
                  score: scores[i]!,
                  enqueuedAt: 0,
                  members: [{ uid, rating: scores[i]! }],
                })),
              },
            ],
            memberUids: uids,
            result: {
              placements: Object.fromEntries(uids.map((uid, i) => [uid, tie ? 1 : byScore.indexOf(scores[i]!) + 1])),
            },
          };
          const { forecasts, of } = roomForecasts(room);
          const n = scores.length;
          expect(forecasts).toHaveLength(n * (n - 1));
          expect(of).toBe((n * (n - 1)) / 2);
          for (const f of forecasts) {
            if (tie) expect(f.actual).toBe(0.5);
            // The favourite (predicted above one half) always won.
            else expect(f.actual).toBe(f.predicted > 0.5 ? 1 : 0);
          }
          const [doc] = calibrate([room]);
          expect(doc!.kind).toBe('ffa');
          expect(doc!.overall.sideDifference.counts).toEqual([]);
        },
      ),
    );
  });

  it('names days in UTC', () => {
    expect(utcDay(Date.UTC(2026, 10, 22, 23, 59, 59, 999))).toBe('2026-11-22');
    expect(utcDay(Date.UTC(2026, 10, 23))).toBe('2026-11-23');
  });
});
