/**
 * `npm run bench`: this matcher against its own previous version (see before.ts) and the two original
 * designs, on the same seeded pools and the same Poisson arrivals, in one process; then seed 004's
 * party-heavy population, batch and streaming. Prints tables and writes bench/results.json.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import * as current from '../functions/src/core/match/index.js';
import type { MatchProposal } from '../functions/src/core/match/index.js';
import { defaultModes, type Mode } from '../functions/src/core/mode/modes.js';
import { percentile } from '../functions/src/core/ops/percentile.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import { BaselineA } from './baselineA.js';
import { baselineB } from './baselineB.js';
import {
  loadBefore,
  ONE_WAIT,
  ONE_WAIT_COMMIT,
  ON_ARRIVAL,
  ON_ARRIVAL_COMMIT,
  PACKED,
  PACKED_COMMIT,
  PREVIOUS,
  PREVIOUS_COMMIT,
  UNRESERVED,
  UNRESERVED_COMMIT,
  withSwitches,
  type MatcherApi,
} from './before.js';
import { BaselineAMatchmaker, BaselineBMatchmaker, CoreMatchmaker, type Matchmaker } from './matchmakers.js';
import { EXACT_SEEDS, exactRuns, exactTable } from './exact.js';
import { median, sweepFigures, type SweepFigures } from './metrics.js';
import { packingFigures, packingPool, streamFigures, type PackingFigures, type StreamFigures } from './packing.js';
import { PARTY_MIX, SOLO_MIX, TicketFactory, UNIFORM_MIX, uniformRating } from './pools.js';
import { Random } from '../tools/random.js';
import { reference } from './reference.js';
import { poissonArrivals, simulate, type SimulationResult } from './simulate.js';
import {
  bandTable,
  compareOnStream,
  IN_VIEW_SUFFIX,
  streamSpecs,
  sweepSpeed,
  streamTable as streamsTable,
  type StreamRun as FlowRun,
} from './streams.js';
import { BUSY_SWEEP } from '../functions/src/core/match/busyPool.js';
import { sweepWith } from '../functions/src/core/match/sweep.js';
import { targetsTable } from './targets.js';

const SEED = 20_260_101;
const NOW = Date.UTC(2026, 0, 1);
const POOL_SIZES = [1_000, 10_000, 100_000];
/** Queued tickets have waited up to this long, so some sweeps run under widened caps. */
const MAX_AGE_SECONDS = 30;
/** Sweeps are timed this often, or, once a measurement has spent the time budget, at least the minimum. */
const REPETITIONS = 11;
const MIN_REPETITIONS = 3;
const REPETITION_BUDGET_MS = 20_000;
/** Sweeps shorter than this are first repeated untimed for as long, so the JIT has warmed up. */
const WARM_UP_MS = 500;
/** Arrivals bring as many players per minute as are queued; the scheduled tick runs every 5 s. */
const SIMULATION = { durationSeconds: 120, tickSeconds: 5, measureSeconds: 60 };

/** Seed 004's population: pool sizes for one sweep, and a stream of arrivals swept every 2 s. */
const PACKING_SIZES = [1_000, 20_000, 100_000];
/** Seed 004's pools of 1,000 players are uneven: so many of them, one sweep each, beside their bounds. */
const SMALL_POOL_SEEDS = 10;
const STREAM = { playersPerSecond: 30, durationSeconds: 600, tickSeconds: 2 };

/** Today's matcher, the previous commit's, and the two original designs. */
type Algorithm = 'matcher' | typeof PREVIOUS | 'baselineA' | 'baselineB';

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

