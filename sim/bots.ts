/**
 * Bot behaviour. A captain (a solo player, or a party's leader) thinks, picks a mode, queues, heartbeats while
 * waiting, and cancels when out of patience; every player answers ready checks and reports results. Faults are
 * drawn from each bot's own seeded stream: cancels, vanishing clients, duplicated calls, declined or ignored
 * ready checks, missing and contradicting reports, party churn, leaving started games, and a game server
 * reporting with authority.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { doc, getDocFromServer } from 'firebase/firestore';
import type { AppConfig } from '../functions/src/core/config.js';
import { partyCapacity } from '../functions/src/core/mode/partyCapacity.js';
import { poolIdSchema, resolvePool, type PoolId } from '../functions/src/core/mode/pool.js';
import { hopsFrom } from '../functions/src/core/mode/regions.js';
import type { Presence } from '../functions/src/core/queue/presence.js';
import { sideUids, type Result, type RoomDoc } from '../functions/src/core/room/room.js';
import { playPlacements, playSides } from '../tools/trueSkill.js';
import type { Random } from '../tools/random.js';
import type { CallArgs, CallName, CallResponse } from '@ladder/client';
import { errorCode, type BotClient, type Timed } from './client.js';
import { queuedBeatEvery } from '../client/src/heartbeat.js';
import type { Faults, SimOptions } from './options.js';
import type { PlayerView } from './view.js';

const LIVE = new Set(['pending', 'active', 'disputed']);
const isLive = (status: string) => LIVE.has(status);

/** One enqueue that created a ticket, and what became of it as its captain saw it. */
export interface EnqueueRecord {
  uid: string;
  mode: PoolId;
  size: number;
  ticketId: string;
  sentAt: number;
  answeredAt: number;
  /** The time-to-live the answer gave: heartbeats go at its pace (the shortest of the pools waited in). */
  ttlSeconds: number;
  /** The other pools the ticket waited in (`alsoModes`). */
  alsoIn: string[];
  /** The room the enqueue answer carried (the immediate path), if any. */
  immediateRoomId: string | null;
  /** The first room this ticket (or its re-queued successor) was matched into, and when the listener saw it. */
  roomId: string | null;
  roomSeenAt: number | null;
  vanished: boolean;
}

export type FaultCounts = Record<
  | 'cancels'
  | 'vanished'
  | 'duplicateEnqueues'
  | 'duplicateAccepts'
  | 'duplicateCancels'
  | 'duplicateReports'
  | 'declines'
  | 'ignoredReadyChecks'
  | 'missingReports'
  | 'conflictingReports'
  | 'gameServerRooms'
  | 'partyChurns'
  | 'leaves',
  number
>;

interface Game {
  result: Result;
  endsAt: number;
  /** The players it was played with: a free-for-all that takes late joiners is played again with them. */
  players: number;
}

export interface Bot {
  client: BotClient;
  view: PlayerView;
  random: Random;
  /** The other members, when this bot leads a party. */
  members: Bot[];
  partyCode: string | null;
  isMember: boolean;
  /** What the bot is waiting on, for the report of bots still busy after the stop. */
  doing: string;
}

/** The state the bots share: the "games" they play (the truth they report), counts, and the stop signal. */
export class World {
  readonly enqueues: EnqueueRecord[] = [];
  readonly faults: FaultCounts = {
    cancels: 0,
    vanished: 0,
    duplicateEnqueues: 0,
    duplicateAccepts: 0,
    duplicateCancels: 0,
    duplicateReports: 0,
    declines: 0,
    ignoredReadyChecks: 0,
    missingReports: 0,
    conflictingReports: 0,
    gameServerRooms: 0,
    partyChurns: 0,
    leaves: 0,
  };
  /**
   * Both of two concurrent enqueues got a ticket. Legitimate only if the second was served after the first
   * ticket's whole life (its room over); the history check of the invariants tells which.
   */
  readonly doubleEnqueues: string[] = [];
  /** Times the server's answer contradicted what a bot's listeners showed, even after listening afresh (see `checkView`). */
  readonly staleViews: string[] = [];
  /** Ticket updates a listener never delivered while a fresh listener did at once (see `checkView`). */
  readonly missedUpdates: string[] = [];
  stopping = false;
  /**
   * Two bots farming: they queue for the same 1v1 mode at about the same moment, hoping to meet, and when they
   * do they trade wins (each game won by the one who lost the last).
   */
  farmers: [string, string] | null = null;
  private tradedGames = 0;
  /** Each bot's hidden true skill, which decides its games; set once the bots have signed in. */
  readonly trueSkills = new Map<string, number>();
  private readonly games = new Map<string, Game>();
  /** Games kept going past their end: nobody reports them until released (see `hold`). */
  private readonly holds = new Map<string, Promise<void>>();
  private readonly stopped: Promise<void>;
  private stop!: () => void;

