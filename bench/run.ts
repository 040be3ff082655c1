/**
 * `npm run bench`: this matcher against the two original designs, on the same seeded pools and the same
 * Poisson arrivals, in one process. Prints a table and writes bench/results.json.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { sweepPool, type MatchProposal } from '../functions/src/core/match/index.js';
import { defaultModes, type Mode } from '../functions/src/core/modes.js';
import type { Ticket } from '../functions/src/core/ticket.js';
import { BaselineA } from './baselineA.js';
import { baselineB } from './baselineB.js';
import { BaselineAMatchmaker, BaselineBMatchmaker, CoreMatchmaker, type Matchmaker } from './matchmakers.js';
import { median, percentile, sweepFigures, type SweepFigures } from './metrics.js';
import { PARTY_MIX, SOLO_MIX, TicketFactory } from './pools.js';
import { Random } from './random.js';
import { poissonArrivals, simulate, type SimulationResult } from './simulate.js';

const SEED = 20_260_101;
const NOW = Date.UTC(2026, 0, 1);
const POOL_SIZES = [1_000, 10_000, 100_000];
/** Queued tickets have waited up to this long, so some sweeps run under widened caps. */
const MAX_AGE_SECONDS = 30;
/** Sweeps are timed this often, or, once a measurement has spent the time budget, at least the minimum. */
const REPETITIONS = 7;
const MIN_REPETITIONS = 3;
const REPETITION_BUDGET_MS = 20_000;
/** Sweeps shorter than this are first repeated untimed for as long, so the JIT has warmed up. */
const WARM_UP_MS = 500;
/** Arrivals bring as many players per minute as are queued; the scheduled tick runs every 5 s. */
const SIMULATION = { durationSeconds: 120, tickSeconds: 5, measureSeconds: 60 };

type Algorithm = 'matcher' | 'baselineA' | 'baselineB';

/** The fields results.json promises, then the rest of the sweep's figures and the simulation's match rate. */
type Run = {
  algorithm: Algorithm;
  mode: string;
  queuedPlayers: number;
  sweepMsMedian: number;
  matchedFraction: number;
  fairShare: number | null;
  capViolations: number;
  waitP50: number | null;
  waitP95: number | null;
  waitP99: number | null;
} & Omit<SweepFigures, 'matchedFraction' | 'fairShare' | 'capViolations'> & {
    simulationMatchedFraction: number;
    simulationFairShare: number | null;
  };

function modeById(id: string): Mode {
  const mode = defaultModes[id];
  if (!mode) throw new Error(`${id} is a default mode`);
  return mode;
}

/** Median wall time of `sweep` over the repetitions, and its last result. */
function timed(sweep: () => MatchProposal[]): { ms: number; proposals: MatchProposal[] } {
  const times: number[] = [];
  const started = performance.now();
  let proposals: MatchProposal[];
  do {
    const start = performance.now();
    proposals = sweep();
    const elapsed = performance.now() - start;
    if (elapsed >= WARM_UP_MS) times.push(elapsed);
  } while (times.length === 0 && performance.now() - started < WARM_UP_MS);
  const measuring = performance.now();
  while (
    times.length < REPETITIONS &&
    (times.length < MIN_REPETITIONS || performance.now() - measuring < REPETITION_BUDGET_MS)
  ) {
    const start = performance.now();
    proposals = sweep();
    times.push(performance.now() - start);
  }
  return { ms: median(times) ?? Number.NaN, proposals };
}

/** Baseline A has no sweep: the pool is handed to it as arrivals, oldest first, as it would have come. */
function replayBaselineA(mode: Mode, pool: readonly Ticket[]): MatchProposal[] {
  const matcher = new BaselineA(mode.format.kind === 'team' ? mode.format.teamSize : 0);
  const proposals: MatchProposal[] = [];
  for (const ticket of [...pool].sort((a, b) => a.enqueuedAt - b.enqueuedAt)) {
    const proposal = matcher.arrive(ticket, NOW);
    if (proposal) proposals.push(proposal);
  }
  return proposals;
}

function pools(modeId: string, players: number): { pool: Ticket[]; arrivals: Ticket[] } {
  const mode = modeById(modeId);
  const mix = modeId === '1v1' ? SOLO_MIX : PARTY_MIX;
  const random = new Random(SEED + players);
  const factory = new TicketFactory(random, mode);
  const pool = factory.pool({ players, mix, maxAgeSeconds: MAX_AGE_SECONDS, nowMs: NOW });
  const arrivals = poissonArrivals(factory, random, mix, players / 60, NOW, SIMULATION.durationSeconds);
  return { pool, arrivals };
}

