/**
 * One simulation against a running stack: bots sign in and form parties, play while the scheduled matcher runs
 * in this process, stop, let every room and ticket finish, and then the whole database is checked. Needs the
 * emulator environment and LADDER_CONFIG set before it is imported (it loads the functions' modules).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { availableParallelism, loadavg } from 'node:os';
import { getAuth } from 'firebase-admin/auth';
import type { CallName } from '@ladder/client';
import { callNameOf } from '../client/src/names.js';
import type { OpsByKind } from '../functions/src/store/firestore/metrics.js';
import { maxPartySize } from '../functions/src/core/mode/partyCapacity.js';
import { percentile } from '../functions/src/core/ops/percentile.js';
import { LIVE_ROOM_STATUSES } from '../functions/src/core/room/room.js';
import { penalties, type Penalties } from './penalties.js';
import { runMatcher } from '../functions/src/jobs/matcherRun.js';
import { app } from '../functions/src/store/firestore/db.js';
import { envContext } from '../scripts/ladderContext.js';
import { drawTrueSkills } from '../tools/trueSkill.js';
import { Random } from '../tools/random.js';
import { BACKGROUND_PREFIX, seedBackground } from './background.js';
import {
  captainLife,
  farmingPairLife,
  memberLife,
  modeWeights,
  World,
  type Bot,
  type EnqueueRecord,
  type FaultCounts,
} from './bots.js';
import { BotClient, CallLog, Limiter, type ClientEndpoints, type FunctionStats } from './client.js';
import { checkInvariants, readSnapshot, type InvariantViolation } from './invariants.js';
import type { Snapshot } from './snapshot.js';
import { ScheduledMatcher, type MatcherRun } from './matcher.js';
import { newOperatorLog, operatorLife, type OperatorLog } from './operator.js';
import type { SimOptions } from './options.js';
import { PlayerView } from './view.js';

// The ladder this process plays: the configuration LADDER_CONFIG names, which the emulated functions load too.
const ctx = envContext();
const { config } = ctx;

export interface ServerOps {
  reads: number;
  writes: number;
  invocations: number;
  /** The same reads and writes by kind of document (collection id). */
  kinds?: OpsByKind;
}

export interface SimulationResult {
  options: SimOptions;
  /** The configuration the functions and the matcher ran with. */
  modes: string[];
  sweepIntervalSeconds: number;
  runSeconds: number;
  startedAt: number;
  /** When bots started playing, stopped starting games, and everything had finished. */
  playFrom: number;
  playUntil: number;
  drainedAt: number;
  finishedAt: number;
  phasesMs: Record<'warmUp' | 'background' | 'signIn' | 'parties' | 'play' | 'drain' | 'matcherStop' | 'check', number>;
  signedIn: number;
  partySizes: number[];
  /** Seeded waiting tickets per mode, and what the unmeasured matcher run that first digested them read. */
  background: { perMode: Record<string, number>; coldStartReads: number };
  enqueues: EnqueueRecord[];
  faults: FaultCounts;
  /** The fair-play penalties on record after the run. */
  penalties: Penalties;
  doubleEnqueues: string[];
  /** Listener errors (path: code), answers that contradicted a bot's listeners, bots still busy after the stop. */
  listenerErrors: string[];
  staleViews: string[];
  missedUpdates: string[];
  stuckBots: string[];
  calls: Record<
    string,
    Omit<FunctionStats, 'latencyMs'> & { p50Ms: number | null; p95Ms: number | null; p99Ms: number | null }
  >;
  callTimes: number[];
  /** How long callable requests waited for a slot in the process-wide limiter while bots played. */
  limiterWaitMs: number[];
  /** Reads, writes and invocations each callable recorded in `metrics/*` (LADDER_METRICS=on); null when off. */
  serverOps: Record<string, ServerOps> | null;
  matcherRuns: MatcherRun[];
  snapshot: Snapshot;
  /** Each bot's hidden true skill, by uid. */
  trueSkills: Record<string, number>;
  violations: InvariantViolation[];
  /** Rooms and tickets still live when the drain gave up (0 when everything finished). */
  leftLive: number;
  /** Tickets of vanished clients still queued at the end, left to expire (no one cancels them). */
  vanishedQueued: number;
  /** What the operator did while bots played (`--operator`); null without one. */
  operator: OperatorLog | null;
  /** The machine everything shared (emulators, bots, matcher): its cores and 1-minute load average while playing. */
  machine: { cores: number; loadAverages: number[] };
}

