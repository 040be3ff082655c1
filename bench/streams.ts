/**
 * Streams of arrivals, matched on arrival and swept every 2 s, nobody expiring (heartbeats): waits and
 * strandings per party size and per rating band, for each matcher on the same arrivals, beside the stream
 * bound (`strandingBound`). Used by run.ts.
 */
import { largestPairing } from '../functions/src/core/match/ceiling.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import type { Mode } from '../functions/src/core/mode/modes.js';
import { percentile } from '../functions/src/core/ops/percentile.js';
import type { MatcherApi } from './before.js';
import { CoreMatchmaker, NEEDY_IN_VIEW } from './matchmakers.js';
import { median } from './metrics.js';
import { TicketFactory, uniformRating } from './pools.js';
import { Random } from '../tools/random.js';
import { poissonArrivals, simulate } from './simulate.js';

/** An algorithm named with this ending runs with arrivals seeing the longest-waiting needy parties (a what-if). */
export const IN_VIEW_SUFFIX = '+in-view';

/** A ticket still waiting at the end, queued longer ago than this, is stranded. */
export const STRANDED_SECONDS = 120;
/** Rating bands of the per-band figures: a party's mean rating, in these steps. */
const BAND_WIDTH = 500;

export interface StreamSpec {
  name: string;
  /** Share of tickets by party size 1..5. */
  mix: readonly number[];
  playersPerSecond: number;
  durationSeconds: number;
  tickSeconds: number;
  seed: number;
}

export interface WaitFigures {
  tickets: number;
  waitP50: number | null;
  waitP95: number | null;
  /** Still waiting at the end, queued over STRANDED_SECONDS before it. */
  stranded: number;
}

export interface StreamRun {
  stream: string;
  algorithm: string;
  bySize: (WaitFigures & { size: number })[];
  byBand: (WaitFigures & { band: string })[];
  /** Fewest 4-stacks (parties one short of a side) any matcher keeping the caps strands (`strandingBound`). */
  shortPartyBound: number;
  /** 4-stacks still waiting at the end, however long, and the fewest any such matcher leaves (all arrivals). */
  shortPartiesLeft: number;
  shortPartyBoundAll: number;
  sweepMsMedian: number | null;
  /** Tickets queued at the median sweep. */
  queuedMedian: number | null;
  sweepSecondsTotal: number;
  fairShare: number | null;
}

/** The stream's arrivals: seed 004's ratings (members uniform over 0..3000), party sizes drawn from the mix. */
export function streamArrivals(spec: StreamSpec, startMs: number): Ticket[] {
  const random = new Random(spec.seed);
  const factory = new TicketFactory(random, uniformRating);
  return poissonArrivals(factory, random, spec.mix, spec.playersPerSecond, startMs, spec.durationSeconds);
}

/**
 * The fewest parties one short of a side that any matcher keeping the caps leaves stranded at the end of the
 * stream. A stranded party arrived over STRANDED_SECONDS before the end; to be seated by then it sits beside a
 * solo within the hard spread cap (its wait has widened the cap that far: the default schedule reaches it
 * within 6 s) and no solo sits beside two parties. Any solo of the stream may be that solo, whenever it
 * arrived: nobody expires, so either of the two could have waited for the other. So the parties seated are
 * at most the largest pairing of those parties with all the stream's solos within the hard cap, and the rest
 * is the bound. It counts no other shortage (opponents, the side cap, 3-stacks), so it is a lower bound. It is
 * loose where the last two minutes bring more solos than the parties before them need. With `strandedOnly`
 * false it counts every party of the stream instead: the fewest left waiting at the end, however long (the
 * issue's form of the bound, which it compares with the stranded).
 */
export function strandingBound(mode: Mode, arrivals: readonly Ticket[], endMs: number, strandedOnly = true): number {
  if (mode.format.kind !== 'team' || mode.format.teamSize < 3) return 0;
  const short = mode.format.teamSize - 1;
  const scores = (keep: (t: Ticket) => boolean) =>
    arrivals
      .filter(keep)
      .map((t) => t.score)
      .sort((a, b) => a - b);
  const early = (t: Ticket) => !strandedOnly || endMs - t.enqueuedAt > STRANDED_SECONDS * 1000;
  const parties = scores((t) => t.members.length === short && early(t));
  const solos = scores((t) => t.members.length === 1);
  const reach = mode.spreadCap.hard;
  return parties.length - largestPairing(parties, solos, reach);
}

