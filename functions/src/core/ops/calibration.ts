import { z } from 'zod';
import { bandOf, type BandEdge } from '../ladder/bands.js';
import { brierScore, calibrationBuckets, twoSided, type Forecast } from './forecast.js';
import { splitPoolId } from '../mode/pool.js';
import { expectedScore } from '../rating/duel.js';
import type { RoomDoc } from '../room/room.js';

/**
 * Whether the matcher's predicted win chances come true, per mode, rating band and UTC day, computed from the
 * rooms that ended that day. Team rooms forecast side A's chance (`quality.winProbabilityA`); a free-for-all
 * room makes no single forecast, so each pair of its players is scored as a duel: the ELO expectation from
 * their matching scores against whether the first placed above the second (a tie is half). Every forecast is
 * counted from both sides (`twoSided`), so the buckets are symmetric.
 */

/** Predicted-chance buckets of the calibration chart. */
export const CALIBRATION_BUCKETS = 10;
/** A match predicted within this range is "even". */
export const EVEN_RANGE = [0.47, 0.53] as const;
const SPREAD_BIN = 25;
const SIDE_BIN = 10;
const BINS = 16;

export const dayIdSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD (UTC)');

/** The UTC day of a moment, as the calibration names it. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Counts by equal bins from 0; the last bin also holds everything beyond it. */
export const histogramSchema = z.object({ binWidth: z.number().positive(), counts: z.array(z.number().int()) });
export type Histogram = z.infer<typeof histogramSchema>;

export const bandFiguresSchema = z.object({
  /** Rooms that ended: settled, voided (no result by the deadline) and cancelled (a failed ready check). */
  settled: z.number().int(),
  voided: z.number().int(),
  cancelled: z.number().int(),
  /** Scored forecasts (two per team game, two per pair of players in a free-for-all) and their Brier score. */
  forecasts: z.number().int(),
  brier: z.number().nullable(),
  buckets: z.array(
    z.object({
      from: z.number(),
      to: z.number(),
      count: z.number().int(),
      meanPredicted: z.number().nullable(),
      winRate: z.number().nullable(),
    }),
  ),
  /** Share of settled games (free-for-all: of player pairs) predicted within EVEN_RANGE; null without any. */
  evenShare: z.number().nullable(),
  /** Enqueue to match, per ticket, of the games played (settled or voided); null without any. */
  waitSeconds: z.object({ p50: z.number(), p95: z.number(), samples: z.number().int() }).nullable(),
  spread: histogramSchema,
  /** Empty counts in free-for-all, which has no sides. */
  sideDifference: histogramSchema,
});
export type BandFigures = z.infer<typeof bandFiguresSchema>;

/** `calibration/{day}_{mode}`: one mode's day, every band and all bands together. Operators read it. */
export const calibrationDocSchema = z.object({
  day: dayIdSchema,
  mode: z.string(),
  ladder: z.string(),
  kind: z.enum(['team', 'ffa']),
  /** The bands that had rooms, lowest first. */
  bandOrder: z.array(z.string()),
  bands: z.record(z.string(), bandFiguresSchema),
  overall: bandFiguresSchema,
});
export type CalibrationDoc = z.infer<typeof calibrationDocSchema>;

export const calibrationDocId = (day: string, mode: string) => `${day}_${mode}`;

/** Running sums a page of rooms is added to; its size does not grow with the rooms (bins and sums only). */
interface Tally {
  settled: number;
  voided: number;
  cancelled: number;
  forecasts: number;
  squaredError: number;
  buckets: { count: number; predicted: number; actual: number }[];
  even: number;
  evenOf: number;
  /** Ticket waits in tenths of a second → how many. */
  waits: Map<number, number>;
  spread: number[];
  side: number[];
}

