import type { Timestamp } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from 'firebase-functions/v2';
import { sweepAvoiding } from '../core/fairplay/avoidance.js';
import type { GuardedTicket } from '../core/queue/ticket.js';
import type { Mode } from '../core/mode/modes.js';
import { poolIdOf, poolIds, splitPoolId, type Pool, type PoolId } from '../core/mode/pool.js';
import { sweepRegion, type Visitor } from '../core/match/regional.js';
import { sweepChoosing } from '../core/match/choices.js';
import type { MatchProposal } from '../core/match/index.js';
import { botFill } from '../core/match/botFill.js';
import { reachableRegions } from '../core/mode/regions.js';
import { toCoreTicket, type PoolEntry } from '../core/queue/ticket.js';
import { bandEdges } from '../core/ladder/bands.js';
import type { UnmatchedReason } from '../core/match/reasons.js';
import {
  queueStats,
  roomWaits,
  statsChanged,
  statsDue,
  type BandWait,
  type QueueStats,
} from '../core/ops/queueStats.js';
import { LIVE_ROOM_STATUSES, reportOverdue, type RoomDoc } from '../core/room/room.js';
import { readyCheckOverdue } from '../core/room/readyCheck.js';
import type { LadderContext } from '../context.js';
import { countWrites } from '../store/firestore/metrics.js';
import { livingLeases, nextTakeover, planLeases } from '../core/queue/lease.js';
import {
  claimLeases,
  endBeacon,
  liveRuns,
  readLeases,
  releaseLeases,
  renewBeacon,
  type LeasesRead,
} from '../store/lease.js';
import { Mirror } from '../store/firestore/mirror.js';
import { PoolMirror } from '../store/pool.js';
import { expireTicket } from '../store/queue.js';
import { queueStatsRef, roomsRef } from '../store/firestore/refs.js';
import { commitBotRoom, commitMatch, expireOverdueReadyCheck } from '../store/rooms.js';
import { backfillRoom, backfills } from '../store/backfill.js';
import { planBackfill } from '../core/room/backfill.js';
import { concurrently } from './concurrently.js';
import { closeOverdueRoom } from '../store/settlement.js';
import { leaveIfSilent } from '../store/leaving.js';
import { inPlay } from '../core/fairplay/leaving.js';

export interface RunOptions {
  /** How long to keep sweeping. */
  durationMs: number;
  intervalMs: number;
  /**
   * How long a pool's lease lasts unrenewed, so how soon the other runs take over the pools of a run that died.
   * By default the longer of three intervals and 15 s.
   */
  leaseMs?: number;
  /** Names the run in the leases it holds (each run's holder id is this name and a random suffix). */
  name?: string;
  /** Ends the run at its next sweep, as if its time were up. */
  signal?: AbortSignal;
}

export interface RunReport {
  /** This run's id in the leases it held. */
  holder: string;
  /** Whether the run held any pool's lease at some point. */
  leased: boolean;
  /** The pools it swept, each at least once. */
  pools: string[];
  /** When it held each pool open (ms since the epoch), from taking its lease until giving it up, in order. */
  spans: { pool: PoolId; from: number; until: number }[];
  /** When this run first held a pool and swept (ms since the epoch); null if it never held one. */
  sweptFrom: number | null;
  sweptUntil: number | null;
  sweeps: number;
  proposals: number;
  committed: number;
  /** Rooms committed for a long-waiting ticket with bots in the missing seats (a mode's `bots`). */
  botRooms: number;
  /** Tickets seated in games in progress (core/room/backfill.ts). */
  lateJoiners: number;
  /** Proposals given up at commit because a ticket had changed. */
  stale: number;
  expired: number;
  roomDeadlines: number;
  /** Players of started games taken to have left because their heartbeats stopped (`leaveAfterSilentSeconds`). */
  silentLeaves: number;
  /** Reads spent before the first sweep: the leases, the pool digests, the tickets changed since, their live rooms. */
  openingReads: number;
}

const RECENT_WAITS = 200;

/** A run that has done nothing yet (or never got going). */
export const emptyRunReport = (holder = ''): RunReport => ({
  holder,
  leased: false,
  pools: [],
  spans: [],
  sweptFrom: null,
  sweptUntil: null,
  sweeps: 0,
  proposals: 0,
  committed: 0,
  botRooms: 0,
  lateJoiners: 0,
  stale: 0,
  expired: 0,
  roomDeadlines: 0,
  silentLeaves: 0,
  openingReads: 0,
});