export interface SimulationInput {
  options: SimOptions;
  endpoints: ClientEndpoints;
  log?: (line: string) => void;
  /** How often a progress line is logged. */
  progressEveryMs?: number;
}

async function readMetrics(): Promise<Record<string, ServerOps>> {
  const docs = await ctx.db.collection('metrics').get();
  // The functions record under their deployed names (`ladder-enqueue`); the report speaks of callables.
  return Object.fromEntries(docs.docs.map((d) => [callNameOf(d.id), d.data() as ServerOps]));
}

/** Workers started ahead for each busy function: enough for the usual concurrency, not every burst. */
const WARM_WORKERS = 6;

/** The callables the bots use once the game is on. */
const PLAY_FUNCTIONS: CallName[] = [
  'enqueue',
  'heartbeat',
  'cancelQueue',
  'acceptMatch',
  'declineMatch',
  'reportResult',
  'leaveParty',
  'joinParty',
  'refreshPartyCode',
  'forfeit',
];

/** The admin callables the operator uses (`--operator`). */
const OPERATOR_FUNCTIONS: CallName[] = [
  'banPlayer',
  'unbanPlayer',
  'pauseMode',
  'resumeMode',
  'voidRoom',
  'adjustRating',
];

/**
 * Starts the Functions emulator's workers before anything is measured: it boots one process per function and
 * concurrent request on first use, which takes seconds on a busy machine (a deployed function's cold start is
 * another matter). Calls without a signed-in user are refused inside the function, so they change nothing.
 * The operator's callables are warmed too: a ban that boots its worker first can answer after the live room it
 * meant to take its player out of is over.
 */
async function warmUp(endpoints: ClientEndpoints, operator: boolean) {
  const client = new BotClient(endpoints, new Limiter(WARM_WORKERS), new CallLog());
  for (const name of operator ? OPERATOR_FUNCTIONS : []) await client.warm(name);
  for (const name of PLAY_FUNCTIONS) {
    const parallel = (['enqueue', 'heartbeat', 'acceptMatch', 'reportResult', 'cancelQueue'] as CallName[]).includes(
      name,
    )
      ? WARM_WORKERS
      : 2;
    await Promise.all(Array.from({ length: parallel }, () => client.warm(name)));
  }
  await client.close();
}

/**
 * What the drain waits for: live rooms, and queued tickets other than the background's and those of vanished
 * clients (nobody will cancel those; they expire after their time-to-live, which may be long).
 */
async function stillLive(vanished: Set<string>): Promise<{ waitingFor: number; vanishedQueued: number }> {
  const [rooms, ...pools] = await Promise.all([
    ctx.db
      .collection('rooms')
      .where('status', 'in', [...LIVE_ROOM_STATUSES])
      .count()
      .get(),
    ...Object.keys(config.modes).map((mode) =>
      ctx.db.collection(`pools/${mode}/tickets`).where('status', '==', 'queued').select().get(),
    ),
  ]);
  const ids = pools.flatMap((p) => p.docs.map((d) => d.id)).filter((id) => !id.startsWith(BACKGROUND_PREFIX));
  const vanishedQueued = ids.filter((id) => vanished.has(id)).length;
  return { waitingFor: rooms.data().count + ids.length - vanishedQueued, vanishedQueued };
}

/** A ticket's time-to-live, a ready check and a report window, back to back, in the slowest mode. */
const longestTimers = () =>
  Math.max(
    ...Object.values(config.modes).map(
      (m) => (m.readyCheck?.timeoutSeconds ?? 0) + m.reportTimeoutSeconds + m.ticketTtlSeconds,
    ),
  );

