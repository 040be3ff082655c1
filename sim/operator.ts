/**
 * The operator of a live ladder, acting while the bots play (`--operator`): bans a few players, two of them in a
 * live room, pauses a mode and resumes it, voids settled rooms, adjusts a rating and lifts one ban, each through
 * the real admin callables with an account carrying the `admin` claim, as the operator view calls them. Its
 * actions are spread over the play time so games go on around each one; the invariant checker then holds the
 * whole database to them (sim/invariants.ts reads the audit rows they wrote).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppConfig } from '../functions/src/core/config.js';
import type { Mode } from '../functions/src/core/mode/modes.js';
import { resolvePool } from '../functions/src/core/mode/pool.js';
import type { Firestore } from 'firebase-admin/firestore';
import type { Random } from '../tools/random.js';
import type { Bot, World } from './bots.js';
import { errorCode, type BotClient } from './client.js';

export interface OperatorCounts {
  bans: number;
  /** Bans that took a player out of a live room: its ready check called off, or their game forfeited. */
  bansInLiveRoom: number;
  unbans: number;
  voids: number;
  adjustments: number;
  pauses: number;
  resumes: number;
  /** Calls refused (a room voided or a player banned by a race, say), `aborted` ones after their retries. */
  refused: number;
}

/** One action as the operator met it: what was asked, and what the callable answered or refused. */
export interface OperatorAction {
  at: number;
  action: string;
  target: string;
  outcome: string;
}

export interface OperatorLog {
  counts: OperatorCounts;
  actions: OperatorAction[];
  /** The mode or pool paused, and when (ms): the window the checker holds it to. */
  paused: { target: string; from: number; until: number | null } | null;
}

const LIVE = new Set(['pending', 'active']);

export function newOperatorLog(): OperatorLog {
  return {
    counts: { bans: 0, bansInLiveRoom: 0, unbans: 0, voids: 0, adjustments: 0, pauses: 0, resumes: 0, refused: 0 },
    actions: [],
    paused: null,
  };
}

interface OperatorWorld {
  world: World;
  bots: readonly Bot[];
  client: BotClient;
  db: Firestore;
  config: AppConfig;
  random: Random;
  log: OperatorLog;
  say: (line: string) => void;
}

/** Times the operator sends a call again that the server gave up on for contention. */
const ABORTED_ATTEMPTS = 3;

/**
 * Calls one admin callable, noting what it answered (or why it refused) in the operator's log. An `aborted` call
 * changed nothing and its message asks for a retry: the operator sends it again after a moment, as a person at the
 * console would, and only a call refused every time counts as refused.
 */
async function act<T>(
  o: OperatorWorld,
  action: string,
  target: string,
  call: () => Promise<T>,
  outcome: (r: T) => string,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await call();
      o.log.actions.push({ at: Date.now(), action, target, outcome: outcome(answer) });
      o.say(`operator: ${action} ${target}: ${outcome(answer)}`);
      return answer;
    } catch (error) {
      const refusal = `refused ${errorCode(error)}: ${(error as Error).message}`;
      o.say(`operator: ${action} ${target}: ${refusal}`);
      if (errorCode(error) === 'aborted' && attempt < ABORTED_ATTEMPTS) {
        await sleep(500 * attempt);
        continue;
      }
      o.log.counts.refused++;
      o.log.actions.push({ at: Date.now(), action, target, outcome: refusal });
      return null;
    }
  }
}

const pickFrom = <T>(random: Random, items: readonly T[]): T | undefined =>
  items[Math.floor(random.next() * items.length)];

/** Bans one bot; notes whether a live room of theirs was called off or forfeited by it. */
async function banBot(o: OperatorWorld, bot: Bot, banned: string[], held = false): Promise<boolean> {
  const uid = bot.client.uid;
  const answer = await act(
    o,
    'banPlayer',
    held ? `${uid} (its game held)` : uid,
    () => o.client.call('banPlayer', { uid, reason: 'simulated: flagged for cheating', hours: 24 }),
    (r) => `banned until ${new Date(r.ban.until!).toISOString()}; ${r.removal.kind}`,
  );
  if (!answer) return false;
  banned.push(uid);
  o.log.counts.bans++;
  const inLiveRoom = answer.removal.kind === 'roomCalledOff' || answer.removal.kind === 'forfeited';
  if (inLiveRoom) o.log.counts.bansInLiveRoom++;
  return inLiveRoom;
}

/** The report window long enough for a held game to outlast a ban's call on a loaded machine. */
const HOLDABLE_REPORT_SECONDS = 20;

/** Whether a mode's report window is long enough to hold a game through a ban's call. */
const holdsThroughBan = (mode: Mode | undefined) => (mode?.reportTimeoutSeconds ?? 0) >= HOLDABLE_REPORT_SECONDS;

/** The modes the bots play: those the options weigh above 0, or every configured mode when they name none. */
function playedModes(o: OperatorWorld): string[] {
  const weights = o.world.options.modes;
  return Object.keys(weights).length
    ? Object.keys(weights).filter((m) => (weights[m] ?? 0) > 0)
    : Object.keys(o.config.modes);
}

/**
 * A player to ban in a live room, and a release: a game in a mode whose report window is long is held (see
 * `World.hold`) so it is still going when the ban lands. When such a mode is played, only its games are taken
 * (a game of short timers often ends while the call travels on a loaded machine); otherwise any live game is.
 */
