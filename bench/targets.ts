/**
 * Issue 45's targets, one row each, for every matcher the run measured them for: the busy and the quiet stream
 * (by party size, against the solos' p95 and the stream bound), the sweep of the busy stream's ~1,000-ticket
 * queue, seed 004's single sweeps against their bound, and the 100,000-player sweeps. Used by run.ts.
 */
import type { StreamRun } from './streams.js';

/** What run.ts measured, by matcher name where a figure is per matcher. */
export interface TargetInputs {
  streams: readonly StreamRun[];
  /** Median ms of a sweep of the busy stream's queue after 100 s. */
  speed: ReadonlyMap<string, number | null>;
  /** Seed 004's single sweeps: matched and bound shares by pool size; 1,000 is the ten pools' mean. */
  single: ReadonlyMap<string, ReadonlyMap<number, { matched: number; bound: number }>>;
  /** Median ms of a sweep of 100,000 queued players, by mode id. */
  largest: ReadonlyMap<string, ReadonlyMap<string, number>>;
}

type Cell = { text: string; met: boolean };

const seconds = (value: number | null) => (value === null ? 'never' : `${value.toFixed(1)} s`);
const percent = (value: number) => `${(100 * value).toFixed(1)} %`;

/** Sizes 1, 2, 3, 5 on the busy stream: p95 within max(10 s, 2× the solos'), and none stranded. */
function busyWaits(run: StreamRun): Cell {
  const solo = run.bySize[0]?.waitP95 ?? Number.POSITIVE_INFINITY;
  const limit = Math.max(10, 2 * solo);
  const sizes = run.bySize.filter((s) => s.size !== 4);
  const met = sizes.every((s) => s.waitP95 !== null && s.waitP95 <= limit && s.stranded === 0);
  const text = `${sizes.map((s) => `${s.size}: ${seconds(s.waitP95)}/${s.stranded}`).join(', ')} (≤ ${limit.toFixed(1)} s)`;
  return { text, met };
}

/** 4-stacks stranded against the stream bound, within `factor` of it. */
function strandings(run: StreamRun, factor: number): Cell {
  const four = run.bySize[3]?.stranded ?? 0;
  const ratio = run.shortPartyBound === 0 ? (four === 0 ? 1 : Number.POSITIVE_INFINITY) : four / run.shortPartyBound;
  return { text: `${four} / ${run.shortPartyBound} = ${ratio.toFixed(3)}×`, met: ratio <= factor };
}

/** Sizes 2, 3, 5 on the quiet stream: p95 within twice the solos'. */
function quietWaits(run: StreamRun): Cell {
  const solo = run.bySize[0]?.waitP95 ?? Number.POSITIVE_INFINITY;
  const sizes = run.bySize.filter((s) => s.size !== 1 && s.size !== 4);
  const met = sizes.every((s) => s.waitP95 !== null && s.waitP95 <= 2 * solo);
  return {
    text: `${sizes.map((s) => `${s.size}: ${seconds(s.waitP95)}`).join(', ')} (≤ ${(2 * solo).toFixed(1)} s)`,
    met,
  };
}

/** The rows of the targets table: target, then per matcher its figure and whether it is met. */
export function targetsTable(
  inputs: TargetInputs,
  matchers: readonly string[],
  markdown: (h: string[], r: string[][]) => string,
): string {
  const stream = (name: string, algorithm: string) =>
    inputs.streams.find((r) => r.stream.includes(name) && r.algorithm === algorithm);
  const rows: [string, (algorithm: string) => Cell | null][] = [
    ['450/s: sizes 1, 2, 3, 5 p95 / stranded', (a) => map(stream('450/s', a), busyWaits)],
    ['450/s: 4-stacks stranded ≤ 1.1× the bound', (a) => map(stream('450/s', a), (r) => strandings(r, 1.1))],
    ['8/s: sizes 2, 3, 5 p95 ≤ 2× the solos', (a) => map(stream('8/s', a), quietWaits)],
    ['8/s: 4-stacks stranded ≤ 2× the bound', (a) => map(stream('8/s', a), (r) => strandings(r, 2))],
    [
      'sweep of the busy queue ≤ 50 ms',
      (a) => map(inputs.speed.get(a), (ms) => ({ text: `${ms.toFixed(1)} ms`, met: ms <= 50 })),
    ],
    ['1k single sweeps (10 pools) ≥ 90 %', (a) => single(inputs, a, 1_000, (f) => f.matched >= 0.9)],
    ['20k single sweep ≥ bound − 0.5 pt', (a) => single(inputs, a, 20_000, withinHalfPoint)],
    ['100k single sweep ≥ bound − 0.5 pt', (a) => single(inputs, a, 100_000, withinHalfPoint)],
    ['ffa sweep at 100k ≤ 100 ms', (a) => largest(inputs, a, 'ffa', 100)],
    ['5v5 sweep at 100k (for scale)', (a) => largest(inputs, a, '5v5', Number.POSITIVE_INFINITY)],
    ['1v1 sweep at 100k (for scale)', (a) => largest(inputs, a, '1v1', Number.POSITIVE_INFINITY)],
  ];
  const cell = (c: Cell | null) => (c ? `${c.text}${c.met ? '' : ' **missed**'}` : '—');
  return markdown(
    ['target', ...matchers],
    rows.map(([target, of]) => [target, ...matchers.map((a) => cell(of(a)))]),
  );
}

/** Half a point, in shares of players seated: 100 of 20,000 is exactly that, which floating point can overshoot. */
const withinHalfPoint = (f: { matched: number; bound: number }) => f.bound - f.matched <= 0.005 + 1e-9;

const map = <T>(value: T | null | undefined, of: (v: T) => Cell): Cell | null =>
  value === null || value === undefined ? null : of(value);

function single(
  inputs: TargetInputs,
  algorithm: string,
  players: number,
  met: (f: { matched: number; bound: number }) => boolean,
): Cell | null {
  return map(inputs.single.get(algorithm)?.get(players), (f) => ({
    text: `${percent(f.matched)} (bound ${percent(f.bound)})`,
    met: met(f),
  }));
}

function largest(inputs: TargetInputs, algorithm: string, mode: string, limit: number): Cell | null {
  return map(inputs.largest.get(algorithm)?.get(mode), (ms) => ({ text: `${ms.toFixed(1)} ms`, met: ms <= limit }));
}