  constructor(
    readonly options: SimOptions,
    readonly config: AppConfig,
    /** Signed in with the game-server claim; reports results with authority. */
    readonly gameServer: BotClient,
  ) {
    this.stopped = new Promise((resolve) => (this.stop = resolve));
  }

  finish() {
    this.stopping = true;
    this.stop();
  }

  /**
   * Keeps a room's game going until the returned release is called: nobody reports it meanwhile, so the room
   * stays live (within its report window) while an operator's call on one of its players travels.
   */
  hold(roomId: string): () => void {
    let release!: () => void;
    this.holds.set(roomId, new Promise<void>((resolve) => (release = resolve)));
    return () => {
      this.holds.delete(roomId);
      release();
    };
  }

  /** Resolves once no hold keeps the room's game going. */
  held(roomId: string): Promise<void> {
    return this.holds.get(roomId) ?? Promise.resolve();
  }

  /** A pause that ends early when the simulation stops. */
  idle(ms: number) {
    return Promise.race([sleep(ms), this.stopped]);
  }

  /** The game played in a room: the first player to start it decides how it ends, the rest learn it. */
  game(room: RoomDoc, random: Random): Game {
    const known = this.games.get(room.id);
    if (known && known.players >= room.memberUids.length) return known;
    if (known) {
      // Someone joined the game in progress: it places them too, and every player's report says so.
      known.result = this.trueResult(room, random);
      known.players = room.memberUids.length;
      return known;
    }
    const [low, high] = this.options.playSeconds;
    // A game ends well inside the mode's report window, whatever the configuration's timers.
    const seconds = Math.min(
      low + random.next() * (high - low),
      resolvePool(this.config, room.mode).mode.reportTimeoutSeconds / 2,
    );
    const result = this.tradedResult(room) ?? this.trueResult(room, random);
    const game: Game = { result, endsAt: Date.now() + 1000 * seconds, players: room.memberUids.length };
    this.games.set(room.id, game);
    if (random.next() < this.options.faults.gameServer) {
      this.faults.gameServerRooms++;
      const duplicate = random.next() < this.options.faults.duplicate;
      void sleep(Math.max(0, game.endsAt - Date.now())).then(async () => {
        await this.held(room.id);
        for (let i = 0; i < (duplicate ? 2 : 1); i++)
          await this.gameServer.call('reportResult', { roomId: room.id, ...game.result }).catch(() => {});
      });
    }
    return game;
  }

  /** What two farmers report of a game between them: the one whose turn it is wins. Null for anyone else's room. */
  private tradedResult(room: RoomDoc): Result | null {
    const pair = this.farmers;
    const theirs = room.memberUids.length === 2 && !!pair && pair.every((uid) => room.memberUids.includes(uid));
    if (!theirs || room.kind !== 'team') return null;
    const winner = pair[this.tradedGames++ % 2]!;
    return { outcome: room.sides[0]!.tickets.some((t) => t.members.some((m) => m.uid === winner)) ? 'A' : 'B' };
  }