function liveRoomTarget(
  o: OperatorWorld,
  candidates: readonly Bot[],
): { bot: Bot; held: boolean; release: () => void } | null {
  const live = candidates.filter((b) => b.view.room && LIVE.has(b.view.room.status));
  const holdable = live.filter(
    (b) => b.view.room!.status === 'active' && holdsThroughBan(resolvePool(o.config, b.view.room!.mode).mode),
  );
  if (playedModes(o).some((m) => holdsThroughBan(o.config.modes[m]))) {
    const bot = pickFrom(o.random, holdable);
    return bot ? { bot, held: true, release: o.world.hold(bot.view.room!.id) } : null;
  }
  const bot = pickFrom(o.random, live);
  return bot ? { bot, held: false, release: () => {} } : null;
}

/**
 * Bans two players in a live room and one more anywhere; returns whom it banned. A ban that found the room over
 * (it ended while the call travelled) does not count, so another player is sought until `withinMs` runs out.
 */
async function ban(o: OperatorWorld, withinMs: number): Promise<string[]> {
  const farmers = new Set(o.world.farmers ?? []);
  const banned: string[] = [];
  const candidates = () => o.bots.filter((b) => !farmers.has(b.client.uid) && !banned.includes(b.client.uid));
  const giveUpAt = Date.now() + withinMs;
  let inLiveRooms = 0;
  while (inLiveRooms < 2 && Date.now() < giveUpAt && !o.world.stopping) {
    const target = liveRoomTarget(o, candidates());
    if (!target) {
      await o.world.idle(250);
      continue;
    }
    try {
      if (await banBot(o, target.bot, banned, target.held)) inLiveRooms++;
    } finally {
      target.release();
    }
  }
  const other = pickFrom(o.random, candidates());
  if (other) await banBot(o, other, banned);
  return banned;
}

/** Voids up to `n` settled rooms not voided yet, chosen at random from the latest settled ones. */
async function voidRooms(o: OperatorWorld, n: number) {
  const settled = await o.db.collection('rooms').where('status', '==', 'settled').limit(50).get();
  const open = settled.docs.map((d) => d.data()).filter((r) => !r.voided);
  for (let i = 0; i < n && open.length; i++) {
    const room = open.splice(Math.floor(o.random.next() * open.length), 1)[0]!;
    const answer = await act(
      o,
      'voidRoom',
      room.id as string,
      () => o.client.call('voidRoom', { roomId: room.id as string, reason: 'simulated: result settled by a bug' }),
      (r) => `${r.reversed.length} rating changes reversed`,
    );
    if (answer) o.log.counts.voids++;
  }
}

async function adjust(o: OperatorWorld, banned: readonly string[]) {
  const bot = pickFrom(
    o.random,
    o.bots.filter((b) => !banned.includes(b.client.uid)),
  );
  const ladder = Object.keys(o.config.ladders)[0];
  if (!bot || !ladder) return;
  const answer = await act(
    o,
    'adjustRating',
    bot.client.uid,
    () =>
      o.client.call('adjustRating', {
        uid: bot.client.uid,
        ladder,
        delta: 25,
        reason: 'simulated: rating lost to an incident',
      }),
    (r) => `${ladder} rating now ${r.standing.rating}`,
  );
  if (answer) o.log.counts.adjustments++;
}

/** The mode paused: one with a ready check when one is played (its cancellations send players back), else any. */
function modeToPause(o: OperatorWorld): string | null {
  const played = playedModes(o);
  return played.find((m) => o.config.modes[m]?.readyCheck) ?? played[0] ?? null;
}

/**
 * The operator's day, spread over the play time: bans from a fifth of it, a pause from three tenths to a half,
 * voids and an adjustment in between, one ban lifted at seven tenths. Each step waits for its moment, but none is
 * skipped: on a slow machine the calls run late, and what is left of the day is done when the play time ends
 * (the simulation waits for it before the drain), so every run acts the whole day out.
 */
export async function operatorLife(o: OperatorWorld) {
  const playMs = 1000 * o.world.options.durationSeconds;
  const started = Date.now();
  const until = (share: number) => o.world.idle(Math.max(0, started + share * playMs - Date.now()));
  await until(0.2);
  // The held modes' games are few in a short run (nine queueings in 30 s of the CI test's): a quarter of the play
  // time often passed without one live, and the step gave up. It looks until the last fifth instead; the steps after
  // it run late then, as on a slow machine.
  const banned = await ban(o, 0.6 * playMs);
  const mode = modeToPause(o);
  await until(0.3);
  const paused = mode ? await pause(o, mode) : false;
  await until(0.35);
  await voidRooms(o, 3);
  await adjust(o, banned);
  await until(0.5);
  if (paused && mode) await resume(o, mode);
  await until(0.7);
  const lifted = banned.at(-1);
  if (lifted) {
    const answer = await act(
      o,
      'unbanPlayer',
      lifted,
      () => o.client.call('unbanPlayer', { uid: lifted, reason: 'simulated: appeal upheld' }),
      () => 'ban lifted',
    );
    if (answer) o.log.counts.unbans++;
  }
}

async function pause(o: OperatorWorld, mode: string): Promise<boolean> {
  const paused = await act(
    o,
    'pauseMode',
    mode,
    () => o.client.call('pauseMode', { mode, message: 'Down for a fix, back soon', reason: 'simulated: incident' }),
    (r) => `paused ${r.pools.join(', ')}; ${r.released} waiting tickets released`,
  );
  if (!paused) return false;
  o.log.counts.pauses++;
  o.log.paused = { target: mode, from: paused.pause.at, until: null };
  return true;
}

async function resume(o: OperatorWorld, mode: string) {
  const resumed = await act(
    o,
    'resumeMode',
    mode,
    () => o.client.call('resumeMode', { mode, reason: 'simulated: fixed' }),
    () => 'resumed',
  );
  if (!resumed || !o.log.paused) return;
  o.log.counts.resumes++;
  o.log.paused.until = Date.now();
}
