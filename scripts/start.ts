/**
 * `npm start`: the whole backend on the emulators, for local play, and the demo lobby page beside it. The
 * Functions emulator ignores `onSchedule` (it needs Pub/Sub), so this process plays Cloud Scheduler and runs
 * the scheduled jobs itself (scripts/scheduler.ts): the matcher back to back, the season close and the calibration.
 *
 * The terminal stays readable: the emulators' output goes to .emulators/*.log, and the terminal shows the banner
 * and one line per event a developer cares about (a room formed, started, settled, voided or called off, and
 * errors). `npm start -- --verbose` streams everything instead. Every line is written whole, so lines of
 * different processes never run into each other.
 */
import { appendFileSync } from 'node:fs';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { emulatorEnv, HarnessError, lineSplitter, logFile, REGION, startStack } from './emulators.js';
import { lobbyConfig, requireLobbyBuild, serveLobby, type LobbyServer } from './lobby.js';
import { scheduleEveryMs, scheduleOf, startScheduler } from './scheduler.js';
import type { AppConfig } from '../functions/src/core/config.js';
import type { RoomDoc } from '../functions/src/core/room/room.js';
import type { ScheduleFunction } from 'firebase-functions/v2/scheduler';
import type { Firestore } from 'firebase-admin/firestore';
const LOBBY_PORT = Number(process.env.LOBBY_PORT ?? 5173); // a free port instead when it is taken
const { values: flags } = parseArgs({ options: { verbose: { type: 'boolean', short: 'v', default: false } } });

// The terminal, written one whole line at a time.
const stdout = process.stdout.write.bind(process.stdout);
const say = (text: string) => stdout(`${text}\n`);
const clock = () => new Date().toTimeString().slice(0, 8);
const event = (what: string, text: string) => say(`${clock()}  ${what.padEnd(10)} ${text}`);

/** A structured log line at severity ERROR or worse (firebase-functions' logger), as one short line; else null. */
function errorOf(line: string): string | null {
  const json = stripVTControlCharacters(line).replace(/^>\s*/, '');
  if (!json.startsWith('{')) return null;
  try {
    const entry = JSON.parse(json) as { severity?: string; message?: unknown };
    if (!entry.severity || !['ERROR', 'CRITICAL', 'ALERT', 'EMERGENCY'].includes(entry.severity)) return null;
    return String(entry.message ?? json)
      .split('\n')[0]!
      .slice(0, 300);
  } catch {
    return null;
  }
}

/**
 * In quiet mode what this process prints besides the terminal lines (the matcher's and the admin SDK's logs) goes
 * to .emulators/matcher.log, errors also to the terminal; in verbose mode to the terminal, whole lines prefixed.
 */