const newTally = (): Tally => ({
  settled: 0,
  voided: 0,
  cancelled: 0,
  forecasts: 0,
  squaredError: 0,
  buckets: Array.from({ length: CALIBRATION_BUCKETS }, () => ({ count: 0, predicted: 0, actual: 0 })),
  even: 0,
  evenOf: 0,
  waits: new Map(),
  spread: new Array<number>(BINS).fill(0),
  side: new Array<number>(BINS).fill(0),
});

/** A day's tallies by mode, then band; rooms are added one at a time as the job pages through them. */
export interface DayTally {
  day: string;
  modes: Map<string, { ladder: string; kind: 'team' | 'ffa'; bands: Map<string, Tally> }>;
}

export const newDayTally = (day: string): DayTally => ({ day, modes: new Map() });

const isEven = (p: number) => p >= EVEN_RANGE[0] && p <= EVEN_RANGE[1];
const bin = (value: number, width: number) => Math.min(BINS - 1, Math.max(0, Math.floor(value / width)));

/** The room's forecasts once it settled, and how many of its predictions were even (of how many). */
export function roomForecasts(room: RoomDoc): { forecasts: Forecast[]; even: number; of: number } {
  const result = room.result;
  // A game against bots tests the game's bots, not the ratings' forecasts.
  if (room.status !== 'settled' || result === null || room.bots.length > 0) return { forecasts: [], even: 0, of: 0 };
  if ('outcome' in result) {
    const p = room.quality.winProbabilityA;
    if (p === null) return { forecasts: [], even: 0, of: 0 };
    const outcomeA = result.outcome === 'A' ? 1 : result.outcome === 'B' ? 0 : 0.5;
    return { forecasts: twoSided(p, outcomeA), even: isEven(p) ? 1 : 0, of: 1 };
  }
  const players = room.sides
    .flatMap((side) => side.tickets.flatMap((t) => t.members.map((m) => ({ uid: m.uid, score: t.score }))))
    .filter((p) => result.placements[p.uid] !== undefined)
    .sort((a, b) => (a.uid < b.uid ? -1 : 1));
  const forecasts: Forecast[] = [];
  let even = 0;
  for (let i = 0; i < players.length; i++) {
    for (let j = i + 1; j < players.length; j++) {
      const a = players[i]!;
      const b = players[j]!;
      const p = expectedScore(a.score, b.score);
      const [pa, pb] = [result.placements[a.uid]!, result.placements[b.uid]!];
      forecasts.push(...twoSided(p, pa < pb ? 1 : pa === pb ? 0.5 : 0));
      if (isEven(p)) even++;
    }
  }
  return { forecasts, even, of: forecasts.length / 2 };
}

/**
 * Adds one ended room to the day's tally, in the band of its players' mean rating. Live rooms are not counted.
 * Cancelled rooms count only as cancelled ready checks: their tickets go back to the queue and are counted with
 * the room they finally play in, whose wait runs from the first enqueue.
 */
export function tallyRoom(day: DayTally, room: RoomDoc, edges: readonly BandEdge[]): void {
  if (room.status !== 'settled' && room.status !== 'voided' && room.status !== 'cancelled') return;
  const modeId = splitPoolId(room.mode).modeId;
  let mode = day.modes.get(modeId);
  if (!mode) {
    mode = { ladder: room.ladder, kind: room.kind, bands: new Map() };
    day.modes.set(modeId, mode);
  }
  const band = bandOf(
    edges,
    room.sides.flatMap((side) => side.tickets.flatMap((t) => t.members.map((m) => m.rating))),
  );
  let tally = mode.bands.get(band);
  if (!tally) {
    tally = newTally();
    mode.bands.set(band, tally);
  }
  if (room.status === 'cancelled') {
    tally.cancelled++;
    return;
  }
  if (room.status === 'settled') tally.settled++;
  else tally.voided++;
  for (const wait of Object.values(room.quality.waitSeconds)) {
    const tenths = Math.round(wait * 10);
    tally.waits.set(tenths, (tally.waits.get(tenths) ?? 0) + 1);
  }
  tally.spread[bin(room.quality.spread, SPREAD_BIN)]!++;
  if (room.quality.sideDifference !== null) tally.side[bin(room.quality.sideDifference, SIDE_BIN)]!++;
  const { forecasts, even, of } = roomForecasts(room);
  if (forecasts.length === 0) return;
  tally.forecasts += forecasts.length;
  tally.squaredError += brierScore(forecasts)! * forecasts.length;
  calibrationBuckets(forecasts, CALIBRATION_BUCKETS).forEach((b, i) => {
    const sum = tally.buckets[i]!;
    sum.count += b.count;
    sum.predicted += (b.meanPredicted ?? 0) * b.count;
    sum.actual += (b.winRate ?? 0) * b.count;
  });
  tally.even += even;
  tally.evenOf += of;
}