  /**
   * How the game really went, drawn from the players' hidden true skills (bench/convergence.ts): a team game is
   * won by the side performing better (one in DRAW_SHARE is a draw, so draws keep being settled), a
   * free-for-all placed by performance. The game plays a room's bots at the skill of their rating; in
   * free-for-all the humans report their places among everyone, bots included.
   */
  private trueResult(room: RoomDoc, random: Random): Result {
    const { noise } = this.options.trueSkill;
    const skill = (uid: string) => this.trueSkills.get(uid) ?? this.options.trueSkill.mean;
    const bots = (side: number) => room.bots.filter((b) => b.side === side).map((b) => b.rating);
    if (room.kind === 'team') {
      if (random.next() < DRAW_SHARE) return { outcome: 'draw' };
      const [a, b] = sideUids(room).map((uids, side) => [...uids.map(skill), ...bots(side)]);
      return { outcome: playSides(a!, b!, random, noise) };
    }
    const placements = playPlacements([...room.memberUids.map(skill), ...bots(0)], random, noise);
    return { placements: Object.fromEntries(room.memberUids.map((uid, i) => [uid, placements[i]!])) };
  }
}

/** The share of team games that end in a draw, whatever the skills. */
const DRAW_SHARE = 0.08;

/** A report that contradicts the game: the other outcome, or two players' places swapped. */
function contradiction(result: Result, random: Random): Result {
  if ('outcome' in result) return { outcome: result.outcome === 'A' ? 'B' : 'A' };
  const uids = Object.keys(result.placements);
  const [a, b] = [uids[0]!, uids[1 + Math.floor(random.next() * (uids.length - 1))]!];
  return { placements: { ...result.placements, [a]: result.placements[b]!, [b]: result.placements[a]! } };
}

const chance = (bot: Bot, p: number) => bot.random.next() < p;
const between = (bot: Bot, low: number, high: number) => low + bot.random.next() * (high - low);

/** Modes a party of `size` can queue for, weighted by the mix. */
export function modeWeights(world: World, size: number): [string, number][] {
  const { config, options } = world;
  const mix = Object.keys(options.modes).length
    ? options.modes
    : Object.fromEntries(Object.keys(config.modes).map((m) => [m, 1]));
  return Object.entries(mix).filter(
    ([id, weight]) => weight > 0 && config.modes[id] && partyCapacity(config.modes[id]) >= size,
  );
}

/**
 * Calls a function as a game client does: retries what the backend calls retryable (`aborted`, contention) a few
 * times, and takes a refusal as an answer (null). Every attempt is in the CallLog.
 */
async function attempt<N extends CallName>(bot: Bot, name: N, ...args: CallArgs<N>): Promise<CallResponse<N> | null> {
  for (let tries = 1; ; tries++) {
    try {
      return await bot.client.call(name, ...args);
    } catch (error) {
      // Repeated as the protocol allows: contention (nothing changed) and a connection that failed before any answer.
      if (!['aborted', 'unavailable'].includes(errorCode(error)) || tries === 3) return null;
      await sleep(between(bot, 200, 600) * tries);
    }
  }
}

/** Answers a room: the ready check if it is pending, then the game and its report. Returns the room's final status. */
export async function playRoom(world: World, bot: Bot, roomId: string): Promise<string> {
  const { faults } = world.options;
  const current = () => (bot.view.room?.id === roomId ? bot.view.room : null);
  bot.doing = `playing room ${roomId}`;
  if (!(await bot.view.until(() => current() !== null, 10_000))) return 'unseen';
  const mode = resolvePool(world.config, current()!.mode).mode;
  if (current()?.status === 'pending') {
    await answerReadyCheck(world, bot, roomId, faults);
    await bot.view.until(() => current()?.status !== 'pending', 1000 * ((mode.readyCheck?.timeoutSeconds ?? 0) + 10));
  }
  const room = current();
  if (room && isLive(room.status)) {
    if (chance(bot, faults.leave)) {
      // A leaver walks out at once; their side loses (the room settles if the whole side left).
      world.faults.leaves++;
      await attempt(bot, 'forfeit', { roomId });
    } else await playAndReport(world, bot, room, faults);
    // A leaver, too, stays in the room until it is over.
    await bot.view.until(() => !isLive(current()?.status ?? 'gone'), 1000 * (mode.reportTimeoutSeconds + 15));
  }
  return current()?.status ?? 'unknown';
}