function captureOwnOutput() {
  for (const stream of [process.stdout, process.stderr]) {
    const lines = lineSplitter((line) => {
      if (flags.verbose) return void (line && stdout(`[matcher] ${line}\n`));
      appendFileSync(logFile('matcher'), `${line}\n`);
      // The harness's own news (an emulator that died) belongs on the terminal too.
      if (line.startsWith('[emulators]')) return event('error', line);
      const error = errorOf(line);
      if (error) event('error', `matcher: ${error}`);
    });
    stream.write = ((chunk: Buffer | string, ...rest: unknown[]) => {
      lines.push(chunk);
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as typeof stream.write;
  }
}

type RoomEvent = Pick<RoomDoc, 'mode' | 'status' | 'names' | 'sides' | 'readyCheck' | 'ratingChanges' | 'endReason'>;

const signed = (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '±0');

/** One terminal line for a room that formed or changed status; null for changes nobody needs to see. */
function roomLine(room: RoomEvent, previous: string | undefined): [string, string] | null {
  if (room.status === previous) return null;
  const name = (uid: string) => room.names[uid] ?? uid;
  const sides = room.sides
    .map((side) => side.tickets.flatMap((t) => t.members.map((m) => name(m.uid))).join(', '))
    .join(' vs ');
  const at = `${room.mode.padEnd(5)} ${sides}`;
  if (previous === undefined && (room.status === 'pending' || room.status === 'active')) {
    const check = room.readyCheck
      ? ` · ready check until ${new Date(room.readyCheck.deadline).toTimeString().slice(0, 8)}`
      : '';
    return ['formed', `${at}${check}`];
  }
  switch (room.status) {
    case 'active':
      return ['started', at];
    case 'settled': {
      const changes = Object.entries(room.ratingChanges ?? {}).map(
        ([uid, c]) => `${name(uid)} ${c.before}→${c.after} (${signed(c.delta)})`,
      );
      return ['settled', `${room.mode.padEnd(5)} ${changes.join(', ')}`];
    }
    case 'voided':
      return ['voided', `${at} · ${room.endReason ?? 'voided'}`];
    case 'cancelled':
      return ['called off', `${at} · ${room.endReason ?? 'cancelled'}`];
    default:
      return null;
  }
}

/** Rooms as they form and change (the events of a game) and seasons as their close finishes, one line each. */
function followEvents(db: Firestore, started: number): () => void {
  const statuses = new Map<string, string>();
  const stopRooms = db
    .collection('rooms')
    .where('updatedAt', '>=', started)
    .onSnapshot(
      (snapshot) => {
        for (const change of snapshot.docChanges()) {
          const room = change.doc.data() as RoomEvent;
          const line = roomLine(room, statuses.get(change.doc.id));
          statuses.set(change.doc.id, room.status);
          if (line) event(...line);
        }
      },
      (error) => event('error', `room events stopped: ${error.message}`),
    );
  // `ladders/{ladder}/closes/{season}` reaches phase done once.
  const stopCloses = db
    .collectionGroup('closes')
    .where('phase', '==', 'done')
    .onSnapshot(
      (snapshot) => {
        for (const change of snapshot.docChanges()) {
          if (change.type !== 'added') continue;
          const close = change.doc.data() as { ladder: string; season: string; archived: number };
          event('season', `${close.ladder} ${close.season} closed · ${close.archived} players archived`);
        }
      },
      (error) => event('error', `season events stopped: ${error.message}`),
    );
  return () => {
    stopRooms();
    stopCloses();
  };
}

const every = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : `${ms / 60_000} min`);

/** What the scheduler will do with this configuration, for the banner. */
function schedules(
  config: AppConfig,
  matcher: ScheduleFunction,
  close: ScheduleFunction,
  calibrate: ScheduleFunction,
  next: number | undefined,
) {
  const { runSeconds, sweepIntervalSeconds, runs } = config.advanced.matcher;
  const deployedEvery = scheduleEveryMs(scheduleOf(matcher));
  const lines = [
    `The matcher sweeps every ${sweepIntervalSeconds} s: ${runs > 1 ? `${runs} runs side by side, each` : 'one run'} of ${runSeconds} s (advanced.matcher.runSeconds), the next starting as the last ends.`,
  ];
  // Worth saying when the deployed runs would leave most of each period unswept.
  if (runSeconds * 2000 < deployedEvery)
    lines.push(
      `  Deployed, Cloud Scheduler starts a run every ${every(deployedEvery)}: this configuration would sweep ${runSeconds} s of each ${every(deployedEvery)}.`,
    );
  lines.push(
    `The season close runs now and every ${every(scheduleEveryMs(scheduleOf(close)))}, and as each season ends until it is closed${next === undefined ? '' : ` (next ${new Date(next).toISOString()})`}; the calibration now and every ${every(scheduleEveryMs(scheduleOf(calibrate)))}.`,
  );
  return lines.join('\n');
}

async function main() {
  const started = Date.now();
  if (!Number.isInteger(LOBBY_PORT) || LOBBY_PORT < 0 || LOBBY_PORT > 65_535) {
    throw new HarnessError(`LOBBY_PORT must be a port number, got ${JSON.stringify(process.env.LOBBY_PORT)}.`);
  }
  requireLobbyBuild();
  say(`Starting the emulators${flags.verbose ? '' : ` (their output goes to ${logFile('*')})`}…`);
  const stack = await startStack(
    flags.verbose
      ? { output: 'inherit' }
      : {
          output: 'files',
          onLine: (source, line) => {
            const error = errorOf(line);
            if (error) event('error', `${source}: ${error}`);
          },
        },
  );
  captureOwnOutput();
  let lobby: LobbyServer | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('\nStopping the lobby and the emulators…');
    stopScheduler?.();
    stopEvents?.();
    await lobby?.close();
    await stack.stop();
    process.exit(code);
  };
  let stopEvents: (() => void) | undefined;
  let stopScheduler: (() => void) | undefined;
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGHUP', () => void shutdown(0));

  Object.assign(process.env, emulatorEnv(stack));
  const { matcherTick, matcherTicks, seasonCloseTick, calibrateTick } = (await import('./deployment.js')).ladder;
  const { closeEndedSeasons } = await import('../functions/src/jobs/seasonClose.js');
  const { seasonEndsAfter } = await import('../functions/src/store/extension.js');
  const ctx = (await import('./ladderContext.js')).envContext();
  const { config, db } = ctx;
  lobby = await serveLobby(lobbyConfig(stack), LOBBY_PORT);
  // One account may open the operator view from the start: the dev login of OPERATOR_NAME.
  const { grantOperator, devUid } = await import('./operator.js');
  const operatorName = process.env.OPERATOR_NAME ?? 'operator';
  await grantOperator(devUid(operatorName));
  stopScheduler = startScheduler({
    matcherRuns: [matcherTick, ...Object.values(matcherTicks)],
    seasonClose: seasonCloseTick,
    calibrate: calibrateTick,
    closeEndedSeasons: async () =>
      (await closeEndedSeasons(ctx, Number.POSITIVE_INFINITY)).every((report) => report.outcome === 'done'),
    seasonEnds: () => seasonEndsAfter(ctx, Date.now()),
    onError: (job, error) => event('error', `${job} failed: ${error instanceof Error ? error.message : String(error)}`),
  });

  stopEvents = followEvents(db, started);

  const exports = Object.entries(emulatorEnv(stack))
    .filter(([key]) => key !== 'METADATA_SERVER_DETECTION')
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  say(`
Ladder matchmaking is running on the emulators (ready in ${((Date.now() - started) / 1000).toFixed(1)} s).
  Lobby      ${lobby.url}   (open it in several tabs: each tab is a player)
  Operator   ${lobby.url}operator.html   (sign in as "${operatorName}", which has the admin claim)
  Functions  ${stack.functionsOrigin}/${stack.projectId}/${REGION}/ladder-<name>   (callables: ladder-login, ladder-getProfile, …)
  Auth       http://${stack.authHost}
  Firestore  http://${stack.firestoreHost}
  Project    ${stack.projectId}
For the admin SDK or a script in another shell:
  export ${exports}
${schedules(config, matcherTick, seasonCloseTick, calibrateTick, (await seasonEndsAfter(ctx, Date.now()))[0])}
${flags.verbose ? 'All emulator output follows.' : `Emulator logs: ${logFile('*')} (npm start -- --verbose shows them here).`}
Press Ctrl-C to stop everything.
`);
}

main().catch((error) => {
  say(
    error instanceof HarnessError
      ? `\n${error.message}\n`
      : String(error instanceof Error ? (error.stack ?? error) : error),
  );
  process.exit(1);
});