/** What a bot's listeners show, what it is doing, and what the server holds for it. */
async function describeBot(bot: Bot): Promise<string> {
  const { state, ticket, room, listenerErrors } = bot.view;
  const shown = `state → ${state?.ticketId ?? '–'}, ticket ${ticket ? `${ticket.id} ${ticket.status}` : '–'}, room ${room ? `${room.id} ${room.status}` : '–'}`;
  const serverState = (await ctx.db.doc(`playerStates/${bot.client.uid}`).get()).data();
  const serverTicket = serverState?.ticketId
    ? (await ctx.db.doc(`pools/${serverState.mode}/tickets/${serverState.ticketId}`).get()).data()
    : undefined;
  const server = `state → ${serverState?.ticketId ?? '–'}, ticket ${serverTicket ? `${serverTicket.status} (expires in ${Math.round((serverTicket.expiresAt - Date.now()) / 1000)} s)` : '–'}`;
  const errors = listenerErrors.length ? `; listener errors ${listenerErrors.join('; ')}` : '';
  return `${bot.client.uid}${bot.isMember ? ' (member)' : ''} ${bot.doing}; listeners show ${shown}; server has ${server}${errors}`;
}

function partySizes(bots: number, share: number, largest: number, random: Random): number[] {
  const sizes: number[] = [];
  let placed = 0;
  const target = Math.round(bots * share);
  const choices = [2, 3, 4].filter((s) => s <= largest);
  while (choices.length && placed + 2 <= target) {
    const size = Math.min(choices[random.pick([0.55, 0.35, 0.1].slice(0, choices.length))]!, target - placed);
    if (size < 2) break;
    sizes.push(size);
    placed += size;
  }
  return sizes;
}

type Phases = SimulationResult['phasesMs'];

/** Times each phase of a run into `phases`, whether it ends or throws. */
const phaseTimer =
  (phases: Partial<Phases>) =>
  async <T>(name: keyof Phases, work: () => Promise<T>): Promise<T> => {
    const from = Date.now();
    try {
      return await work();
    } finally {
      phases[name] = Date.now() - from;
    }
  };

function assertModesConfigured(options: SimOptions) {
  for (const mode of Object.keys(options.modes)) {
    if (!config.modes[mode])
      throw new Error(
        `--modes names "${mode}", which is not configured (modes: ${Object.keys(config.modes).join(', ')})`,
      );
  }
}

/** Seeds the unmatchable background tickets, and digests them once, unmeasured, as a pool that built up would be. */
async function seedBackgroundLoad(options: SimOptions, world: World, log: (line: string) => void) {
  if (!options.background) return { perMode: {}, coldStartReads: 0 };
  log(`Seeding ${options.background} unmatchable waiting tickets (background load)…`);
  const perMode = await seedBackground(ctx, options.background, modeWeights(world, 1));
  // Its opening reads (the whole pool, once, as after a first deploy) are reported apart.
  const coldStart = await runMatcher(ctx, { durationMs: 0, intervalMs: 1_000 });
  return { perMode, coldStartReads: coldStart.openingReads };
}

/** The bots, signed in a few at a time: hundreds of logins at once would only start hundreds of emulator workers. */
function signInBots(run: RunParts, root: Random): Promise<Bot[]> {
  return Promise.all(
    Array.from({ length: run.options.bots }, (_, i) =>
      run.arrivals.run(async () => {
        const client = new BotClient(run.endpoints, run.limiter, run.calls);
        await client.signIn(`Sim Bot ${i + 1}`);
        await client.call('getProfile');
        return {
          client,
          view: new PlayerView(client),
          random: new Random(root.next() * 2 ** 32),
          members: [],
          partyCode: null,
          isMember: false,
          doing: 'signed in',
        } satisfies Bot;
      }),
    ),
  );
}

/** Bots, in order, form parties of the given sizes; the rest stay solo. */
async function formParties(bots: Bot[], sizes: number[], arrivals: Limiter) {
  let next = 0;
  await Promise.all(
    sizes.map((size) => {
      const [leader, ...members] = bots.slice(next, next + size);
      next += size;
      return arrivals.run(async () => {
        const { party } = await leader!.client.call('createParty');
        leader!.partyCode = party.code;
        for (const member of members) {
          await member.client.call('joinParty', { code: party.code });
          member.isMember = true;
        }
        leader!.members = members;
      });
    }),
  );
}

function startMatchers(options: SimOptions): { matchers: ScheduledMatcher[]; intervalMs: number } {
  const intervalMs = 1000 * (options.sweepIntervalSeconds ?? config.advanced.matcher.sweepIntervalSeconds);
  const runMs = 1000 * config.advanced.matcher.runSeconds;
  const tickMs = options.tickSeconds ? 1000 * options.tickSeconds : runMs;
  const matchers =
    options.matchers === 1
      ? [new ScheduledMatcher(ctx, intervalMs, runMs, tickMs)]
      : Array.from(
          { length: options.matchers },
          (_, i) => new ScheduledMatcher(ctx, intervalMs, runMs, tickMs, `sim${i + 1}`),
        );
  return { matchers, intervalMs };
}

