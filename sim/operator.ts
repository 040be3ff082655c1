/**
 * The operator of a live ladder, acting while the bots play (`--operator`): bans a few players, two of them in a
 * live room, pauses a mode and resumes it, voids settled rooms, adjusts a rating and lifts one ban, each through
 * the real admin callables with an account carrying the `admin` claim, as the operator view calls them. Its
 * actions are spread over the play time so games go on around each one; the invariant checker then holds the
 * whole database to them (sim/invariants.ts reads the audit rows they wrote).
 */
import type { AppConfig } from '../functions/src/core/config.js';
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
  /** Calls refused (a room voided or a player banned by a race, say): counted, not retried. */
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

/** Calls one admin callable, noting what it answered (or why it refused) in the operator's log. */
async function act<T>(
  o: OperatorWorld,
  action: string,
  target: string,
  call: () => Promise<T>,
  outcome: (r: T) => string,
) {
  try {
    const answer = await call();
    o.log.actions.push({ at: Date.now(), action, target, outcome: outcome(answer) });
    o.say(`operator: ${action} ${target}: ${outcome(answer)}`);
    return answer;
  } catch (error) {
    o.log.counts.refused++;
    const refusal = `refused ${errorCode(error)}: ${(error as Error).message}`;
    o.log.actions.push({ at: Date.now(), action, target, outcome: refusal });
    o.say(`operator: ${action} ${target}: ${refusal}`);
    return null;
  }
}

const pickFrom = <T>(random: Random, items: readonly T[]): T | undefined =>
  items[Math.floor(random.next() * items.length)];

/** Two players in a live room (the first seen within `withinMs`), and one more anywhere. */
async function toBan(o: OperatorWorld, withinMs: number): Promise<Bot[]> {
  const farmers = new Set(o.world.farmers ?? []);
  const candidates = o.bots.filter((b) => !farmers.has(b.client.uid));
  const chosen: Bot[] = [];
  const giveUpAt = Date.now() + withinMs;
  while (chosen.length < 2 && Date.now() < giveUpAt && !o.world.stopping) {
    const inRoom = candidates.filter((b) => !chosen.includes(b) && b.view.room && LIVE.has(b.view.room.status));
    const bot = pickFrom(o.random, inRoom);
    if (bot) chosen.push(bot);
    else await o.world.idle(250);
  }
  const other = pickFrom(
    o.random,
    candidates.filter((b) => !chosen.includes(b)),
  );
  return other ? [...chosen, other] : chosen;
}

/** Bans two players in a live room and one more anywhere; returns whom it banned. */
async function ban(o: OperatorWorld, withinMs: number): Promise<string[]> {
  const banned: string[] = [];
  for (const bot of await toBan(o, withinMs)) {
    const uid = bot.client.uid;
    const answer = await act(
      o,
      'banPlayer',
      uid,
      () => o.client.call('banPlayer', { uid, reason: 'simulated: flagged for cheating', hours: 24 }),
      (r) => `banned until ${new Date(r.ban.until!).toISOString()}; ${r.removal.kind}`,
    );
    if (!answer) continue;
    banned.push(uid);
    o.log.counts.bans++;
    if (answer.removal.kind === 'roomCalledOff' || answer.removal.kind === 'forfeited') o.log.counts.bansInLiveRoom++;
  }
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
  const played = Object.keys(o.world.options.modes).length
    ? Object.keys(o.world.options.modes).filter((m) => (o.world.options.modes[m] ?? 0) > 0)
    : Object.keys(o.config.modes);
  return played.find((m) => o.config.modes[m]?.readyCheck) ?? played[0] ?? null;
}

/**
 * The operator's day, spread over the play time: bans at a fifth of it, a pause from three tenths to a half,
 * voids and an adjustment in between, one ban lifted at seven tenths.
 */
export async function operatorLife(o: OperatorWorld) {
  const playMs = 1000 * o.world.options.durationSeconds;
  const started = Date.now();
  const until = async (share: number) => {
    await o.world.idle(Math.max(0, started + share * playMs - Date.now()));
    return !o.world.stopping;
  };
  if (!(await until(0.2))) return;
  const banned = await ban(o, 0.1 * playMs);
  const mode = modeToPause(o);
  if (!(await until(0.3))) return;
  if (mode) {
    const paused = await act(
      o,
      'pauseMode',
      mode,
      () => o.client.call('pauseMode', { mode, message: 'Down for a fix, back soon', reason: 'simulated: incident' }),
      (r) => `paused ${r.pools.join(', ')}; ${r.released} waiting tickets released`,
    );
    if (paused) {
      o.log.counts.pauses++;
      o.log.paused = { target: mode, from: paused.pause.at, until: null };
    }
  }
  if (!(await until(0.35))) return;
  await voidRooms(o, 3);
  await adjust(o, banned);
  // Resumed even if the play time ran out meanwhile, so the drain sees the mode open again.
  await until(0.5);
  if (o.log.paused && mode) {
    const resumed = await act(
      o,
      'resumeMode',
      mode,
      () => o.client.call('resumeMode', { mode, reason: 'simulated: fixed' }),
      () => 'resumed',
    );
    if (resumed) {
      o.log.counts.resumes++;
      o.log.paused.until = Date.now();
    }
  }
  if (!(await until(0.7))) return;
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