/** Median wall time of each of `sweeps` over the repetitions, and its last result. */
function timed(sweeps: readonly (() => MatchProposal[])[]): { ms: number; proposals: MatchProposal[] }[] {
  const times = sweeps.map((): number[] => []);
  const proposals = sweeps.map((sweep, i) => {
    const started = performance.now();
    let last: MatchProposal[];
    do {
      const start = performance.now();
      last = sweep();
      const elapsed = performance.now() - start;
      if (elapsed >= WARM_UP_MS) times[i]?.push(elapsed);
    } while (times[i]?.length === 0 && performance.now() - started < WARM_UP_MS);
    return last;
  });
  // Each repetition runs every sweep in turn, so that the machine's load swings hit them alike.
  const fewest = () => Math.min(...times.map((t) => t.length));
  const measuring = performance.now();
  while (
    fewest() < REPETITIONS &&
    (fewest() < MIN_REPETITIONS || performance.now() - measuring < REPETITION_BUDGET_MS * sweeps.length)
  ) {
    sweeps.forEach((sweep, i) => {
      const start = performance.now();
      proposals[i] = sweep();
      times[i]?.push(performance.now() - start);
    });
  }
  return sweeps.map((_, i) => ({ ms: median(times[i] ?? []) ?? Number.NaN, proposals: proposals[i] ?? [] }));
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
  const mix = modeId === '1v1' ? SOLO_MIX : PARTY_MIX;
  const random = new Random(SEED + players);
  const factory = new TicketFactory(random);
  const pool = factory.pool({ players, mix, maxAgeSeconds: MAX_AGE_SECONDS, nowMs: NOW });
  const arrivals = poissonArrivals(factory, random, mix, players / 60, NOW, SIMULATION.durationSeconds);
  return { pool, arrivals };
}

/** One algorithm as the benchmark runs it: a sweep over a pool, and a matchmaker for the simulation. */
interface Contender {
  algorithm: Algorithm;
  sweep: (mode: Mode, pool: readonly Ticket[]) => MatchProposal[];
  matchmaker: (mode: Mode) => Matchmaker;
}