/** Nearest-rank percentile of counted values, as core/ops/percentile.ts computes it over the values themselves. */
function percentileOfCounts(counts: Map<number, number>, total: number, p: number): number {
  const rank = Math.min(total, Math.max(1, Math.ceil((p / 100) * total)));
  let seen = 0;
  for (const value of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(value)!;
    if (seen >= rank) return value;
  }
  throw new RangeError('no values counted');
}

function addBins(into: number[], from: readonly number[]) {
  from.forEach((n, i) => {
    into[i]! += n;
  });
}

function merge(tallies: readonly Tally[]): Tally {
  const all = newTally();
  for (const t of tallies) {
    all.settled += t.settled;
    all.voided += t.voided;
    all.cancelled += t.cancelled;
    all.forecasts += t.forecasts;
    all.squaredError += t.squaredError;
    t.buckets.forEach((b, i) => {
      const sum = all.buckets[i]!;
      sum.count += b.count;
      sum.predicted += b.predicted;
      sum.actual += b.actual;
    });
    all.even += t.even;
    all.evenOf += t.evenOf;
    for (const [wait, n] of t.waits) all.waits.set(wait, (all.waits.get(wait) ?? 0) + n);
    addBins(all.spread, t.spread);
    addBins(all.side, t.side);
  }
  return all;
}

function figures(tally: Tally, kind: 'team' | 'ffa'): BandFigures {
  const samples = [...tally.waits.values()].reduce((sum, n) => sum + n, 0);
  return {
    settled: tally.settled,
    voided: tally.voided,
    cancelled: tally.cancelled,
    forecasts: tally.forecasts,
    brier: tally.forecasts ? tally.squaredError / tally.forecasts : null,
    buckets: tally.buckets.map((b, i) => ({
      from: i / CALIBRATION_BUCKETS,
      to: (i + 1) / CALIBRATION_BUCKETS,
      count: b.count,
      meanPredicted: b.count ? b.predicted / b.count : null,
      winRate: b.count ? b.actual / b.count : null,
    })),
    evenShare: tally.evenOf ? tally.even / tally.evenOf : null,
    waitSeconds: samples
      ? {
          p50: percentileOfCounts(tally.waits, samples, 50) / 10,
          p95: percentileOfCounts(tally.waits, samples, 95) / 10,
          samples,
        }
      : null,
    spread: { binWidth: SPREAD_BIN, counts: tally.spread },
    sideDifference: { binWidth: SIDE_BIN, counts: kind === 'team' ? tally.side : [] },
  };
}

/** The day's documents, one per mode that had an ended room; bands in the order of `edges`. */
export function calibrationDocs(day: DayTally, edgesOf: (ladder: string) => readonly BandEdge[]): CalibrationDoc[] {
  return [...day.modes]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([mode, { ladder, kind, bands }]) => {
      const bandOrder = edgesOf(ladder)
        .map((e) => e.id)
        .filter((id) => bands.has(id));
      return {
        day: day.day,
        mode,
        ladder,
        kind,
        bandOrder,
        bands: Object.fromEntries(bandOrder.map((id) => [id, figures(bands.get(id)!, kind)])),
        overall: figures(merge(bandOrder.map((id) => bands.get(id)!)), kind),
      };
    });
}