/**
 * One scheduled matcher run. Every pool (a mode) has its own lease: the run takes its share of the pools whose
 * lease is free, so runs that overlap split the work, and a pool whose run died is taken over when its lease
 * runs out. It mirrors its pools' queued tickets and live rooms with listeners, and every interval sweeps
 * each pool it holds, commits what it proposes, expires tickets whose heartbeats stopped and handles the
 * deadlines of its pools' rooms. Reads do not grow with the pool: a pool is opened from the digest its previous
 * holder left plus the tickets changed since, and then only documents that change are read.
 */
export function runMatcher(ctx: LadderContext, options: RunOptions): Promise<RunReport> {
  return new MatcherRun(ctx, options).run();
}

/**
 * One matcher run on a ladder's context, and the state it keeps between its sweeps: its leases, the pools and rooms
 * it mirrors, what it consumed. `run()` sweeps every interval until its time is up; a test may instead drive it a
 * sweep at a time (`sweepOnce()`, with the context's clock moved by hand in between) and then `finish()` it.
 */
export class MatcherRun {
  private readonly holder: string;
  private readonly report: RunReport;
  private readonly until: number;
  private readonly intervalMs: number;
  private readonly leaseMs: number;
  private readonly signal: AbortSignal | undefined;
  /** Every configured pool, resolved once for the run. */
  private readonly configured: Map<PoolId, Pool>;
  private readonly recentWaits: Map<PoolId, BandWait[]>;
  private readonly readsBefore: number;
  // The live rooms of each pool held, followed for their deadlines: never another run's pools' rooms.
  private readonly rooms = new Map<PoolId, Mirror<RoomDoc, RoomDoc>>();
  private readonly pools = new Map<PoolId, PoolMirror>();
  private readonly heldFrom = new Map<PoolId, number>();
  // The pools of neighbouring regions this run does not hold, followed read-only for their widened tickets.
  private readonly neighbours = new Map<PoolId, PoolMirror>();
  // Tickets this run already matched or expired, until the listener reports them gone.
  private readonly consumed = new Set<string>();
  private readonly lastStats = new Map<string, { at: number; stats: QueueStats }>();
  // Started rooms whose silent players leave them: when to look at each one's heartbeats again.
  private readonly silenceChecks = new Map<string, number>();
  private leasesAt = Number.NEGATIVE_INFINITY;
  // When the first lease of another run runs out: a lease round is due then, to take its pools over at once.
  private takeoverAt = Number.POSITIVE_INFINITY;
  // The leases as this run last wrote them, with their update times, when it knows them.
  private written: LeasesRead | null = null;
  // This run's last beacon write: the next renewal holds only if nobody touched the beacon since.
  private beaconWrite: Timestamp | null = null;

  constructor(
    private readonly ctx: LadderContext,
    { durationMs, intervalMs, leaseMs, name = 'matcher', signal }: RunOptions,
  ) {
    this.configured = new Map(poolIds(ctx.config.modes).map((id) => [id, ctx.poolOf(id)]));
    this.recentWaits = new Map([...this.configured.keys()].map((id) => [id, [] as BandWait[]]));
    this.holder = `${name}-${randomUUID()}`;
    this.report = emptyRunReport(this.holder);
    this.until = ctx.clock.now() + durationMs;
    this.intervalMs = intervalMs;
    this.leaseMs = leaseMs ?? Math.max(3 * intervalMs, 15_000);
    this.signal = signal;
    this.readsBefore = ctx.ops.totals.reads;
  }

  async run(): Promise<RunReport> {
    try {
      // At least one attempt per run, however short.
      do {
        const started = this.ctx.clock.now();
        await this.sweepOnce();
        // Woken early when another run's lease runs out, so its pools wait no longer than the lease.
        const pause = Math.min(
          this.intervalMs - (this.ctx.clock.now() - started),
          this.until - this.ctx.clock.now(),
          this.takeoverAt - this.ctx.clock.now(),
        );
        if (pause > 0 && !this.signal?.aborted) await sleep(pause, undefined, { signal: this.signal }).catch(() => {});
      } while (this.ctx.clock.now() < this.until && !this.signal?.aborted);
    } finally {
      await this.finish();
    }
    return this.report;
  }