/**
 * Plays the game out and reports its result (or a lie, or nothing, as the bot's faults say), unless the room is
 * already over by then.
 */
async function playAndReport(world: World, bot: Bot, room: RoomDoc, faults: Faults) {
  const game = world.game(room, bot.random);
  // Players finish and tap "report" a moment apart, not in the same millisecond.
  await sleep(Math.max(0, game.endsAt - Date.now() + between(bot, 0, 2000)));
  await world.held(room.id);
  // Like the SDK, a client that already sees the room settled (by the game server, or by the other players'
  // reports) or otherwise over sends no report: the server would change nothing and count the call.
  const seen = bot.view.room?.id === room.id ? bot.view.room : null;
  if (seen && !isLive(seen.status)) return;
  if (chance(bot, faults.noReport)) {
    world.faults.missingReports++;
    return;
  }
  const lie = chance(bot, faults.conflict);
  if (lie) world.faults.conflictingReports++;
  // The game as the player's screen last saw its room, late joiners included.
  const played = world.game(seen ?? room, bot.random);
  const result = lie ? contradiction(played.result, bot.random) : played.result;
  await attempt(bot, 'reportResult', { roomId: room.id, ...result });
  if (chance(bot, faults.duplicate)) {
    world.faults.duplicateReports++;
    await attempt(bot, 'reportResult', { roomId: room.id, ...result });
  }
}

async function answerReadyCheck(world: World, bot: Bot, roomId: string, faults: Faults) {
  await sleep(between(bot, 200, 1500));
  const draw = bot.random.next();
  if (draw < faults.decline) {
    world.faults.declines++;
    await attempt(bot, 'declineMatch', { roomId });
  } else if (draw < faults.decline + faults.ignoreReadyCheck) {
    world.faults.ignoredReadyChecks++;
  } else {
    await attempt(bot, 'acceptMatch', { roomId });
    if (chance(bot, faults.duplicate)) {
      world.faults.duplicateAccepts++;
      await attempt(bot, 'acceptMatch', { roomId });
    }
  }
}

/**
 * A party member: follows the party's tickets through the state listener and plays every room it lands in. One
 * who lost their place in the party plays on as a solo captain.
 */
export async function memberLife(world: World, bot: Bot, captainDone: () => boolean) {
  const played = new Set<string>();
  const fresh = () => !!bot.view.room && isLive(bot.view.room.status) && !played.has(bot.view.room.id);
  let beating: string | null = null;
  let nextBeat = 0;
  while (bot.isMember && !(world.stopping && captainDone() && !fresh())) {
    bot.doing = 'following the party';
    if (!(await bot.view.until(fresh, 1000))) {
      // Like the SDK, a member's client beats while its view shows the party's ticket queued, and so hears when
      // the server says otherwise.
      const ticket = bot.view.ticket;
      if (ticket?.status !== 'queued') continue;
      const ttlSeconds = ticket.ttlSeconds ?? resolvePool(world.config, ticket.mode).mode.ticketTtlSeconds;
      const beatEvery = queuedBeatEvery(1000 * ttlSeconds);
      if (beating !== ticket.id) [beating, nextBeat] = [ticket.id, Date.now() + beatEvery];
      if (Date.now() < nextBeat) continue;
      const answer = await attempt(bot, 'heartbeat');
      // The SDK's pace, counted from the answer.
      nextBeat = Date.now() + beatEvery;
      if (answer && (await checkView(world, bot, answer.presence)) === 'stale') return;
      continue;
    }
    const roomId = bot.view.room!.id;
    played.add(roomId);
    await playRoom(world, bot, roomId);
  }
  if (!bot.isMember) await captainLife(world, bot);
}

