/**
 * `npm run soak`: hundreds of fresh 1v1 pairs and 2v2 foursomes play through @ladder/client against the emulators
 * (the default configuration, as `npm start` runs it: a 20 s ready check). In each group the players queue one
 * after the other, so the last one's enqueue forms the room and the others learn of it from their listeners.
 * For every player it measures the time from the room's commit to their Match showing it (`pending`), and how it
 * got there: the enqueue answer, a listener, or the SDK's re-read of a room its listener had not delivered. It
 * prints the distribution, lists any player who never saw their room or was cooled down, and writes every figure
 * (with the listener log of any player who needed a re-read) to test-artifacts/soak.json.
 *
 *   npm run soak -- --pairs 300 --teams 50 --concurrency 6
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase/app';
import { setLogLevel } from 'firebase/firestore';
import {
  createLadder,
  LadderError,
  sideOf,
  type Ladder,
  type ListenerEvent,
  type Match,
  type MatchStatus,
} from '@ladder/client';
import { clearEmulators } from './clear.js';
import { emulatorEnv, emulatorHostsOf, ROOT, startStack } from './emulators.js';

const { values: args } = parseArgs({
  options: {
    pairs: { type: 'string', default: '300' },
    teams: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '6' },
    out: { type: 'string', default: join(ROOT, 'test-artifacts/soak.json') },
  },
});
const PAIRS = Number(args.pairs);
const TEAMS = Number(args.teams);
const CONCURRENCY = Number(args.concurrency);
/** A player who has not seen their room this long after queueing never will: the ready check is long over. */
const SEE_ROOM_WITHIN_MS = 40_000;

// Listeners torn down with their app would otherwise warn on the console.
setLogLevel('silent');

type How = 'enqueue' | 'listener' | 'reread';

interface PlayerResult {
  mode: string;
  name: string;
  /** 0 for the first to queue in the group; the last one's enqueue formed the room. */
  order: number;
  roomId: string | null;
  /** Room commit (its createdAt) to the Match's first status showing the room, in ms; null if never. */
  toPendingMs: number | null;
  how: How | null;
  /**
   * For rooms seen through a listener: from the later of the commit and the ticket listener's start (a room can
   * form before the first player's enqueue has even answered) to the Match showing the room, in ms.
   */
  listenerLagMs: number | null;
  outcome: MatchStatus['kind'] | 'timeout' | 'error';
  cooledDown: boolean;
  /** How long the accept call took, in ms. */
  acceptMs: number | null;
  error?: string;
  /** Kept for players whose room came late or never, to show what the listeners did. */
  events?: ListenerEvent[];
}

type Stack = Awaited<ReturnType<typeof startStack>>;
type SoakPlayer = Awaited<ReturnType<typeof signIn>>;

/** As `npm start` does: this process plays Cloud Scheduler (the ready check's timeout is the matcher's job). */
async function startTicking(): Promise<() => void> {
  const { matcherTick } = (await import('./deployment.js')).ladder;
  let ticking = true;
  void (async () => {
    while (ticking) await Promise.resolve(matcherTick.run({ scheduleTime: new Date().toISOString() })).catch(() => {});
  })();
  return () => {
    ticking = false;
  };
}

let appCounter = 0;

/** A player on an app of their own, signed in, with their listeners' events kept. */
async function signIn(stack: Stack, name: string) {
  const events: ListenerEvent[] = [];
  const app = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key' }, `soak-${++appCounter}`);
  const ladder = createLadder({ app, emulators: emulatorHostsOf(stack), debug: (event) => events.push(event) });
  // A loaded machine can hold a call past its deadline; signing in is not what this measures.
  for (let attempt = 1; ; attempt++) {
    try {
      await ladder.login({ provider: 'dev', name });
      break;
    } catch (error) {
      if (attempt === 3 || !(error instanceof LadderError && error.retryable)) throw error;
    }
  }
  const close = () => {
    ladder.close();
    return deleteApp(app);
  };
  return { name, ladder, events, close };
}