  /** Renews or rebalances the leases when due, then sweeps every pool held and handles their rooms' deadlines. */
  async sweepOnce(): Promise<RunReport> {
    await this.renewIfDue(true);
    if (this.pools.size) await this.sweep();
    return this.report;
  }

  /** One sweep of every pool held, then the deadlines of their rooms. */
  private async sweep() {
    const rooms = await this.followRooms();
    if (!this.report.leased) {
      // Opening reads are counted process-wide: exact when the run is alone in its process, as deployed.
      this.report.openingReads = this.ctx.ops.totals.reads - this.readsBefore;
      this.report.leased = true;
      this.report.sweptFrom = this.ctx.clock.now();
    }
    const followed = [...this.pools.values(), ...this.neighbours.values()];
    for (const id of this.consumed) if (!followed.some((p) => p.has(id))) this.consumed.delete(id);
    for (const id of [...this.pools.keys()]) {
      // A sweep that commits a backlog can outlast a lease: renew between pools, sweep only those still held.
      await this.renewIfDue(false);
      const mirror = this.pools.get(id);
      if (!mirror) continue;
      if (!this.report.pools.includes(id)) this.report.pools.push(id);
      const pool = this.configured.get(id)!;
      const visitors = visitorsOf(pool, [...this.pools, ...this.neighbours], this.consumed);
      // Commits start no later than half a lease after the renewal, so none runs on a lease that ran out.
      await this.sweepPool(pool, mirror.values(), visitors, this.leasesAt + this.leaseMs / 2);
    }
    await handleRoomDeadlines(this.ctx, rooms, this.report, this.silenceChecks);
    this.report.sweeps++;
  }

  /**
   * The live rooms of the pools held, one listener per pool (opened with the pool, closed with it): a run's reads
   * of rooms grow with its own share of the games, not with every game the ladder plays.
   */
  private async followRooms(): Promise<RoomDoc[]> {
    for (const id of this.pools.keys()) {
      if (this.rooms.has(id)) continue;
      const pool = this.configured.get(id);
      const live = roomsRef(this.ctx)
        .where('mode', '==', id)
        .where('status', 'in', [...LIVE_ROOM_STATUSES]);
      const waits = this.recentWaits.get(id);
      this.rooms.set(
        id,
        new Mirror<RoomDoc, RoomDoc>(this.ctx, live, (room) => room, {
          onAdded: (room) => recordWaits(waits, room, pool),
        }),
      );
    }
    const followed = [...this.rooms.values()];
    await Promise.all(followed.map((mirror) => mirror.ready));
    return followed.flatMap((mirror) => mirror.values());
  }

  /**
   * Keeps the leases held (its beacon renewed just before), hands over those beyond this run's share, and takes
   * free ones up to it. `lost`: another run cleared this run's beacon, so the leases are read and written again.
   */
  private async rebalance(lost: boolean) {
    const runs = await liveRuns(this.ctx);
    // Alone and holding every pool, the leases are as this run last wrote them: another run takes one only once
    // this run's beacon has run out and been cleared, which the beacon's renewal reports (`lost`).
    const own = this.written;
    const alone =
      !lost && runs.size === 1 && own !== null && [...this.configured.keys()].every((id) => own.leases.has(id));
    const seen = alone ? own : await readLeases(this.ctx);
    const living = livingLeases(seen.leases, runs);
    const plan = planLeases([...this.configured.keys()], living, this.holder, runs.size, this.ctx.clock.now());
    this.takeoverAt = nextTakeover(living, this.holder, this.ctx.clock.now()) ?? Number.POSITIVE_INFINITY;
    for (const id of plan.release) await this.closePool(id, true);
    if (plan.release.length) await releaseLeases(this.ctx, this.holder, plan.release);
    const claim = await claimLeases(this.ctx, this.holder, plan.claim, this.leaseMs, { seen, runs, rewrite: lost });
    this.written = claim.written;
    const held = new Set(claim.held);
    // A pool whose lease ran out under this run may have a new holder already: leave its digest to that one.
    for (const id of [...this.pools.keys()]) if (!held.has(id)) await this.closePool(id, false);
    const opening = [...held].filter((id) => !this.pools.has(id));
    const opened = await Promise.allSettled(opening.map((id) => PoolMirror.open(this.ctx, id)));
    opened.forEach((o, i) => {
      if (o.status === 'fulfilled') {
        this.pools.set(opening[i]!, o.value);
        this.heldFrom.set(opening[i]!, this.ctx.clock.now());
      }
    });
    const failed = opened.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
    await this.followNeighbours();
  }