/** A solo player or party leader: think, queue, wait, play, until the simulation stops. */
export async function captainLife(world: World, bot: Bot) {
  const size = 1 + bot.members.length;
  const modes = modeWeights(world, size);
  if (modes.length === 0) return;
  while (!world.stopping) {
    bot.doing = 'thinking';
    await world.idle(1000 * bot.random.exponential(1 / Math.max(0.001, world.options.thinkSeconds)));
    if (world.stopping) break;
    if (bot.members.length && chance(bot, world.options.faults.partyChurn)) await churn(world, bot);
    const mode = modes[bot.random.pick(modes.map(([, weight]) => weight))]![0];
    await playTicket(world, bot, mode, size, alsoMode(world, bot, modes, mode));
  }
}

/**
 * Another mode to wait in beside `mode`, for a share of queueings (`severalModes`), drawn by the same weights. Modes
 * with regions are left out: the bot measures round trips for one mode's regions.
 */
function alsoMode(world: World, bot: Bot, modes: [string, number][], mode: string): string | null {
  const regional = (id: string) => world.config.modes[id]?.regions;
  const others = modes.filter(([id]) => id !== mode && !regional(id));
  if (others.length === 0 || regional(mode) || !chance(bot, world.options.severalModes)) return null;
  return others[bot.random.pick(others.map(([, weight]) => weight))]![0];
}

/** A member leaves the party and rejoins with the code, as friends regrouping between games do. */
async function churn(world: World, captain: Bot) {
  const member = captain.members[Math.floor(captain.random.next() * captain.members.length)]!;
  let code = captain.partyCode;
  if (!code) return; // a captain without a party has nobody to churn
  if ((await attempt(member, 'leaveParty')) === null) return;
  world.faults.partyChurns++;
  if ((await attempt(member, 'joinParty', { code })) !== null) return;
  const refreshed = await attempt(captain, 'refreshPartyCode');
  if (refreshed) code = refreshed.party.code;
  captain.partyCode = code;
  if ((await attempt(member, 'joinParty', { code })) === null) {
    // The member could not get back in: their own life goes on as a solo captain (see memberLife).
    captain.members = captain.members.filter((m) => m !== member);
    member.isMember = false;
  }
}

/**
 * In a regional mode, the round trips a bot's client would measure: 20 ms to its own region (the same for every
 * game it plays, by its uid), 60 ms more for each hop away.
 */
function measuredRtts(world: World, bot: Bot, modeId: string): { rtts?: Record<string, number> } {
  const regions = world.config.modes[modeId]?.regions;
  if (!regions) return {};
  const ids = Object.keys(regions.neighbours);
  const home = ids[[...bot.client.uid].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % ids.length]!;
  const hops = hopsFrom(regions, home);
  return { rtts: Object.fromEntries(ids.map((id) => [id, 20 + 60 * (hops.get(id) ?? 4)])) };
}

async function enqueue(
  world: World,
  bot: Bot,
  mode: string,
  also: string | null,
): Promise<Timed<CallResponse<'enqueue'>> | null> {
  const request = { mode, ...(also ? { alsoModes: [also] } : {}), ...measuredRtts(world, bot, mode) };
  const send = () => bot.client.callTimed('enqueue', request);
  const duplicate = chance(bot, world.options.faults.duplicate);
  if (duplicate) world.faults.duplicateEnqueues++;
  const answers = await Promise.allSettled(duplicate ? [send(), send()] : [send()]);
  const ok = answers.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
  bot.doing = `enqueued for ${mode}: ${answers.map((a) => (a.status === 'fulfilled' ? a.value.data.ticketId : errorCode(a.reason))).join(', ')}`;
  if (ok.length > 1) {
    const seconds = (t: number) => new Date(t).toISOString().slice(11, 23);
    world.doubleEnqueues.push(
      `${bot.client.uid}: ${ok.map((a) => `ticket ${a.data.ticketId} (sent ${seconds(a.sentAt)}, room ${a.data.room?.id ?? 'none'})`).join(' and ')}, both answered by ${seconds(Date.now())}`,
    );
  }
  if (ok[0]) return ok[0];
  const codes = answers.map((a) => (a.status === 'rejected' ? errorCode(a.reason) : 'ok'));
  // Refused (a member cooling down or still in a room, contention): try again after a while, like a player would.
  if (codes.every((c) => c === 'failed-precondition' || c === 'aborted'))
    await world.idle(2000 + bot.random.next() * 3000);
  return null;
}