/**
 * The last two solo bots farm a 1v1 mode, if there is one, whether or not the others play it (a mode nobody else
 * queues for is where farmers meet most): they queue for it together, again and again.
 */
function chooseFarmers(bots: Bot[], world: World): { pair: [Bot, Bot]; mode: string } | null {
  const mode = Object.keys(config.modes).find((id) => {
    const { format, regions } = config.modes[id]!;
    return format.kind === 'team' && format.teamSize === 1 && !regions;
  });
  const farmers = bots.slice(-2).filter((b) => !b.isMember && b.members.length === 0);
  if (!mode || farmers.length !== 2) return null;
  world.farmers = [farmers[0]!.client.uid, farmers[1]!.client.uid];
  return { pair: [farmers[0]!, farmers[1]!], mode };
}

/** Each bot's life: the farmers' pair, a member following its captain, or a captain (a solo bot leads itself). */
function startLives(world: World, bots: Bot[], farmers: ReturnType<typeof chooseFarmers>): Promise<void>[] {
  const captainsDone = new Set<Bot>();
  const farming = farmers ? farmingPairLife(world, farmers.pair, farmers.mode) : null;
  return bots.map(async (bot) => {
    if (farming && farmers?.pair.includes(bot)) {
      await farming;
      captainsDone.add(bot);
    } else if (bot.isMember) {
      const captain = bots.find((b) => b.members.includes(bot));
      await memberLife(world, bot, () => !captain || captainsDone.has(captain));
    } else {
      await captainLife(world, bot);
      captainsDone.add(bot);
    }
  });
}

/** What a run shares between its phases. */
interface RunParts {
  options: SimOptions;
  endpoints: ClientEndpoints;
  limiter: Limiter;
  arrivals: Limiter;
  calls: CallLog;
  log: (line: string) => void;
}

/** How the play and the drain ended. */
interface PlayOutcome {
  playUntil: number;
  drainedAt: number;
  leftLive: number;
  vanishedQueued: number;
  stuckBots: string[];
}

/**
 * Bots play for the run's duration; then they stop starting games, every bot finishes within its mode's longest
 * timers (one that does not is stuck, and reported as such), and the drain waits for live rooms and tickets.
 */
async function playThenDrain(
  run: RunParts,
  phase: ReturnType<typeof phaseTimer>,
  world: World,
  bots: Bot[],
  lives: Promise<void>[],
  operated: Promise<void>,
): Promise<PlayOutcome> {
  const outcome: PlayOutcome = {
    playUntil: Date.now(),
    drainedAt: Date.now(),
    leftLive: 0,
    vanishedQueued: 0,
    stuckBots: [],
  };
  await phase('play', async () => {
    await Promise.race([sleep(1000 * run.options.durationSeconds), Promise.all(lives)]);
    outcome.playUntil = Date.now();
    run.log(`Play time over: queued bots cancel, rooms in play finish…`);
    world.finish();
    // The operator resumes what it paused before the drain, so every bot can finish.
    await operated;
    const done = new Set<Bot>();
    lives.forEach((life, i) => void life.then(() => done.add(bots[i]!)));
    await Promise.race([Promise.all(lives), sleep(1000 * (longestTimers() + 60))]);
    outcome.stuckBots.push(...(await Promise.all(bots.filter((b) => !done.has(b)).map(describeBot))));
    if (outcome.stuckBots.length)
      run.log(`${outcome.stuckBots.length} bots still busy after the stop:\n  ${outcome.stuckBots.join('\n  ')}`);
    const missed = world.missedUpdates;
    if (missed.length)
      run.log(
        `${missed.length} ticket updates a listener missed, heard by listening afresh:\n  ${missed.join('\n  ')}`,
      );
  });
  await phase('drain', async () => {
    const giveUpAt = Date.now() + 1000 * (longestTimers() + 30);
    const vanished = new Set(world.enqueues.filter((e) => e.vanished).map((e) => e.ticketId));
    for (;;) {
      ({ waitingFor: outcome.leftLive, vanishedQueued: outcome.vanishedQueued } = await stillLive(vanished));
      if (outcome.leftLive === 0 || Date.now() >= giveUpAt) break;
      await sleep(1000);
    }
    outcome.drainedAt = Date.now();
  });
  return outcome;
}