/** The players of one group queue one after the other and play; a queue call that fails counts them unplayed. */
async function playGroup(stack: Stack, results: PlayerResult[], { mode, size }: Group, index: number) {
  const players: SoakPlayer[] = await Promise.all(
    Array.from({ length: size }, (_, i) => signIn(stack, `Soak ${index}-${i}`)),
  );
  try {
    const games: Promise<PlayerResult>[] = [];
    for (const [order, p] of players.entries()) {
      const match = await p.ladder.queue(mode);
      games.push(play(p.ladder, match, { mode, name: p.name, order, events: p.events }));
      // The next one queues once this one waits (or was matched already, by another group's player).
      if (order < size - 1) await match.until('queued', 'pending', 'active');
    }
    results.push(...(await Promise.all(games)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    for (const [order, p] of players.entries())
      if (!results.some((r) => r.name === p.name))
        results.push({ mode, name: p.name, order, ...unplayed, error: reason });
  } finally {
    await Promise.all(players.map((p) => p.close()));
  }
}

interface Group {
  mode: string;
  size: number;
}

/** Plays every group, CONCURRENCY at a time, logging progress; a group that could not sign in counts unplayed. */
async function soak(stack: Stack, groups: Group[], results: PlayerResult[]) {
  const started = Date.now();
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < groups.length) {
      const index = next++;
      const group = groups[index]!;
      await playGroup(stack, results, group, index).catch((error: unknown) => {
        const reason = `could not sign in: ${error instanceof Error ? error.message : String(error)}`;
        for (let order = 0; order < group.size; order++)
          results.push({ mode: group.mode, name: `Soak ${index}-${order}`, order, ...unplayed, error: reason });
      });
      if (++done % 25 === 0)
        console.log(`  ${done}/${groups.length} groups played (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return (Date.now() - started) / 1000;
}

async function main() {
  const stack = await startStack({ output: 'files', reuse: true });
  Object.assign(process.env, emulatorEnv(stack));
  await clearEmulators(stack);
  const stopTicking = await startTicking();
  const groups: Group[] = [
    ...Array.from({ length: PAIRS }, () => ({ mode: '1v1', size: 2 })),
    ...Array.from({ length: TEAMS }, () => ({ mode: '2v2', size: 4 })),
  ];
  // The Functions emulator starts a function's worker on its first call, which can take longer than a ready
  // check on a loaded machine: one game of each mode first, not counted.
  await Promise.all([
    playGroup(stack, [], { mode: '1v1', size: 2 }, -1),
    playGroup(stack, [], { mode: '2v2', size: 4 }, -2),
  ]);
  console.log(`Soaking: ${PAIRS} 1v1 pairs and ${TEAMS} 2v2 foursomes, ${CONCURRENCY} groups at a time…`);
  const results: PlayerResult[] = [];
  const seconds = await soak(stack, groups, results);
  stopTicking();
  summarise(results, seconds);
  await stack.stop();
  process.exit(0);
}

/** One player's game: see the room, accept, report their side's win or loss, see the settlement. */
async function play(
  ladder: Ladder,
  match: Match,
  who: { mode: string; name: string; order: number; events: ListenerEvent[] },
): Promise<PlayerResult> {
  const { events, ...seat } = who;
  const result: PlayerResult = { ...seat, ...unplayed };
  const fromEnqueue = match.status !== null && match.status.kind !== 'queued';
  let seenAt: number | null = null;
  match.onStatus((status) => {
    if (seenAt === null && 'room' in status && status.room) seenAt = Date.now();
  });
  try {
    const seen = await Promise.race([match.until('pending', 'active'), timeout(SEE_ROOM_WITHIN_MS)]);
    if (seen === 'timeout' || !('room' in seen) || !seen.room) {
      result.outcome = seen === 'timeout' ? 'timeout' : seen.kind;
      result.events = events;
      return result;
    }
    const room = seen.room;
    result.roomId = room.id;
    result.toPendingMs = seenAt! - room.createdAt;
    const reread = events.some((e) => e.event === 'reread' && e.path === `rooms/${room.id}` && e.at <= seenAt!);
    result.how = fromEnqueue ? 'enqueue' : reread ? 'reread' : 'listener';
    const listening = events.find(
      (e) => e.event === 'listen' && e.path === `pools/${match.pool}/tickets/${match.ticketId}`,
    )?.at;
    if (!fromEnqueue && listening !== undefined) result.listenerLagMs = seenAt! - Math.max(room.createdAt, listening);
    if (reread || result.toPendingMs > 2_000) result.events = events;
    if (seen.kind === 'pending') {
      const asked = Date.now();
      await match.accept();
      result.acceptMs = Date.now() - asked;
    }
    const active = await match.until('active');
    if (active.kind !== 'active') {
      result.outcome = active.kind;
      result.cooledDown = active.kind === 'cancelled' && active.cooldownUntil !== null;
      return result;
    }
    await match.reportOutcome(sideOf(active.room, ladder.uid) === 0 ? 'win' : 'loss');
    const end = await match.until('settled');
    result.outcome = end.kind;
    result.cooledDown = end.kind === 'cancelled' && end.cooldownUntil !== null;
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
    result.events = events;
  } finally {
    match.close();
  }
  return result;
}

const unplayed = {
  roomId: null,
  toPendingMs: null,
  how: null,
  listenerLagMs: null,
  outcome: 'error',
  cooledDown: false,
  acceptMs: null,
} as const;

const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Count, percentiles and maximum of some figures (ms); null when there are none. */
function distribution(values: (number | null)[]) {
  const sorted = values.filter((v): v is number => v !== null).sort((x, y) => x - y);
  if (sorted.length === 0) return null;
  const at = (q: number) => quantile(sorted, q);
  return { n: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted.at(-1)! };
}

function summarise(results: PlayerResult[], seconds: number) {
  const rows: Record<string, string | number>[] = [];
  const figures: Record<string, unknown> = {};
  const add = (key: string, label: string, values: (number | null)[]) => {
    const row = distribution(values);
    if (!row) return;
    figures[key] = row;
    rows.push({ 'mode, room seen through': label, ...row });
  };
  for (const mode of ['1v1', '2v2']) {
    for (const how of ['listener', 'reread', 'enqueue'] as const) {
      const seen = results.filter((r) => r.mode === mode && r.how === how);
      add(
        `${mode} ${how}`,
        `${mode}, ${how}`,
        seen.map((r) => r.toPendingMs),
      );
      if (how !== 'enqueue') {
        add(
          `${mode} ${how} from listen`,
          '  same, from the later of commit and listen',
          seen.map((r) => r.listenerLagMs),
        );
      }
    }
  }
  add(
    'accept',
    'accept call (for comparison)',
    results.map((r) => r.acceptMs),
  );
  const rooms = new Set(results.map((r) => r.roomId).filter(Boolean));
  const missed = results.filter((r) => r.toPendingMs === null);
  const cooled = results.filter((r) => r.cooledDown);
  const unsettled = results.filter((r) => r.outcome !== 'settled');
  console.log(
    `\nCommit of the room to each player's Match showing it (ms), ${results.length} players in ${rooms.size} rooms, ${seconds.toFixed(0)} s:`,
  );
  console.table(rows);
  console.log(
    `Never saw their room: ${missed.length}. Cooled down: ${cooled.length}. Not settled: ${unsettled.length}.`,
  );
  for (const r of [...missed, ...unsettled.filter((u) => !missed.includes(u))]) {
    console.log(`  ${r.name} (${r.mode}, queued ${r.order + 1}.): ${r.outcome}${r.error ? ` (${r.error})` : ''}`);
  }
  const file = args.out!;
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        pairs: PAIRS,
        teams: TEAMS,
        concurrency: CONCURRENCY,
        seconds,
        rooms: rooms.size,
        figures,
        missed: missed.length,
        cooled: cooled.length,
        unsettled: unsettled.length,
        players: results,
      },
      null,
      2,
    ),
  );
  console.log(`Wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