async function playTicket(world: World, bot: Bot, mode: string, size: number, also: string | null = null) {
  const answer = await enqueue(world, bot, mode, also);
  if (!answer) return;
  const { ticketId, room } = answer.data;
  const record: EnqueueRecord = {
    uid: bot.client.uid,
    // The pool joined: in a regional mode, the mode and the bot's region.
    mode: poolIdSchema.parse(answer.data.pool),
    size,
    ticketId,
    ttlSeconds: answer.data.ttlSeconds,
    alsoIn: answer.data.alsoIn,
    sentAt: answer.sentAt,
    answeredAt: Date.now(),
    immediateRoomId: room?.id ?? null,
    roomId: null,
    roomSeenAt: null,
    vanished: false,
  };
  world.enqueues.push(record);
  bot.view.followTicket(record.mode, ticketId);
  if (room) bot.view.followRoom(room.id);
  if (chance(bot, world.options.faults.vanish)) {
    record.vanished = true;
    world.faults.vanished++;
    await vanish(world, bot, record);
    return;
  }
  await waitInQueue(world, bot, record);
}

/** The room a ticket of this record was matched into, as soon as this client's listener has it. */
function noteRoom(bot: Bot, record: EnqueueRecord) {
  const room = bot.view.room;
  if (record.roomId === null && room) {
    record.roomId = room.id;
    record.roomSeenAt = bot.view.roomSeenAt.get(room.id) ?? null;
  }
}

/**
 * A dead client: no heartbeats, no answers, until its ticket expired; then it comes back and looks around. If the
 * simulation ends first, it never comes back.
 */
async function vanish(world: World, bot: Bot, record: EnqueueRecord) {
  bot.doing = `vanished from ticket ${record.ticketId}`;
  const mode = resolvePool(world.config, record.mode).mode;
  await world.idle(1000 * mode.ticketTtlSeconds + 5000);
  if (world.stopping) return;
  await bot.view.until(
    (v) =>
      !!v.ticket && v.ticket.status !== 'queued' && (v.ticket.status !== 'matched' || v.room?.id === v.ticket.roomId),
    30_000,
  );
  noteRoom(bot, record);
  const room = bot.view.room;
  if (room && isLive(room.status)) await playRoom(world, bot, room.id);
}

async function waitInQueue(world: World, bot: Bot, record: EnqueueRecord) {
  const { options } = world;
  const beatEvery = queuedBeatEvery(1000 * record.ttlSeconds);
  let nextBeat = Date.now() + beatEvery;
  const giveUpAt = Date.now() + 1000 * options.patienceSeconds;
  let cancelAt = chance(bot, options.faults.cancel)
    ? Date.now() + between(bot, 500, 1000 * Math.min(options.patienceSeconds, record.ttlSeconds))
    : Infinity;
  let cancelledAt = 0;
  const ended = (v: PlayerView) =>
    !!v.ticket && v.ticket.status !== 'queued' && (v.ticket.status !== 'matched' || v.room?.id === v.ticket.roomId);

  for (;;) {
    bot.doing = `waiting in the queue on ticket ${bot.view.ticket?.id ?? record.ticketId}${cancelledAt ? ', cancelling' : ''}`;
    const wakeAt = Math.min(nextBeat, cancelAt, giveUpAt, cancelledAt ? cancelledAt + 3000 : Infinity);
    await bot.view.until((v) => ended(v) || world.stopping, wakeAt - Date.now());
    const ticket = bot.view.ticket;
    if (ticket && ended(bot.view)) {
      if (ticket.status !== 'matched') return;
      noteRoom(bot, record);
      const status = await playRoom(world, bot, ticket.roomId!);
      // A cancelled ready check returns whoever accepted to the pool with a new ticket, named by the state.
      const requeued =
        status === 'cancelled' &&
        (await bot.view.until((v) => v.state?.ticketId !== ticket.id && v.ticket?.status === 'queued', 3000));
      if (!requeued) return;
      nextBeat = Date.now() + beatEvery;
      continue;
    }
    const now = Date.now();
    const leaving = world.stopping || now >= cancelAt || now >= giveUpAt;
    if (leaving && (!cancelledAt || now >= cancelledAt + 3000)) {
      if (now >= cancelAt && !cancelledAt) world.faults.cancels++;
      cancelledAt = now;
      cancelAt = Infinity;
      const answer = await attempt(bot, 'cancelQueue');
      if (chance(bot, options.faults.duplicate)) {
        world.faults.duplicateCancels++;
        await attempt(bot, 'cancelQueue');
      }
      if (answer && !answer.cancelled && (await checkView(world, bot, answer.presence)) === 'stale') return;
    } else if (now >= nextBeat) {
      const answer = await attempt(bot, 'heartbeat');
      nextBeat = Date.now() + beatEvery;
      if (answer && (await checkView(world, bot, answer.presence)) === 'stale') return;
    }
  }
}

