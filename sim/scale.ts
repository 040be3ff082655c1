/**
 * `npm run simulate:scale [-- --pools 100,1000,10000 --intervals 1,2 --matchers 1,2 --bots 100 --duration 60 …]`:
 * the same live bots on top of a growing seeded pool of waiting tickets, at several sweep intervals and numbers of
 * matcher runs side by side, one fresh database per phase. Shows whether the cost per matched player stays flat
 * as the pool grows and the interval changes, what each matcher run's opening costs (the pool digests and the
 * tickets changed since, the live rooms), and, for a regional mode (`--modes duel=1`), the rooms of each region.
 * `--drain 8000` instead drains a backlog of that many matchable tickets with each number of matcher processes
 * (sim/drain.ts). Writes sim/scale.json; exits 1 on a violation.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseOptions, usage } from './options.js';
import { clearEmulators } from '../scripts/clear.js';
import { simulationStack } from './stack.js';
import { splitPoolId } from '../functions/src/core/mode/pool.js';
import type { DrainResult } from './drain.js';
import type { SimulationResult } from './simulation.js';

const OUT = fileURLToPath(new URL('./scale.json', import.meta.url));

function listFlag(args: string[], flag: string, fallback: number[]): number[] {
  const i = args.indexOf(flag);
  if (i < 0) return fallback;
  const values = (args[i + 1] ?? '').split(',').map(Number);
  if (!values.length || values.some((v) => !Number.isFinite(v) || v < 0))
    throw new Error(`${flag} takes numbers like 100,1000`);
  args.splice(i, 2);
  return values;
}

type Stack = Awaited<ReturnType<typeof simulationStack>>;
type Ladder = import('../functions/src/context.js').LadderContext;
type Options = ReturnType<typeof parseOptions>;

/** `--drain N`: drains a backlog of N matchable tickets with each number of matcher processes. */
async function runDrains(stack: Stack, ctx: Ladder, options: Options, tickets: number, matcherCounts: number[]) {
  const { drain } = await import('./drain.js');
  const drains = [];
  for (const matchers of matcherCounts) {
    console.log(`\n— Draining ${tickets} matchable tickets with ${matchers} matcher process(es) —`);
    await clearEmulators(stack);
    const intervalMs = 1000 * (options.sweepIntervalSeconds ?? ctx.config.advanced.matcher.sweepIntervalSeconds);
    drains.push(await drain(ctx, { tickets, matchers, intervalMs }));
    console.log(JSON.stringify(drains.at(-1)));
  }
  writeFileSync(OUT, `${JSON.stringify({ drains }, null, 2)}\n`);
  console.log(`\n${drainTable(drains)}\n\nWritten to ${OUT}`);
  return drains.some((d) => d.invariantViolations > 0) ? 1 : 0;
}

const roundMs = (ms: number | null) => (ms === null ? null : Math.round(ms));
const mean = (values: number[]) =>
  values.length ? +(values.reduce((a, b) => a + b, 0) / values.length).toFixed(1) : null;

/** One phase's row: its cost per matched player, split by where it was made, and its waits. */
function scaleRow(
  phase: { pool: number; interval: number; matchers: number },
  result: SimulationResult,
  f: ReturnType<typeof import('./analysis.js')['analyse']>,
) {
  const opening = f.matcher.openingReads.reduce((a, b) => a + b, 0);
  const callable = f.queueOps.filter((r) => !r.source.startsWith('matcher'));
  const per = (n: number) => (f.matchedPlayers ? +(n / f.matchedPlayers).toFixed(2) : null);
  return {
    pool: phase.pool,
    sweepIntervalSeconds: phase.interval,
    matchers: phase.matchers,
    perRegion: perRegion(result),
    matchedPlayers: f.matchedPlayers,
    callableReadsPerPlayer: per(callable.reduce((s, r) => s + r.reads, 0)),
    callableWritesPerPlayer: per(callable.reduce((s, r) => s + r.writes, 0)),
    matcherReadsPerPlayerAfterOpening: per(Math.max(0, f.matcher.reads - opening)),
    matcherWritesPerPlayer: per(f.matcher.writes),
    readsPerPlayerWithoutOpening: per(f.queueOps.reduce((s, r) => s + r.reads, 0) - opening),
    readsPerMatchedPlayer: f.readsPerMatchedPlayer,
    writesPerMatchedPlayer: f.writesPerMatchedPlayer,
    matcherRuns: f.matcher.runs,
    openingReadsPerRun: f.matcher.runs ? Math.round(opening / f.matcher.runs) : null,
    sweeps: f.matcher.sweeps,
    steadyReadsPerSweep: f.matcher.steadyReadsPerSweep,
    sweepCycleMs: f.matcher.sweepCycleMs,
    immediateP95Ms: roundMs(f.byPath.immediate.p95),
    scheduledP95Ms: roundMs(f.byPath.scheduled.p95),
    matcherDelayP95Ms: roundMs(f.byPath.matcherDelay.p95),
    seedingSeconds: +(result.phasesMs.background / 1000).toFixed(1),
    coldStartReads: result.background.coldStartReads,
    loadAverage: mean(result.machine.loadAverages),
    invariantViolations: result.violations.length,
  };
}