/** Waits of those matched, and those stranded, among `tickets`. */
function waitFigures(tickets: readonly Ticket[], matchedAt: ReadonlyMap<Ticket, number>, endMs: number): WaitFigures {
  const waits = tickets
    .flatMap((t) => {
      const at = matchedAt.get(t);
      return at === undefined ? [] : [(at - t.enqueuedAt) / 1000];
    })
    .sort((a, b) => a - b);
  return {
    tickets: tickets.length,
    waitP50: percentile(waits, 50),
    waitP95: percentile(waits, 95),
    stranded: tickets.filter((t) => !matchedAt.has(t) && endMs - t.enqueuedAt > STRANDED_SECONDS * 1000).length,
  };
}

const bandOf = (t: Ticket) => {
  const mean = t.members.reduce((sum, m) => sum + m.rating, 0) / t.members.length;
  const low = Math.min(2_500, Math.floor(mean / BAND_WIDTH) * BAND_WIDTH);
  return low === 2_500 ? '2500+' : `${low}–${low + BAND_WIDTH - 1}`;
};

/** One matcher over one stream: the shell's use of it (match on arrival, sweep on the tick), sweeps timed. */
export function runStream(
  mode: Mode,
  spec: StreamSpec,
  arrivals: readonly Ticket[],
  algorithm: string,
  matcher: MatcherApi,
  startMs: number,
): StreamRun {
  const sweepTimes: number[] = [];
  const queued: number[] = [];
  const timedMatcher: MatcherApi = {
    ...matcher,
    sweepPool: (m, tickets, nowMs) => {
      const start = performance.now();
      const result = matcher.sweepPool(m, tickets, nowMs);
      sweepTimes.push(performance.now() - start);
      queued.push(tickets.length);
      return result;
    },
  };
  const endMs = startMs + spec.durationSeconds * 1000;
  const needyInView = algorithm.endsWith(IN_VIEW_SUFFIX) ? NEEDY_IN_VIEW : 0;
  const result = simulate(new CoreMatchmaker(mode, timedMatcher, algorithm, needyInView), [], arrivals, {
    startMs,
    durationSeconds: spec.durationSeconds,
    tickSeconds: spec.tickSeconds,
    measureSeconds: spec.durationSeconds,
  });
  const bySize = [1, 2, 3, 4, 5].map((size) => ({
    size,
    ...waitFigures(
      arrivals.filter((t) => t.members.length === size),
      result.matchedAt,
      endMs,
    ),
  }));
  const bands = [...new Set(arrivals.map(bandOf))].sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  const byBand = bands.map((band) => ({
    band,
    ...waitFigures(
      arrivals.filter((t) => bandOf(t) === band),
      result.matchedAt,
      endMs,
    ),
  }));
  return {
    stream: spec.name,
    algorithm,
    bySize,
    byBand,
    shortPartyBound: strandingBound(mode, arrivals, endMs),
    shortPartiesLeft: arrivals.filter((t) => t.members.length === 4 && !result.matchedAt.has(t)).length,
    shortPartyBoundAll: strandingBound(mode, arrivals, endMs, false),
    sweepMsMedian: median(sweepTimes),
    queuedMedian: median([...queued].sort((a, b) => a - b)),
    sweepSecondsTotal: sweepTimes.reduce((sum, ms) => sum + ms, 0) / 1000,
    fairShare: result.fairShare,
  };
}

/**
 * The sweep's speed on a stream's own queue: the stream runs `atSeconds` under today's matcher (the first of
 * `matchers`), then each matcher sweeps the tickets left queued, one tick later, `repetitions` times in
 * turn (so load swings hit them alike), after a warm-up sweep each. Median milliseconds per matcher.
 */