const LISTENER_GRACE_MS = 5000;

/**
 * Squares the bot's view with the server's answer, as the client SDK does when a heartbeat says the player is no
 * longer queued while the ticket listener still says queued. The listener may be a moment behind the answer, so
 * it gets a few seconds. If it has not caught up, the bot listens to the ticket afresh: the Firestore emulator
 * can leave a listener that started during a write to its document without that write for good, and a new
 * listener hears of it at once (counted as a missed update). A server read would not do: while the old listener
 * is open, the SDK answers it from that listener's view. If even the new listener does not catch up while
 * the server still says the ticket is not queued, the view is stale: a client would believe the server and move
 * on, and the simulation records it, since listeners should never lag so far. (The answer itself may be the
 * older news: a party leader's or a ready check's new ticket can be committed between the call's read and its
 * answer.)
 */
async function checkView(
  world: World,
  bot: Bot,
  presence: Pick<Presence, 'kind'>,
): Promise<'agrees' | 'repaired' | 'stale'> {
  const queued = (v: PlayerView) => v.ticket?.status === 'queued';
  if (presence.kind === 'queued' || !queued(bot.view)) return 'agrees';
  if (await bot.view.until((v) => !queued(v), LISTENER_GRACE_MS)) return 'agrees';
  const shown = bot.view.ticket!;
  // Listen afresh before reading: while the old listener is open, the SDK answers a read from its stale view.
  bot.view.relistenTicket();
  if (await bot.view.until((v) => !queued(v), LISTENER_GRACE_MS)) {
    const heard = bot.view.ticket;
    // The state listener may have moved the view on to a newer ticket meanwhile: then nothing was missed.
    if (heard?.id !== shown.id) return 'agrees';
    world.missedUpdates.push(`${bot.client.uid}: ticket ${shown.id} ${heard.status}, queued on its old listener`);
    return 'repaired';
  }
  const onServer = await getDocFromServer(doc(bot.client.db, `pools/${shown.mode}/tickets/${shown.id}`));
  if (onServer.data()?.status === 'queued') return 'agrees';
  world.staleViews.push(
    `${bot.client.uid}: listeners show ticket ${shown.id} queued ${(2 * LISTENER_GRACE_MS) / 1000} s after the server said ${presence.kind}, even listening afresh`,
  );
  return 'stale';
}

/**
 * The two farmers: solo players who queue for the same 1v1 mode together, one a moment after the other, again
 * as soon as both are back from their games, so they would meet every time if nothing kept them apart.
 */
export async function farmingPairLife(world: World, [first, second]: readonly [Bot, Bot], mode: string) {
  while (!world.stopping) {
    for (const bot of [first, second]) bot.doing = 'farming: about to queue together again';
    await world.idle(1000 * between(first, 0.5, 1.5));
    if (world.stopping) break;
    await Promise.all([playTicket(world, first, mode, 1), sleep(150).then(() => playTicket(world, second, mode, 1))]);
  }
}
