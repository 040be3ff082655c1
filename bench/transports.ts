/**
 * `npm run bench:transports` (`-- --pairs N`, default 200; `--transports stream,poll` for some): on the emulators,
 * two players of @ladder/client play 1v1 games one after another on each transport (Firestore listeners, the
 * `watchMatch` stream, `getMatchState` long-polls), each game to its rating change. Per player and game it takes
 * the time from the room's commit (the room document's create time, from the Admin SDK) to the moment the SDK
 * emitted `pending` (this process's clock; the emulators run on this machine), and per matched player the
 * reads, writes and function-seconds the callables recorded (LADDER_METRICS=on) plus, on Firestore, the documents
 * the listeners delivered. Writes bench/transports.json and prints the table docs/client-sdk.md publishes.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase/app';
import { createLadder, type Ladder, type ListenerEvent, type Match, type Transport } from '@ladder/client';
import { startWithLadders } from './population.js';
import { markdown, transportTable } from './transportTable.js';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string', default: '200' },
    warmUp: { type: 'string', default: '5' },
    transports: { type: 'string', default: 'firestore,stream,poll' },
  },
});
const PAIRS = Number(values.pairs);
const WARM_UP = Number(values.warmUp);
const TRANSPORTS = values.transports.split(',') as Transport[];
/**
 * How long a following call may outlive its client: an abandoned stream runs to its time limit (at most 55 s)
 * and a long-poll to its wait (20 s) before it records its seconds.
 */
const SETTLE_SECONDS: Record<Transport, number> = { firestore: 3, stream: 60, poll: 25 };

// A ready check (so rooms wait `pending`), no farming rules and no rate limit: the same two players meet game after game, as fast as they can.
process.env.LADDER_METRICS = 'on';
const stack = await startWithLadders(
  'transports',
  { bench: {} },
  {
    mode: { readyCheck: { timeoutSeconds: 20 } },
    fairPlay: { farming: { rematchMinutes: 0, rematchGames: 0, dailyPairCap: null }, rateLimit: null },
  },
);
const { db } = (await import('../scripts/ladderContext.js')).envContext();
const { percentile } = await import('../functions/src/core/ops/percentile.js');

type Ops = { reads: number; writes: number; invocations: number; seconds: number };
async function metrics(): Promise<Record<string, Ops>> {
  const docs = await db.collection('metrics').get();
  return Object.fromEntries(docs.docs.map((d) => [d.id, { seconds: 0, ...(d.data() as Omit<Ops, 'seconds'>) }]));
}

let apps = 0;
/** One player's Ladder on `transport`, signed in; `onRead` is told of each document a listener delivers. */
async function player(transport: Transport, name: string, onRead?: () => void) {
  const app = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key' }, `bench-${++apps}`);
  // Billed listener reads: each snapshot the server sends (not the cached copy a listener starts from), and
  // each room read by hand when its listener stayed silent.
  const debug = (e: ListenerEvent) => {
    if (((e.event === 'data' || e.event === 'missing') && !e.fromCache) || e.event === 'reread') onRead?.();
  };
  const emulators = { auth: stack.authHost, firestore: stack.firestoreHost, functions: stack.functionsHost };
  const ladder = createLadder({ app, emulators, transport, debug });
  await ladder.login({ provider: 'dev', name });
  const close = async () => {
    ladder.close();
    await deleteApp(app);
  };
  return { ladder, close };
}

/** The moment the match first showed `pending`, and its room's id. */
function pendingOf(match: Match) {
  return new Promise<{ at: number; roomId: string }>((resolve) => {
    match.onStatus((s) => {
      if (s.kind === 'pending') resolve({ at: Date.now(), roomId: s.room.id });
    });
  });
}

async function until(match: Match, kind: 'queued' | 'active' | 'settled') {
  const status = await match.until(kind);
  if (status.kind !== kind) throw new Error(`expected ${kind}, the match ended: ${JSON.stringify(status)}`);
}

/**
 * One game: `first` waits in the queue, `second` makes the match; both accept, and `first` wins (the two take turns
 * waiting, so their ratings stay within the mode's caps of each other). Latencies in ms.
 */
async function game(first: Ladder, second: Ladder) {
  const waiting = await first.queue('1v1', { tickMs: 0 });
  const waitingPending = pendingOf(waiting);
  await until(waiting, 'queued');
  const matching = await second.queue('1v1', { tickMs: 0 });
  const [a, b] = await Promise.all([waitingPending, pendingOf(matching)]);
  const room = await db.doc(`rooms/${a.roomId}`).get();
  if (b.roomId !== a.roomId || !room.createTime) throw new Error('the two players saw different rooms');
  const committedAt = room.createTime.seconds * 1000 + room.createTime.nanoseconds / 1e6;
  await Promise.all([waiting.accept(), matching.accept()]);
  await Promise.all([until(waiting, 'active'), until(matching, 'active')]);
  await Promise.all([waiting.reportOutcome('win'), matching.reportOutcome('loss')]);
  await Promise.all([until(waiting, 'settled'), until(matching, 'settled')]);
  return { waiting: a.at - committedAt, matching: b.at - committedAt };
}