function measure(
  algorithm: Algorithm,
  modeId: string,
  players: number,
  sweep: (mode: Mode, pool: readonly Ticket[]) => MatchProposal[],
  matchmaker: (mode: Mode) => Matchmaker,
): Run {
  const mode = modeById(modeId);
  const { pool, arrivals } = pools(modeId, players);
  const { ms, proposals } = timed(() => sweep(mode, pool));
  const figures = sweepFigures(mode, proposals, players);
  const simulation: SimulationResult = simulate(matchmaker(mode), pool, arrivals, { startMs: NOW, ...SIMULATION });
  const { matchedFraction, fairShare, capViolations, ...otherFigures } = figures;
  const run: Run = {
    algorithm,
    mode: modeId,
    queuedPlayers: players,
    sweepMsMedian: ms,
    matchedFraction,
    fairShare,
    capViolations,
    waitP50: percentile(simulation.waits, 50),
    waitP95: percentile(simulation.waits, 95),
    waitP99: percentile(simulation.waits, 99),
    ...otherFigures,
    simulationMatchedFraction: simulation.matchedFraction,
    simulationFairShare: simulation.fairShare,
  };
  process.stderr.write(`  ${algorithm} ${modeId} ${players}: ${ms.toFixed(1)} ms\n`);
  return run;
}

/** Peak RSS of the 100,000-player 5v5 sweep, in a fresh process (see memory.ts). */
function sweepMemory(): { peakRssMiB: number; beforeSweepMiB: number } {
  const script = fileURLToPath(new URL('./memory.ts', import.meta.url));
  const child = spawnSync(process.execPath, ['--import', 'tsx', script, String(SEED), '100000', String(NOW)], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`memory measurement failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as { peakRssMiB: number; beforeSweepMiB: number };
}

const fixed = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined ? '—' : value.toFixed(digits);
const share = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${(100 * value).toFixed(1)}%`;

function table(runs: readonly Run[]): string {
  const header = [
    'algorithm',
    'mode',
    'players',
    'sweep ms',
    'matched',
    'fair',
    'spread p50/p95',
    'side diff p50/p95',
    'cap viol.',
    'other rules broken',
    'wait p50/p95/p99 s',
    'sim matched',
    'sim fair',
  ];
  const rows = runs.map((r) => [
    r.algorithm,
    r.mode,
    String(r.queuedPlayers),
    fixed(r.sweepMsMedian),
    share(r.matchedFraction),
    share(r.fairShare),
    `${fixed(r.spreadP50, 0)}/${fixed(r.spreadP95, 0)}`,
    `${fixed(r.sideDifferenceP50)}/${fixed(r.sideDifferenceP95)}`,
    String(r.capViolations),
    Object.entries(r.otherViolations)
      .map(([rule, n]) => `${rule} ${n}`)
      .join(', ') || '—',
    `${fixed(r.waitP50)}/${fixed(r.waitP95)}/${fixed(r.waitP99)}`,
    share(r.simulationMatchedFraction),
    share(r.simulationFairShare),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const runs: Run[] = [];
for (const players of POOL_SIZES) {
  runs.push(
    measure(
      'matcher',
      '5v5',
      players,
      (mode, pool) => sweepPool(mode, pool, NOW).proposals,
      (m) => new CoreMatchmaker(m),
    ),
  );
  runs.push(measure('baselineA', '5v5', players, replayBaselineA, (m) => new BaselineAMatchmaker(m)));
  runs.push(
    measure(
      'baselineB',
      '5v5',
      players,
      (_, pool) => baselineB(pool, NOW),
      (m) => new BaselineBMatchmaker(m),
    ),
  );
  runs.push(
    measure(
      'matcher',
      '1v1',
      players,
      (mode, pool) => sweepPool(mode, pool, NOW).proposals,
      (m) => new CoreMatchmaker(m),
    ),
  );
  runs.push(
    measure(
      'matcher',
      'ffa',
      players,
      (mode, pool) => sweepPool(mode, pool, NOW).proposals,
      (m) => new CoreMatchmaker(m),
    ),
  );
}
const memory = sweepMemory();

console.log(table(runs));
console.log();
for (const players of POOL_SIZES) {
  const find = (algorithm: Algorithm) =>
    runs.find((r) => r.algorithm === algorithm && r.mode === '5v5' && r.queuedPlayers === players);
  const [ours, a, b] = [find('matcher'), find('baselineA'), find('baselineB')];
  if (!ours || !a || !b) continue;
  console.log(
    `5v5, ${players} queued: ${(b.sweepMsMedian / ours.sweepMsMedian).toFixed(1)}× faster than baseline B, ` +
      `${(a.sweepMsMedian / ours.sweepMsMedian).toFixed(1)}× baseline A; ` +
      `p95 wait ${fixed(ours.waitP95)} s vs A ${fixed(a.waitP95)} s, B ${fixed(b.waitP95)} s`,
  );
}
console.log(
  `Peak RSS sweeping 100,000 players in 5v5 (own process): ${memory.peakRssMiB.toFixed(0)} MiB ` +
    `(${memory.beforeSweepMiB.toFixed(0)} MiB with the pool built, before sweeping); ` +
    `this process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; ${availableParallelism()} CPUs, Node ${process.version}`,
);

const resultsFile = fileURLToPath(new URL('./results.json', import.meta.url));
writeFileSync(resultsFile, `${JSON.stringify({ seed: SEED, peakRssMiB: memory.peakRssMiB, runs }, null, 2)}\n`);
console.log(`Wrote ${resultsFile}`);