export function sweepSpeed(
  mode: Mode,
  spec: StreamSpec,
  matchers: readonly [string, MatcherApi][],
  atSeconds: number,
  startMs: number,
  repetitions = 15,
): { algorithm: string; queued: number; msMedian: number | null }[] {
  const arrivals = streamArrivals({ ...spec, durationSeconds: atSeconds }, startMs);
  const [first] = matchers;
  if (!first) return [];
  const run = simulate(new CoreMatchmaker(mode, first[1], first[0]), [], arrivals, {
    startMs,
    durationSeconds: atSeconds,
    tickSeconds: spec.tickSeconds,
    measureSeconds: atSeconds,
  });
  const queue = arrivals.filter((t) => !run.matchedAt.has(t));
  const nowMs = startMs + (atSeconds + spec.tickSeconds) * 1000;
  const times = matchers.map((): number[] => []);
  for (const [, matcher] of matchers) matcher.sweepPool(mode, queue, nowMs);
  for (let k = 0; k < repetitions; k++) {
    matchers.forEach(([, matcher], i) => {
      const start = performance.now();
      matcher.sweepPool(mode, queue, nowMs);
      times[i]?.push(performance.now() - start);
    });
  }
  return matchers.map(([algorithm], i) => ({
    algorithm,
    queued: queue.length,
    msMedian: median(times[i] ?? []),
  }));
}

/** Every matcher over one stream, on the same arrivals. */
export function compareOnStream(
  mode: Mode,
  spec: StreamSpec,
  matchers: readonly [string, MatcherApi][],
  startMs: number,
): StreamRun[] {
  const arrivals = streamArrivals(spec, startMs);
  return matchers.map(([algorithm, matcher]) => {
    const run = runStream(mode, spec, arrivals, algorithm, matcher, startMs);
    process.stderr.write(`  ${algorithm} ${spec.name}: ${run.sweepSecondsTotal.toFixed(1)} s of sweeps\n`);
    return run;
  });
}

const fixed = (value: number | null, digits = 1) => (value === null ? '—' : value.toFixed(digits));
const cell = (f: WaitFigures) => `${fixed(f.waitP50)} / ${fixed(f.waitP95)} / ${f.stranded}`;

/** Per party size (p50 / p95 s / stranded), the bound beside the 4-stacks, the sweep's cost and fairness. */
export function streamTable(runs: readonly StreamRun[], markdown: (h: string[], r: string[][]) => string): string {
  const header = [
    'stream',
    'algorithm',
    ...[1, 2, 3, 4, 5].map((size) => `size ${size}`),
    '4-stack bound',
    '4-stacks left / bound',
    'queued (median)',
    'sweep ms p50',
    'sweeps total s',
    'fair',
  ];
  const rows = runs.map((r) => [
    r.stream,
    r.algorithm,
    ...r.bySize.map(cell),
    String(r.shortPartyBound),
    `${r.shortPartiesLeft} / ${r.shortPartyBoundAll}`,
    fixed(r.queuedMedian, 0),
    fixed(r.sweepMsMedian),
    fixed(r.sweepSecondsTotal),
    r.fairShare === null ? '—' : `${(100 * r.fairShare).toFixed(1)}%`,
  ]);
  return markdown(header, rows);
}

/** Per rating band (p50 / p95 s / stranded). */
export function bandTable(runs: readonly StreamRun[], markdown: (h: string[], r: string[][]) => string): string {
  const bands = runs[0]?.byBand.map((b) => b.band) ?? [];
  const header = ['stream', 'algorithm', ...bands];
  const rows = runs.map((r) => [r.stream, r.algorithm, ...r.byBand.map(cell)]);
  return markdown(header, rows);
}

/** Seed 004's party sizes (uniform 1..5), and a solo-heavy mix closer to what real games see. */
const SEED_004_MIX = [1, 1, 1, 1, 1] as const;
const SOLO_HEAVY_MIX = [0.6, 0.25, 0.1, 0.025, 0.025] as const;

/**
 * The streams of the benchmark: seed 004's mix at ~1,000 queued (450 players/s) for 30 minutes (`short`: 10),
 * at ~60 queued (8 players/s), at 30 players/s, and the solo-heavy mix.
 */
export function streamSpecs(seed: number, short: boolean): StreamSpec[] {
  const stream = (name: string, mix: readonly number[], playersPerSecond: number, durationSeconds: number) => ({
    name,
    mix,
    playersPerSecond,
    durationSeconds,
    tickSeconds: 2,
    seed,
  });
  return [
    short
      ? stream('seed 004, 450/s, 10 min', SEED_004_MIX, 450, 600)
      : stream('seed 004, 450/s, 30 min', SEED_004_MIX, 450, 1_800),
    stream('seed 004, 8/s, 30 min', SEED_004_MIX, 8, 1_800),
    stream('seed 004, 30/s, 10 min', SEED_004_MIX, 30, 600),
    stream('solo-heavy, 100/s, 10 min', SOLO_HEAVY_MIX, 100, 600),
  ];
}