/** The operations each callable recorded during the run: the metrics after less the metrics before. */
function opsDuring(
  before: Record<string, ServerOps>,
  after: Record<string, ServerOps>,
): Record<string, ServerOps> | null {
  if (!Object.keys(after).length) return null;
  return Object.fromEntries(
    Object.entries(after).map(([name, now]) => {
      const was = before[name] ?? { reads: 0, writes: 0, invocations: 0 };
      const kinds = Object.entries(now.kinds ?? {}).map(([kind, ops]) => {
        const wasOfKind = was.kinds?.[kind] ?? { reads: 0, writes: 0 };
        return [kind, { reads: ops.reads - wasOfKind.reads, writes: ops.writes - wasOfKind.writes }];
      });
      const ops = {
        reads: now.reads - was.reads,
        writes: now.writes - was.writes,
        invocations: now.invocations - was.invocations,
        kinds: Object.fromEntries(kinds),
      };
      return [name, ops];
    }),
  );
}

/** Each callable's counts with its latency percentiles. */
const callStats = (calls: CallLog): SimulationResult['calls'] =>
  Object.fromEntries(
    [...calls.byFunction].map(([name, { latencyMs, ...stats }]) => [
      name,
      {
        ...stats,
        p50Ms: percentile(latencyMs, 50),
        p95Ms: percentile(latencyMs, 95),
        p99Ms: percentile(latencyMs, 99),
      },
    ]),
  );

/** Bots sign in, form parties and arrive in the world beside its game server and, with `--operator`, an operator. */
async function prepare(run: RunParts, phase: ReturnType<typeof phaseTimer>) {
  const root = new Random(run.options.seed);
  await phase('warmUp', () => warmUp(run.endpoints, run.options.operator));
  const metricsBefore = await readMetrics();
  const gameServer = new BotClient(run.endpoints, run.limiter, run.calls);
  await gameServer.signInWithToken(
    await getAuth(app).createCustomToken('sim-game-server', { [config.results.gameServerClaim]: true }),
  );
  const world = new World(run.options, config, gameServer);
  const background = await phase('background', () => seedBackgroundLoad(run.options, world, run.log));
  run.log(`Signing in ${run.options.bots} bots (web SDK, dev login + custom token)…`);
  const bots = await phase('signIn', () => signInBots(run, root));
  // The true skills come from a stream of their own, so the bots' other draws stay what they were.
  const skills = drawTrueSkills(bots.length, new Random(run.options.seed + 0x9e3779b9), run.options.trueSkill);
  for (const [i, bot] of bots.entries()) world.trueSkills.set(bot.client.uid, skills[i]!);
  const sizes = partySizes(run.options.bots, run.options.partyShare, Math.min(maxPartySize(config.modes), 4), root);
  await phase('parties', () => formParties(bots, sizes, run.arrivals));
  run.log(`${bots.length} bots signed in; ${sizes.length} parties (${sizes.join(', ') || 'none'}).`);
  return { metricsBefore, gameServer, world, background, bots, sizes };
}

/** The operator's life beside the bots' (`--operator`), with a random stream of its own. */
const operate = (run: RunParts, operator: Awaited<ReturnType<typeof startOperator>>, world: World, bots: Bot[]) =>
  operatorLife({
    world,
    bots,
    client: operator.client,
    db: ctx.db,
    config,
    random: new Random(run.options.seed + 0x0b5),
    log: operator.log,
    say: run.log,
  });

const closeBot = (bot: Bot) => {
  bot.view.close();
  return bot.client.close();
};