/** Every pool size × interval × number of matcher runs, one fresh database each. */
async function runPhases(
  stack: Stack,
  config: Ladder['config'],
  options: Options,
  grid: { pools: number[]; intervals: number[]; matcherCounts: number[] },
) {
  const { runSimulation } = await import('./simulation.js');
  const { analyse } = await import('./analysis.js');
  const { describeViolations } = await import('./invariants.js');
  const rows = [];
  for (const pool of grid.pools)
    for (const interval of grid.intervals)
      for (const matchers of grid.matcherCounts) {
        console.log(
          `\n— Pool of ${pool} seeded waiting tickets, sweep interval ${interval} s, ${matchers} matcher run(s) —`,
        );
        await clearEmulators(stack);
        const result = await runSimulation({
          options: { ...options, background: pool, sweepIntervalSeconds: interval, matchers },
          endpoints: stack,
          log: console.log,
          progressEveryMs: 15_000,
        });
        if (result.violations.length) console.error(describeViolations(result.violations));
        const row = scaleRow({ pool, interval, matchers }, result, analyse(result, config));
        rows.push(row);
        console.log(JSON.stringify(row));
      }
  return rows;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    console.log(`npm run simulate:scale -- [--pools 100,1000,10000] [--intervals 1,2] [options]\n${usage()}`);
    return 0;
  }
  const pools = listFlag(args, '--pools', [100, 1000, 10_000]);
  const intervals = listFlag(args, '--intervals', [1, 2]);
  const matcherCounts = listFlag(args, '--matchers', [1]);
  const [drainTickets] = listFlag(args, '--drain', []);
  // Fewer bots and no faults by default, so the phases differ in the pool and the interval only.
  const options = parseOptions(['--bots', '100', '--duration', '60', '--faults', 'none', ...args], process.env);
  const stack = await simulationStack(console.log);
  try {
    const ctx = (await import('../scripts/ladderContext.js')).envContext();
    const { config } = ctx;
    if (drainTickets !== undefined) return await runDrains(stack, ctx, options, drainTickets, matcherCounts);
    const rows = await runPhases(stack, config, options, { pools, intervals, matcherCounts });
    writeFileSync(OUT, `${JSON.stringify({ options, rows }, null, 2)}\n`);
    const regional = rows.flatMap((r) =>
      Object.entries(r.perRegion).map(
        ([region, f]) =>
          `pool ${r.pool}, ${r.matchers} matcher run(s): ${region} ${f.rooms} rooms, ${f.players} players, ${f.fromElsewhere} from another region`,
      ),
    );
    console.log(`\n${table(rows)}\n${regional.length ? `\n${regional.join('\n')}\n` : ''}\nWritten to ${OUT}`);
    return rows.some((r) => r.invariantViolations > 0) ? 1 : 0;
  } finally {
    await stack.stop();
  }
}

/** Rooms of regional modes by the region they played in, with how many of their players came from another. */
function perRegion(
  result: SimulationResult,
): Record<string, { rooms: number; players: number; fromElsewhere: number }> {
  const homeOf = new Map(result.snapshot.tickets.map((t) => [t.id, splitPoolId(t.mode).region]));
  const out: Record<string, { rooms: number; players: number; fromElsewhere: number }> = {};
  for (const room of result.snapshot.rooms) {
    if (!room.region) continue;
    out[room.region] ??= { rooms: 0, players: 0, fromElsewhere: 0 };
    const row = out[room.region]!;
    row.rooms++;
    for (const ticket of room.sides.flatMap((side) => side.tickets)) {
      row.players += ticket.members.length;
      if (homeOf.get(ticket.ticketId) !== room.region) row.fromElsewhere += ticket.members.length;
    }
  }
  return out;
}

function drainTable(drains: DrainResult[]): string {
  const lines = [
    '| matcher processes | pools | tickets | seconds | matched players/s | pools per run | stale proposals | invariant violations |',
  ];
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const d of drains)
    lines.push(
      `| ${d.matchers} | ${d.pools.length} | ${d.tickets} | ${d.seconds} | ${d.matchedPlayersPerSecond} | ${d.runs.map((r) => r.pools.length).join(' + ')} | ${d.runs.reduce((s, r) => s + r.stale, 0)} | ${d.invariantViolations} |`,
    );
  return lines.join('\n');
}

function table(rows: Record<string, unknown>[]): string {
  const columns: [string, string][] = [
    ['pool', 'seeded pool'],
    ['sweepIntervalSeconds', 'sweep s'],
    ['matchers', 'matcher runs'],
    ['matchedPlayers', 'matched players'],
    ['callableReadsPerPlayer', 'callable reads/pl'],
    ['matcherReadsPerPlayerAfterOpening', 'matcher reads/pl (no openings)'],
    ['readsPerPlayerWithoutOpening', 'reads/pl (no openings)'],
    ['readsPerMatchedPlayer', 'reads/pl (all)'],
    ['writesPerMatchedPlayer', 'writes/pl'],
    ['openingReadsPerRun', 'opening reads/run'],
    ['steadyReadsPerSweep', 'reads/sweep (steady)'],
    ['sweepCycleMs', 'sweep every ms'],
    ['immediateP95Ms', 'immediate p95 ms'],
    ['scheduledP95Ms', 'scheduled p95 ms'],
    ['matcherDelayP95Ms', 'possible→seen p95 ms'],
    ['loadAverage', 'load avg'],
  ];
  const head = `| ${columns.map(([, h]) => h).join(' | ')} |`;
  const rule = `|${columns.map(() => '---').join('|')}|`;
  return [head, rule, ...rows.map((r) => `| ${columns.map(([k]) => r[k] ?? '–').join(' | ')} |`)].join('\n');
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