  /** Opens the neighbouring regions' pools the held ones can reach and closes those no longer needed. */
  private async followNeighbours() {
    const wanted = new Set(
      [...this.pools.keys()].flatMap((id) => {
        const { modeId, mode, region, group } = this.configured.get(id)!;
        return mode.regions ? reachableRegions(mode.regions, region!).map((r) => poolIdOf(modeId, r, group)) : [];
      }),
    );
    for (const id of this.pools.keys()) wanted.delete(id);
    for (const [id, pool] of this.neighbours)
      if (!wanted.has(id)) {
        pool.stop();
        this.neighbours.delete(id);
      }
    for (const id of wanted) if (!this.neighbours.has(id)) this.neighbours.set(id, await PoolMirror.open(this.ctx, id));
  }

  /**
   * Every third of a lease, renews the run's beacon, which keeps its leases; between sweeps, also the whole
   * rebalance (and when another run's lease runs out, to take its pools over at once).
   */
  private async renewIfDue(handOver: boolean) {
    const takeover = handOver && this.ctx.clock.now() >= this.takeoverAt;
    if (this.ctx.clock.now() - this.leasesAt < this.leaseMs / 3 && !takeover) return;
    this.leasesAt = this.ctx.clock.now();
    const { writtenAt, lost } = await renewBeacon(this.ctx, this.holder, this.leaseMs, this.beaconWrite);
    this.beaconWrite = writtenAt;
    if (handOver) return this.rebalance(lost);
    // The beacon keeps the leases; only when another run cleared it are they written again, keeping those untaken.
    if (!lost) return;
    const claim = await claimLeases(this.ctx, this.holder, [...this.pools.keys()], this.leaseMs, {
      seen: this.written ?? undefined,
      runs: await liveRuns(this.ctx),
      rewrite: true,
    });
    this.written = claim.written;
    const held = new Set(claim.held);
    for (const id of [...this.pools.keys()]) if (!held.has(id)) await this.closePool(id, false);
  }

  private async closePool(id: PoolId, leaveDigest: boolean) {
    const pool = this.pools.get(id);
    this.pools.delete(id);
    this.rooms.get(id)?.close();
    this.rooms.delete(id);
    if (!pool) return;
    await (leaveDigest ? pool.close() : pool.stop());
    this.report.spans.push({ pool: id, from: this.heldFrom.get(id)!, until: this.ctx.clock.now() });
  }

  /** Expires the overdue, sweeps the live (with the visitors a region may seat), commits and publishes stats. */
  private async sweepPool(pool: Pool, queued: PoolEntry[], visitors: Map<PoolId, PoolEntry[]>, commitUntil: number) {
    const now = this.ctx.clock.now();
    const waiting = queued.filter((ticket) => !this.consumed.has(ticket.id));
    await this.expireOverdue(
      pool,
      waiting.filter((ticket) => ticket.expiresAt <= now),
    );
    const live = waiting.filter((ticket) => ticket.expiresAt > now);
    const { poolOfTicket, guests } = guestsOf(visitors, pool.id, now);
    const own = live.map(toCoreTicket);
    const avoiding = (m: Mode, tickets: readonly GuardedTicket[], at: number) =>
      sweepAvoiding(m, tickets, at, this.ctx.config.fairPlay.farming);
    const sweep = (m: Mode, tickets: readonly GuardedTicket[], at: number) => sweepChoosing(m, tickets, at, avoiding);
    const { proposals, unmatched, reasonOf } =
      pool.mode.regions && pool.region
        ? sweepRegion({ ...pool.mode, regions: pool.mode.regions }, pool.region, own, guests, now, sweep)
        : sweep(pool.mode, own, now);
    this.report.proposals += proposals.length;
    // Proposals share no ticket, so their commits cannot conflict with each other.
    await concurrently(proposals, this.ctx.config.advanced.matcher.concurrency, async (proposal) => {
      // Left for the next sweep, after the lease is renewed.
      if (this.ctx.clock.now() > commitUntil) return;
      if (await commitMatch(this.ctx, pool, proposal, poolOfTicket)) {
        this.report.committed++;
        for (const side of proposal.sides) for (const t of side) this.consumed.add(t.id);
      } else {
        this.report.stale++;
      }
    });
    await this.fillWithBots(pool, own, proposals, reasonOf, commitUntil, now);
    if (backfills(pool)) await this.backfill(pool, own, commitUntil, now);
    await publishStats(
      this.ctx,
      pool,
      live.filter((t) => !this.consumed.has(t.id)).map(toCoreTicket),
      this.recentWaits.get(pool.id)!,
      { unmatched, reasonOf },
      now,
      this.lastStats,
    );
  }