/** The contenders on the same pool and arrivals, their sweeps timed side by side. */
function measure(modeId: string, players: number, contenders: readonly Contender[]): Run[] {
  const mode = modeById(modeId);
  const { pool, arrivals } = pools(modeId, players);
  const timings = timed(
    contenders.map(
      ({ sweep }) =>
        () =>
          sweep(mode, pool),
    ),
  );
  return contenders.map(({ algorithm, matchmaker }, i) => {
    const { ms, proposals } = timings[i] ?? { ms: Number.NaN, proposals: [] };
    const figures = sweepFigures(mode, proposals, players);
    const simulation: SimulationResult = simulate(matchmaker(mode), pool, arrivals, { startMs: NOW, ...SIMULATION });
    const { matchedFraction, fairShare, capViolations, ...otherFigures } = figures;
    process.stderr.write(`  ${algorithm} ${modeId} ${players}: ${ms.toFixed(1)} ms\n`);
    return {
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
  });
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

/** A Markdown table. */
function markdown(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

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
  return markdown(header, rows);
}

function packingTable(runs: readonly PackingRun[]): string {
  const header = [
    'algorithm',
    'players',
    'sweep ms',
    'matched',
    'bound',
    'below bound',
    'rules broken',
    'fair',
    '4-stacks left',
  ];
  const rows = runs.map((r) => [
    r.algorithm,
    String(r.queuedPlayers),
    fixed(r.sweepMsMedian),
    share(r.matchedFraction),
    share(r.boundFraction),
    `${(100 * (r.boundFraction - r.matchedFraction)).toFixed(1)} pt`,
    String(r.violations),
    share(r.fairShare),
    `${r.shortPartiesLeft} of ${r.shortParties}`,
  ]);
  return markdown(header, rows);
}

function smallPoolTable(runs: readonly SmallPoolRun[]): string {
  const names = versions.map(([algorithm]) => algorithm);
  const below = (r: SmallPoolRun, algorithm: Algorithm) => 100 * (r.boundFraction - (r[algorithm] ?? Number.NaN));
  const header = ['seed', 'bound', ...names.flatMap((name) => [name, 'below bound'])];
  const rows = runs.map((r) => [
    String(r.seed),
    share(r.boundFraction),
    ...names.flatMap((name) => [share(r[name] ?? null), `${below(r, name).toFixed(1)} pt`]),
  ]);
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  rows.push([
    'mean',
    share(mean(runs.map((r) => r.boundFraction))),
    ...names.flatMap((name) => [
      share(mean(runs.map((r) => r[name] ?? Number.NaN))),
      `${mean(runs.map((r) => below(r, name))).toFixed(1)} pt`,
    ]),
  ]);
  return markdown(header, rows);
}

function streamTable(runs: readonly StreamRun[]): string {
  const header = [
    'algorithm',
    ...[1, 2, 3, 4, 5].map((size) => `size ${size}`),
    'players left',
    'left > 120 s',
    '4-stacks > 120 s beside a solo',
    'fair',
  ];
  const rows = runs.map((r) => [
    r.algorithm,
    ...r.bySize.map((s) => `${fixed(s.waitP50)}/${fixed(s.waitP95)}, ${s.left}`),
    String(r.playersLeft),
    String(r.playersLeftOver120s),
    String(r.shortPartiesStrandedBesideASolo),
    share(r.fairShare),
  ]);
  return markdown(header, rows);
}

/** `--exact`: only the single sweep against the exact optimum on small pools (issue 30, bench/exact.ts). */
const exactOnly = process.argv.includes('--exact');
const runExact = () =>
  exactRuns(modeById('5v5'), SEED + 4 + 2_000, NOW, (pool) => current.sweepPool(modeById('5v5'), pool, NOW).proposals);
const printExact = (runs: ReturnType<typeof exactRuns>) => {
  console.log(
    `Seed 004's population in 5v5, one sweep, every ticket waiting 30 s, ${EXACT_SEEDS} pools a size: the matcher's ` +
      'seated share beside the exact optimum (the most any set of disjoint valid matches seats; it maximises seats only):',
  );
  console.log(exactTable(runs, markdown));
  console.log();
};
if (exactOnly) {
  const runs = runExact();
  printExact(runs);
  const file = fileURLToPath(new URL('./results-exact.json', import.meta.url));
  writeFileSync(file, `${JSON.stringify({ seed: SEED, exact: runs }, null, 2)}\n`);
  console.log(`Wrote ${file}`);
  process.exit(0);
}
/**
 * `--streams`: only the streams below (several minutes); `--short`: the busy stream for 10 minutes, not 30.
 */
const streamsOnly = process.argv.includes('--streams');
/** `--single`: only seed 004's single sweeps (a few minutes), today's matcher beside the previous commit's. */
const singleOnly = process.argv.includes('--single');
/** `--speed`: only the sweep of the busy stream's queue (below). */
const speedOnly = process.argv.includes('--speed');
const shortStreams = process.argv.includes('--short');
const previous = await loadBefore(PREVIOUS_COMMIT);
/** Today's matcher with the sides of a busy sweep never held (the what-if of holding solos, docs/matcher.md). */
const noHold: MatcherApi = {
  ...current,
  sweepPool: (mode, tickets, nowMs) => sweepWith(mode, tickets, nowMs, { ...BUSY_SWEEP, holdSeconds: 0 }),
};
/** `--algorithm=<name>[,<name>]`: only those matchers on the streams; without it, the first three below. */
const onlyAlgorithm = process.argv.find((a) => a.startsWith('--algorithm='))?.slice('--algorithm='.length);
const DEFAULT_STREAM_MATCHERS = ['matcher', PREVIOUS, 'reference'];
const streamMatchers = (
  [
    ['matcher', current],
    [PREVIOUS, previous],
    ['reference', reference],
    [`${PREVIOUS}+switches`, withSwitches(previous)],
    ['matcher+no-hold', noHold],
    [`matcher${IN_VIEW_SUFFIX}`, current],
    [UNRESERVED, withSwitches(await loadBefore(UNRESERVED_COMMIT))],
    [ON_ARRIVAL, withSwitches(await loadBefore(ON_ARRIVAL_COMMIT))],
    [PACKED, withSwitches(await loadBefore(PACKED_COMMIT))],
    [ONE_WAIT, withSwitches(await loadBefore(ONE_WAIT_COMMIT))],
  ] as [string, MatcherApi][]
).filter(([name]) => (onlyAlgorithm ? onlyAlgorithm.split(',') : DEFAULT_STREAM_MATCHERS).includes(name));
/** `--only=<text>`: only the streams whose name holds it (e.g. `--streams --only=8/s`), to run streams apart. */
const onlyStreams = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const specs = streamSpecs(SEED + 4, shortStreams).filter(
  (spec) => !singleOnly && !speedOnly && (!onlyStreams || spec.name.includes(onlyStreams)),
);
/** The streams' 5v5 with no matcher settings: only nobody expires (heartbeats), so whoever is stranded is seen. */
const flowMode: Mode = { ...modeById('5v5'), ticketTtlSeconds: 24 * 3600 };
const flowRuns: FlowRun[] = specs.flatMap((spec) => compareOnStream(flowMode, spec, streamMatchers, NOW));
const printStreams = () => {
  console.log(
    `Streams in the default 5v5 (no matcher settings), swept every 2 s, nobody expiring; ${PREVIOUS} is the ` +
      `previous commit's matcher with the same mode (arrivals matched at once), ${PREVIOUS}+switches the same with ` +
      "issue 30's two switches on, matcher+no-hold today's without the hold of a busy sweep's unpaired sides, " +
      '"reference" the issue\'s simple oldest-first policy, all on the same arrivals. Older commits run with the ' +
      'switches. Per party size: wait p50 / p95 s of those matched / stranded (still waiting at the end, queued over ' +
      '120 s before it):',
  );
  console.log(streamsTable(flowRuns, markdown));
  console.log();
  console.log("The same streams by rating band (the party's mean rating): p50 / p95 s / stranded:");
  console.log(bandTable(flowRuns, markdown));
  console.log();
};
/** The sweep of the busy stream's queue after 100 s (about 1,000 tickets), each matcher in turn. */
const speedRuns = () => {
  const busy = streamSpecs(SEED + 4, true)[0];
  return busy ? sweepSpeed(flowMode, busy, streamMatchers, 100, NOW) : [];
};
const printSpeed = (speed: ReturnType<typeof speedRuns>) => {
  console.log(`The busy stream's queue after 100 s, swept 2 s later (median of 15 sweeps each, in turn):`);
  console.log(
    markdown(
      ['algorithm', 'queued', 'sweep ms p50'],
      speed.map((r) => [r.algorithm, String(r.queued), fixed(r.msMedian)]),
    ),
  );
  console.log();
};
if (speedOnly) {
  printSpeed(speedRuns());
  process.exit(0);
}
if (streamsOnly) {
  printStreams();
  const file = fileURLToPath(new URL(`./results-streams${onlyStreams ? '-part' : ''}.json`, import.meta.url));
  writeFileSync(file, `${JSON.stringify({ seed: SEED, previous: PREVIOUS_COMMIT, streams: flowRuns }, null, 2)}\n`);
  console.log(`Wrote ${file}`);
  process.exit(0);
}

const versions: [Algorithm, MatcherApi][] = [
  ['matcher', current],
  [PREVIOUS, previous],
];
const sweepOf = (matcher: MatcherApi) => (mode: Mode, pool: readonly Ticket[]) =>
  matcher.sweepPool(mode, pool, NOW).proposals;

const versionsOf = (): Contender[] =>
  versions.map(([algorithm, matcher]) => ({
    algorithm,
    sweep: sweepOf(matcher),
    matchmaker: (m) => new CoreMatchmaker(m, matcher, algorithm),
  }));
const runs: Run[] = [];
for (const players of singleOnly ? [] : POOL_SIZES) {
  runs.push(
    ...measure('5v5', players, [
      ...versionsOf(),
      { algorithm: 'baselineA', sweep: replayBaselineA, matchmaker: (m) => new BaselineAMatchmaker(m) },
      {
        algorithm: 'baselineB',
        sweep: (_, pool) => baselineB(pool, NOW),
        matchmaker: (m) => new BaselineBMatchmaker(m),
      },
    ]),
  );
  runs.push(...measure('1v1', players, versionsOf()));
  runs.push(...measure('ffa', players, versionsOf()));
}

type PackingRun = { algorithm: Algorithm; queuedPlayers: number; sweepMsMedian: number } & PackingFigures;
const fiveVsFive = modeById('5v5');
const packingRuns: PackingRun[] = [];
for (const players of PACKING_SIZES) {
  const pool = packingPool(SEED + 4 + players, players, NOW);
  const timings = timed(
    versions.map(
      ([, matcher]) =>
        () =>
          matcher.sweepPool(fiveVsFive, pool, NOW).proposals,
    ),
  );
  versions.forEach(([algorithm], i) => {
    const { ms, proposals } = timings[i] ?? { ms: Number.NaN, proposals: [] };
    packingRuns.push({
      algorithm,
      queuedPlayers: players,
      sweepMsMedian: ms,
      ...packingFigures(fiveVsFive, pool, proposals),
    });
    process.stderr.write(`  ${algorithm} seed-004 5v5 ${players}: ${ms.toFixed(1)} ms\n`);
  });
}

/** Per seed of a 1,000-player pool: the bound, and each version's matched share. */
type SmallPoolRun = { seed: number; boundFraction: number } & Partial<Record<Algorithm, number>>;
const smallPoolRuns: SmallPoolRun[] = [];
for (let k = 0; k < SMALL_POOL_SEEDS; k++) {
  const seed = SEED + 4 + 1_000 + k;
  const pool = packingPool(seed, 1_000, NOW);
  const run: SmallPoolRun = { seed, boundFraction: 0 };
  for (const [algorithm, matcher] of versions) {
    const figures = packingFigures(fiveVsFive, pool, matcher.sweepPool(fiveVsFive, pool, NOW).proposals);
    run.boundFraction = figures.boundFraction;
    run[algorithm] = figures.matchedFraction;
  }
  smallPoolRuns.push(run);
}

if (singleOnly) {
  console.log(`Seed 004's population in 5v5, one sweep, every ticket waiting 30 s, beside ${PREVIOUS}:`);
  console.log(packingTable(packingRuns));
  console.log();
  console.log(`The same at 1,000 players, ${SMALL_POOL_SEEDS} pools (seeds in a row), one sweep each:`);
  console.log(smallPoolTable(smallPoolRuns));
  process.exit(0);
}

/** A matcher's single sweeps for the targets: the ten 1,000-player pools' mean, and the 20,000 and 100,000 pools. */
function singleFigures(algorithm: Algorithm): Map<number, { matched: number; bound: number }> {
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const figures = new Map([
    [
      1_000,
      {
        matched: mean(smallPoolRuns.map((r) => r[algorithm] ?? 0)),
        bound: mean(smallPoolRuns.map((r) => r.boundFraction)),
      },
    ],
  ]);
  for (const r of packingRuns)
    if (r.algorithm === algorithm && r.queuedPlayers > 1_000)
      figures.set(r.queuedPlayers, { matched: r.matchedFraction, bound: r.boundFraction });
  return figures;
}

type StreamRun = { algorithm: Algorithm } & StreamFigures;
// Heartbeats keep waiting tickets alive: nobody expires, so whoever the matcher strands is seen.
const streamMode: Mode = { ...fiveVsFive, ticketTtlSeconds: 24 * 3600 };
const streamRuns: StreamRun[] = [];
{
  const random = new Random(SEED + 4);
  const factory = new TicketFactory(random, uniformRating);
  const arrivals = poissonArrivals(factory, random, UNIFORM_MIX, STREAM.playersPerSecond, NOW, STREAM.durationSeconds);
  const spec = {
    startMs: NOW,
    durationSeconds: STREAM.durationSeconds,
    tickSeconds: STREAM.tickSeconds,
    measureSeconds: STREAM.durationSeconds,
  };
  for (const [algorithm, matcher] of versions) {
    const result = simulate(new CoreMatchmaker(streamMode, matcher, algorithm), [], arrivals, spec);
    streamRuns.push({ algorithm, ...streamFigures(streamMode, arrivals, result, NOW + STREAM.durationSeconds * 1000) });
    process.stderr.write(`  ${algorithm} seed-004 stream\n`);
  }
}
const exact = runExact();
const memory = sweepMemory();
const speed = speedRuns();

console.log(table(runs));
console.log();
const find = (algorithm: Algorithm, mode: string, players: number) =>
  runs.find((r) => r.algorithm === algorithm && r.mode === mode && r.queuedPlayers === players);
for (const players of POOL_SIZES) {
  const [ours, old, a, b] = [
    find('matcher', '5v5', players),
    find(PREVIOUS, '5v5', players),
    find('baselineA', '5v5', players),
    find('baselineB', '5v5', players),
  ];
  const [duel, oldDuel] = [find('matcher', '1v1', players), find(PREVIOUS, '1v1', players)];
  if (!ours || !old || !a || !b || !duel || !oldDuel) continue;
  console.log(
    `${players} queued: 5v5 sweep ${(ours.sweepMsMedian / old.sweepMsMedian).toFixed(2)}× the time of ${PREVIOUS}, 1v1 ` +
      `${(duel.sweepMsMedian / oldDuel.sweepMsMedian).toFixed(2)}×; 5v5 ${(b.sweepMsMedian / ours.sweepMsMedian).toFixed(1)}× faster than ` +
      `baseline B, ${(a.sweepMsMedian / ours.sweepMsMedian).toFixed(1)}× baseline A; ` +
      `p95 wait ${fixed(ours.waitP95)} s (${PREVIOUS} ${fixed(old.waitP95)} s, A ${fixed(a.waitP95)} s, B ${fixed(b.waitP95)} s)`,
  );
}
console.log(
  `Peak RSS sweeping 100,000 players in 5v5 (own process): ${memory.peakRssMiB.toFixed(0)} MiB ` +
    `(${memory.beforeSweepMiB.toFixed(0)} MiB with the pool built, before sweeping); ` +
    `this process: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB; ${availableParallelism()} CPUs, Node ${process.version}`,
);
console.log();
console.log(
  `Seed 004's population in 5v5 (party sizes and ratings uniform), one sweep, every ticket waiting 30 s, beside ${PREVIOUS}:`,
);
console.log(packingTable(packingRuns));
console.log();
console.log(`The same at 1,000 players, ${SMALL_POOL_SEEDS} pools (seeds in a row), one sweep each:`);
console.log(smallPoolTable(smallPoolRuns));
console.log();
printExact(exact);
console.log(
  `Seed 004's population arriving at ${STREAM.playersPerSecond} players/s for ${STREAM.durationSeconds} s, ` +
    `swept every ${STREAM.tickSeconds} s, nobody expiring; waits in s by party size (p50/p95, left waiting):`,
);
console.log(streamTable(streamRuns));
console.log();
printStreams();
printSpeed(speed);
console.log("Issue 45's targets (the busy stream's 4-stack bound counts those stranded past 120 s):");
console.log(
  targetsTable(
    {
      streams: flowRuns,
      speed: new Map(speed.map((r) => [r.algorithm, r.msMedian])),
      single: new Map(versions.map(([algorithm]) => [algorithm, singleFigures(algorithm)])),
      largest: new Map(
        versions.map(([algorithm]) => [
          algorithm,
          new Map(
            runs
              .filter((r) => r.algorithm === algorithm && r.queuedPlayers === 100_000)
              .map((r) => [r.mode, r.sweepMsMedian]),
          ),
        ]),
      ),
    },
    streamMatchers.map(([name]) => name),
    markdown,
  ),
);
console.log();

const resultsFile = fileURLToPath(new URL('./results.json', import.meta.url));
writeFileSync(
  resultsFile,
  `${JSON.stringify({ seed: SEED, previous: PREVIOUS_COMMIT, peakRssMiB: memory.peakRssMiB, runs, packing: packingRuns, smallPools: smallPoolRuns, exact, stream: { ...STREAM, runs: streamRuns }, streams: { previous: PREVIOUS_COMMIT, runs: flowRuns }, speed }, null, 2)}\n`,
);
console.log(`Wrote ${resultsFile}`);