/** Fails the run, rather than hang it, when a game does not finish in time. */
async function within<T>(what: string, work: Promise<T>, ms = 90_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not over within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const round = (value: number | null, digits = 0) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
const summary = (values: number[]) => ({
  p50: round(percentile(values, 50)),
  p95: round(percentile(values, 95)),
  n: values.length,
});

async function measure(transport: Transport) {
  // Warm-up games on players of their own: the emulator starts a worker per function on first use.
  const warm = [await player(transport, `Warm ${transport} A`), await player(transport, `Warm ${transport} B`)];
  for (let i = 0; i < WARM_UP; i++) await within('warm-up', game(warm[i % 2]!.ladder, warm[(i + 1) % 2]!.ladder));
  for (const p of warm) await p.close();
  await sleep(SETTLE_SECONDS[transport] * 1000);

  const before = await metrics();
  let listenerReads = 0;
  const players = [
    await player(transport, `${transport} A`, () => listenerReads++),
    await player(transport, `${transport} B`, () => listenerReads++),
  ];
  const waiting: number[] = [];
  const matching: number[] = [];
  const started = performance.now();
  for (let i = 0; i < PAIRS; i++) {
    // Each player waits in every other game, so both learn of half their rooms through the transport.
    const ms = await within(`game ${i + 1}`, game(players[i % 2]!.ladder, players[(i + 1) % 2]!.ladder));
    waiting.push(ms.waiting);
    matching.push(ms.matching);
    if ((i + 1) % 20 === 0) process.stderr.write(`  ${transport}: ${i + 1} games\n`);
  }
  const seconds = (performance.now() - started) / 1000;
  for (const p of players) await p.close();
  await sleep(SETTLE_SECONDS[transport] * 1000);
  const after = await metrics();

  const matched = 2 * PAIRS;
  const byFunction = Object.entries(after)
    .filter(([name]) => !name.endsWith('login'))
    .map(([name, ops]) => {
      const was = before[name] ?? { reads: 0, writes: 0, invocations: 0, seconds: 0 };
      const per = (key: keyof Ops) => (ops[key] - was[key]) / matched;
      return {
        function: name,
        invocations: per('invocations'),
        reads: per('reads'),
        writes: per('writes'),
        seconds: per('seconds'),
      };
    })
    .filter((row) => row.invocations > 0);
  const sum = (key: 'reads' | 'writes' | 'seconds' | 'invocations', rows = byFunction) =>
    rows.reduce((total, row) => total + row[key], 0);
  const following = byFunction.filter((row) => /watchMatch|getMatchState/.test(row.function));
  return {
    transport,
    pairs: PAIRS,
    gamesPerMinute: round((PAIRS / seconds) * 60, 1),
    pending: { all: summary([...waiting, ...matching]), waiting: summary(waiting), matching: summary(matching) },
    perMatchedPlayer: {
      functionReads: round(sum('reads'), 2),
      listenerReads: round(listenerReads / matched, 2),
      reads: round(sum('reads') + listenerReads / matched, 2),
      writes: round(sum('writes'), 2),
      functionSeconds: round(sum('seconds'), 2),
      invocations: round(sum('invocations'), 2),
      following: {
        reads: round(sum('reads', following) + listenerReads / matched, 2),
        functionSeconds: round(sum('seconds', following), 2),
        invocations: round(sum('invocations', following), 2),
      },
    },
    byFunction: byFunction.map((row) => ({
      ...row,
      invocations: round(row.invocations, 2),
      reads: round(row.reads, 2),
      writes: round(row.writes, 2),
      seconds: round(row.seconds, 3),
    })),
  };
}

const loadBefore = loadavg();
const results = [];
try {
  for (const transport of TRANSPORTS) {
    process.stderr.write(`${transport}: ${WARM_UP} warm-up games, then ${PAIRS}\n`);
    results.push(await measure(transport));
  }
} finally {
  await stack.stop();
}

const baseline = results.find((r) => r.transport === 'firestore')?.pending.all.p95 ?? null;
const ratio = (p95: number | null) => (baseline && p95 !== null ? round(p95 / baseline, 2) : null);
const report = {
  what:
    'ms from the room commit (its create time) to each player’s pending status, per transport; per matched player: ' +
    'reads (callables + Firestore listener deliveries), writes, function-seconds (callable wall time; a stream counts ' +
    'all the while it is open), of whole 1v1 games from enqueue to settlement',
  machine: 'emulators on this machine (shared, noisy); compare the ratios, not the milliseconds',
  // The machine's 1, 5 and 15 minute load averages as the run began and ended: the milliseconds follow them.
  loadAverage: { before: loadBefore, after: loadavg() },
  baselineP95Ms: baseline,
  ratios: Object.fromEntries(results.map((r) => [r.transport, ratio(r.pending.all.p95)])),
  command: ['npm run bench:transports', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' '),
  results,
};
writeFileSync(new URL('transports.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
// The table of docs/client-sdk.md (test/core/publishedFigures.test.ts holds the document to this file).
console.log(markdown(transportTable(report)));
process.exit(0);