  /** Bots only for the pool's own tickets the humans left: a visitor is its home pool's to seat. */
  private async fillWithBots(
    pool: Pool,
    own: ReturnType<typeof toCoreTicket>[],
    proposals: MatchProposal[],
    reasonOf: ReadonlyMap<string, UnmatchedReason>,
    commitUntil: number,
    now: number,
  ) {
    const matched = new Set(proposals.flatMap((p) => p.sides.flat().map((t) => t.id)));
    await concurrently(
      botFill(pool.mode, own, matched, reasonOf, now),
      this.ctx.config.advanced.matcher.concurrency,
      async (proposal) => {
        if (this.ctx.clock.now() > commitUntil) return;
        if (await commitBotRoom(this.ctx, pool, proposal)) {
          this.report.botRooms++;
          for (const t of proposal.sides.flat()) this.consumed.add(t.id);
        } else {
          this.report.stale++;
        }
      },
    );
  }

  /**
   * Offers the tickets the sweep left to the pool's games in progress with open seats, from the live rooms this run
   * follows: a plan without the players' guards, each room's share committed in its own transaction that reads them.
   */
  private async backfill(pool: Pool, own: GuardedTicket[], commitUntil: number, now: number) {
    const open = (this.rooms.get(pool.id)?.values() ?? []).filter((r) => r.openUntil !== null && r.openUntil > now);
    if (open.length === 0) return;
    const left = own.filter((t) => !this.consumed.has(t.id));
    const unguarded = open.map((room) => ({ room, guard: { avoid: [], recent: [] } }));
    const plan = planBackfill(unguarded, left, pool.mode, this.ctx.config.fairPlay.farming, now);
    await concurrently([...plan], this.ctx.config.advanced.matcher.concurrency, async ([roomId, ids]) => {
      if (this.ctx.clock.now() > commitUntil) return;
      const joined = await backfillRoom(this.ctx, pool, roomId, ids);
      this.report.lateJoiners += joined.length;
      for (const id of joined) this.consumed.add(id);
    });
  }

  private expireOverdue(pool: Pool, overdue: PoolEntry[]) {
    return concurrently(overdue, this.ctx.config.advanced.matcher.concurrency, async (ticket) => {
      if (await expireTicket(this.ctx, pool.id, ticket.id)) {
        this.report.expired++;
        this.consumed.add(ticket.id);
      }
    });
  }

  /** Ends the run: leaves its pools' digests, releases its leases and its beacon. Returns what it did. */
  async finish(): Promise<RunReport> {
    this.report.sweptUntil = this.report.leased ? this.ctx.clock.now() : null;
    for (const rooms of this.rooms.values()) rooms.close();
    this.rooms.clear();
    for (const pool of this.neighbours.values()) pool.stop();
    // The digests are written before the leases are released, so the next holder starts from them.
    const closed = await Promise.allSettled([...this.pools.keys()].map((id) => this.closePool(id, true)));
    for (const c of closed) if (c.status === 'rejected') logger.warn('could not leave a pool digest', c.reason);
    // Every pool, not only those still open: a pool that failed to open may hold this run's lease too.
    await releaseLeases(this.ctx, this.holder, [...this.configured.keys()]).catch((error: unknown) =>
      logger.warn('could not release the matcher leases', error),
    );
    await endBeacon(this.ctx, this.holder).catch((error: unknown) =>
      logger.warn('could not end the matcher run beacon', error),
    );
    return this.report;
  }
}