export async function runSimulation({
  options,
  endpoints,
  log = () => {},
  progressEveryMs = 5000,
}: SimulationInput): Promise<SimulationResult> {
  const startedAt = Date.now();
  const phases = {} as Phases;
  const phase = phaseTimer(phases);
  assertModesConfigured(options);
  const run: RunParts = {
    options,
    endpoints,
    log,
    limiter: new Limiter(options.concurrency),
    arrivals: new Limiter(WARM_WORKERS),
    calls: new CallLog(),
  };
  const { metricsBefore, gameServer, world, background, bots, sizes } = await prepare(run, phase);
  const { matchers, intervalMs } = startMatchers(options);
  const farmers = chooseFarmers(bots, world);
  const operator = options.operator ? await startOperator(endpoints, run.calls) : null;
  const playFrom = Date.now();
  const operated = operator ? operate(run, operator, world, bots) : Promise.resolve();
  const lives = startLives(world, bots, farmers);
  const loadAverages: number[] = [];
  const progress = setInterval(() => {
    loadAverages.push(loadavg()[0]!);
    log(progressLine(bots, run.calls, run.limiter, startedAt, playFrom));
  }, progressEveryMs);
  let played: PlayOutcome;
  try {
    played = await playThenDrain(run, phase, world, bots, lives, operated);
  } finally {
    clearInterval(progress);
    await phase('matcherStop', () => Promise.all(matchers.map((m) => m.stop())));
  }
  const finishedAt = Date.now();
  const { snapshot, violations, metricsAfter } = await phase('check', async () => {
    const snapshot = await readSnapshot(ctx.db);
    return { snapshot, violations: checkInvariants(snapshot, config), metricsAfter: await readMetrics() };
  });
  await Promise.all([...bots.map(closeBot), gameServer.close(), operator?.client.close()]);
  return {
    options,
    modes: Object.keys(config.modes),
    sweepIntervalSeconds: intervalMs / 1000,
    runSeconds: config.advanced.matcher.runSeconds,
    startedAt,
    playFrom,
    ...played,
    finishedAt,
    phasesMs: phases,
    signedIn: bots.length,
    partySizes: sizes,
    background,
    enqueues: world.enqueues,
    faults: world.faults,
    penalties: penalties(snapshot, config, finishedAt, world.farmers),
    doubleEnqueues: world.doubleEnqueues,
    listenerErrors: bots.flatMap((b) => b.view.listenerErrors),
    staleViews: world.staleViews,
    missedUpdates: world.missedUpdates,
    calls: callStats(run.calls),
    callTimes: run.calls.sentAt,
    limiterWaitMs: run.limiter.waits.filter((w) => w.at >= playFrom).map((w) => w.ms),
    serverOps: opsDuring(metricsBefore, metricsAfter),
    matcherRuns: matchers.flatMap((m) => m.runs),
    snapshot,
    trueSkills: Object.fromEntries(world.trueSkills),
    violations,
    operator: operator?.log ?? null,
    machine: { cores: availableParallelism(), loadAverages },
  };
}

/** The operator's client: an account with the `admin` claim, as `npm run operator` grants it. */
/** The operator works at a console of its own: one call at a time, never queued behind the bots' calls. */
async function startOperator(endpoints: ClientEndpoints, calls: CallLog) {
  const client = new BotClient(endpoints, new Limiter(1), calls);
  await client.signInWithToken(await getAuth(app).createCustomToken('sim-operator', { admin: true }));
  return { client, log: newOperatorLog() };
}

function progressLine(bots: Bot[], calls: CallLog, limiter: Limiter, startedAt: number, playFrom: number): string {
  const queued = bots.filter((b) => b.view.ticket?.status === 'queued').length;
  const playing = bots.filter(
    (b) => b.view.room && (LIVE_ROOM_STATUSES as readonly string[]).includes(b.view.room.status),
  ).length;
  const rooms = new Set(bots.flatMap((b) => [...b.view.roomSeenAt.keys()])).size;
  const recent = calls.sentAt.filter((t) => t > Date.now() - 10_000).length / 10;
  const waits = limiter.waits.filter((w) => w.at > Date.now() - 10_000).map((w) => w.ms);
  const elapsed = ((Date.now() - startedAt) / 1000).toFixed(0).padStart(4);
  return (
    `[${elapsed} s] playing ${((Date.now() - playFrom) / 1000).toFixed(0)} s · queued ${queued} · in rooms ${playing} · rooms ${rooms}` +
    ` · calls ${calls.total} (${recent.toFixed(1)}/s, limiter wait p95 ${(percentile(waits, 95) ?? 0).toFixed(0)} ms) · load ${loadavg()[0]!.toFixed(1)}`
  );
}