/** The visitors' core tickets with the region each came from, and the pool each ticket lives in (`home` if its own). */
function guestsOf(visitors: Map<PoolId, PoolEntry[]>, home: PoolId, now: number) {
  const pools = new Map<string, PoolId>();
  const guests: Visitor<ReturnType<typeof toCoreTicket>>[] = [];
  for (const [poolId, entries] of visitors)
    for (const entry of entries)
      if (entry.expiresAt > now) {
        pools.set(entry.id, poolId);
        guests.push({ ticket: toCoreTicket(entry), home: splitPoolId(poolId).region!, rtts: entry.rtts });
      }
  return { guests, poolOfTicket: (ticketId: string) => pools.get(ticketId) ?? home };
}

function recordWaits(waits: BandWait[] | undefined, room: RoomDoc, pool: Pool | undefined) {
  if (!waits || !pool) return;
  waits.push(...roomWaits(room, edgesOf(pool)));
  waits.splice(0, Math.max(0, waits.length - RECENT_WAITS));
}

/** The queued tickets of the same mode's other regions that a sweep of `pool`'s region may seat, by pool. */
function visitorsOf(pool: Pool, followed: [PoolId, PoolMirror][], consumed: Set<string>): Map<PoolId, PoolEntry[]> {
  const visitors = new Map<PoolId, PoolEntry[]>();
  if (!pool.mode.regions) return visitors;
  for (const [id, mirror] of followed) {
    const { modeId, region, group } = splitPoolId(id);
    if (modeId !== pool.modeId || group !== pool.group || region === pool.region) continue;
    visitors.set(
      id,
      mirror.values().filter((t) => !consumed.has(t.id)),
    );
  }
  return visitors;
}

/** A pool's rating bands: the tiers of its mode's ladder. */
const edgesOf = (pool: Pool) => bandEdges(pool.ladder.tiers);

/** Rewrites `pools/{poolId}` at most every `statsEverySeconds`, and only when a figure changed. */
async function publishStats(
  ctx: LadderContext,
  pool: Pool,
  waiting: ReturnType<typeof toCoreTicket>[],
  recentWaits: BandWait[],
  sweep: { unmatched: Record<string, number>; reasonOf: ReadonlyMap<string, UnmatchedReason> },
  nowMs: number,
  lastStats: Map<string, { at: number; stats: QueueStats }>,
) {
  const previous = lastStats.get(pool.id);
  if (!statsDue(previous?.at, nowMs, ctx.config.advanced.matcher.statsEverySeconds)) return;
  const stats = queueStats({
    poolId: pool.id,
    mode: pool.mode,
    edges: edgesOf(pool),
    waiting,
    recentWaits,
    ...sweep,
    nowMs,
  });
  lastStats.set(pool.id, { at: nowMs, stats });
  if (!statsChanged(previous?.stats, stats)) return;
  countWrites(ctx, 1, 'pools');
  await queueStatsRef(ctx, pool.id).set(stats);
}

async function handleRoomDeadlines(
  ctx: LadderContext,
  rooms: RoomDoc[],
  report: RunReport,
  silenceChecks: Map<string, number>,
) {
  const now = ctx.clock.now();
  const live = new Set(rooms.map((room) => room.id));
  for (const id of silenceChecks.keys()) if (!live.has(id)) silenceChecks.delete(id);
  await concurrently(rooms, ctx.config.advanced.matcher.concurrency, async (room) => {
    try {
      if (readyCheckOverdue(room, now)) {
        await expireOverdueReadyCheck(ctx, room.id);
        report.roomDeadlines++;
      } else if (reportOverdue(room, now)) {
        await closeOverdueRoom(ctx, room.id);
        report.roomDeadlines++;
      } else if (room.leaveAfterSilentSeconds !== null && inPlay(room) && (silenceChecks.get(room.id) ?? 0) <= now) {
        // A started room's heartbeats are read only when someone may have fallen silent since the last look.
        const { left, nextCheckAt } = await leaveIfSilent(ctx, room.id);
        report.silentLeaves += left.length;
        silenceChecks.set(room.id, nextCheckAt ?? Number.POSITIVE_INFINITY);
      }
    } catch (error) {
      logger.error(`could not handle the deadline of room ${room.id}`, error);
    }
  });
}
