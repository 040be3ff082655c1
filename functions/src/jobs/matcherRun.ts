import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from 'firebase-functions/v2';
import { sweepAvoiding } from '../core/fairplay/avoidance.js';
import type { GuardedTicket } from '../core/queue/ticket.js';
import { poolIds, resolveMode, type Mode, type ModeWithId } from '../core/mode/modes.js';
import { sweepRegion, type Visitor } from '../core/match/regional.js';
import { botFill } from '../core/match/botFill.js';
import { poolIdOf, reachableRegions, splitPoolId } from '../core/mode/regions.js';
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
import { config } from '../config.js';
import { countWrites, opCounts } from '../store/firestore/metrics.js';
import { nextTakeover, planLeases } from '../core/queue/lease.js';
import { beacon, claimLeases, endBeacon, readLeases, releaseLeases } from '../store/lease.js';
import { Mirror } from '../store/firestore/mirror.js';
import { PoolMirror } from '../store/pool.js';
import { expireTicket } from '../store/queue.js';
import { queueStatsRef, roomsRef } from '../store/firestore/refs.js';
import { commitBotRoom, commitMatch, expireOverdueReadyCheck } from '../store/rooms.js';
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
  spans: { pool: string; from: number; until: number }[];
  /** When this run first held a pool and swept (ms since the epoch); null if it never held one. */
  sweptFrom: number | null;
  sweptUntil: number | null;
  sweeps: number;
  proposals: number;
  committed: number;
  /** Rooms committed for a long-waiting ticket with bots in the missing seats (a mode's `bots`). */
  botRooms: number;
  /** Proposals given up at commit because a ticket had changed. */
  stale: number;
  expired: number;
  roomDeadlines: number;
  /** Players of started games taken to have left because their heartbeats stopped (`leaveAfterSilentSeconds`). */
  silentLeaves: number;
  /** Reads spent before the first sweep: the leases, the pool digests, the tickets changed since, the live rooms. */
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
  stale: 0,
  expired: 0,
  roomDeadlines: 0,
  silentLeaves: 0,
  openingReads: 0,
});

/**
 * One scheduled matcher run. Every pool (a mode) has its own lease: the run takes its share of the pools whose
 * lease is free, so runs that overlap split the work, and a pool whose run died is taken over when its lease
 * runs out. It mirrors its pools' queued tickets and the live rooms with listeners, and every interval sweeps
 * each pool it holds, commits what it proposes, expires tickets whose heartbeats stopped and handles the
 * deadlines of its pools' rooms. Reads do not grow with the pool: a pool is opened from the digest its previous
 * holder left plus the tickets changed since, and then only documents that change are read.
 */
export async function runMatcher({
  durationMs,
  intervalMs,
  leaseMs: leaseOption,
  name = 'matcher',
  signal,
}: RunOptions): Promise<RunReport> {
  const holder = `${name}-${randomUUID()}`;
  const report = emptyRunReport(holder);
  const until = Date.now() + durationMs;
  const leaseMs = leaseOption ?? Math.max(3 * intervalMs, 15_000);
  const modes = new Map(poolIds(config.modes).map((id) => [id, resolveMode(config.modes, id)]));
  const recentWaits = new Map([...modes.keys()].map((id) => [id, [] as BandWait[]]));
  const readsBefore = opCounts.reads;
  let rooms: Mirror<RoomDoc, RoomDoc> | null = null;
  const pools = new Map<string, PoolMirror>();
  // The pools of neighbouring regions this run does not hold, followed read-only for their widened tickets.
  const neighbours = new Map<string, PoolMirror>();
  // Tickets this run already matched or expired, until the listener reports them gone.
  const consumed = new Set<string>();
  const lastStats = new Map<string, { at: number; stats: QueueStats }>();
  let leasesAt = Number.NEGATIVE_INFINITY;
  // When the first lease of another run runs out: a lease round is due then, to take its pools over at once.
  let takeoverAt = Number.POSITIVE_INFINITY;

  /** Renews the leases held, hands over those beyond this run's share, and takes free ones up to it. */
  const rebalance = async () => {
    const runs = await beacon(holder, leaseMs);
    const leases = await readLeases();
    const plan = planLeases([...modes.keys()], leases, holder, runs, Date.now());
    takeoverAt = nextTakeover(leases, holder, Date.now()) ?? Number.POSITIVE_INFINITY;
    for (const id of plan.release) await closePool(id, true);
    if (plan.release.length) await releaseLeases(holder, plan.release);
    const held = new Set(plan.claim.length ? await claimLeases(holder, plan.claim, leaseMs) : []);
    // A pool whose lease ran out under this run may have a new holder already: leave its digest to that one.
    for (const id of [...pools.keys()]) if (!held.has(id)) await closePool(id, false);
    const opening = [...held].filter((id) => !pools.has(id));
    const opened = await Promise.allSettled(opening.map((id) => PoolMirror.open(id)));
    opened.forEach((o, i) => {
      if (o.status === 'fulfilled') {
        pools.set(opening[i]!, o.value);
        heldFrom.set(opening[i]!, Date.now());
      }
    });
    const failed = opened.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
    await followNeighbours();
  };
  /** Opens the neighbouring regions' pools the held ones can reach and closes those no longer needed. */
  const followNeighbours = async () => {
    const wanted = new Set(
      [...pools.keys()].flatMap((id) => {
        const { modeId, regions, region, group = null } = modes.get(id)!;
        return regions ? reachableRegions(regions, region!).map((r) => poolIdOf(modeId, r, group)) : [];
      }),
    );
    for (const id of pools.keys()) wanted.delete(id);
    for (const [id, pool] of neighbours)
      if (!wanted.has(id)) {
        pool.stop();
        neighbours.delete(id);
      }
    for (const id of wanted) if (!neighbours.has(id)) neighbours.set(id, await PoolMirror.open(id));
  };
  /**
   * Between sweeps, the whole rebalance (also when another run's lease runs out); within one, only renewing what
   * it holds, so each held pool is swept.
   */
  const renewIfDue = async (handOver: boolean) => {
    const takeover = handOver && Date.now() >= takeoverAt;
    if (Date.now() - leasesAt < leaseMs / 3 && !takeover) return;
    leasesAt = Date.now();
    if (handOver) return rebalance();
    const held = new Set(await claimLeases(holder, [...pools.keys()], leaseMs));
    for (const id of [...pools.keys()]) if (!held.has(id)) await closePool(id, false);
  };
  const heldFrom = new Map<string, number>();
  // Started rooms whose silent players leave them: when to look at each one's heartbeats again.
  const silenceChecks = new Map<string, number>();
  const closePool = async (id: string, leaveDigest: boolean) => {
    const pool = pools.get(id);
    pools.delete(id);
    if (!pool) return;
    await (leaveDigest ? pool.close() : pool.stop());
    report.spans.push({ pool: id, from: heldFrom.get(id)!, until: Date.now() });
  };

  try {
    // At least one attempt per run, however short.
    do {
      const started = Date.now();
      await renewIfDue(true);
      if (pools.size) {
        rooms ??= new Mirror<RoomDoc, RoomDoc>(
          roomsRef().where('status', 'in', [...LIVE_ROOM_STATUSES]),
          (room) => room,
          { onAdded: (room) => recordWaits(recentWaits.get(room.mode), room, modes.get(room.mode)) },
        );
        await rooms.ready;
        if (!report.leased) {
          // Opening reads are counted process-wide: exact when the run is alone in its process, as deployed.
          report.openingReads = opCounts.reads - readsBefore;
          report.leased = true;
          report.sweptFrom = Date.now();
        }
        const followed = [...pools.values(), ...neighbours.values()];
        for (const id of consumed) if (!followed.some((p) => p.has(id))) consumed.delete(id);
        for (const id of [...pools.keys()]) {
          // A sweep that commits a backlog can outlast a lease: renew between pools, sweep only those still held.
          await renewIfDue(false);
          const pool = pools.get(id);
          if (!pool) continue;
          if (!report.pools.includes(id)) report.pools.push(id);
          const visitors = visitorsOf(modes.get(id)!, [...pools, ...neighbours], consumed);
          // Commits start no later than half a lease after the renewal, so none runs on a lease that ran out.
          const commitUntil = leasesAt + leaseMs / 2;
          const mode = modes.get(id)!;
          await sweepMode(
            mode,
            pool.values(),
            visitors,
            consumed,
            report,
            recentWaits.get(id)!,
            lastStats,
            commitUntil,
          );
        }
        await handleRoomDeadlines(
          rooms.values().filter((room) => pools.has(room.mode)),
          report,
          silenceChecks,
        );
        report.sweeps++;
      }
      // Woken early when another run's lease runs out, so its pools wait no longer than the lease.
      const pause = Math.min(intervalMs - (Date.now() - started), until - Date.now(), takeoverAt - Date.now());
      if (pause > 0 && !signal?.aborted) await sleep(pause, undefined, { signal }).catch(() => {});
    } while (Date.now() < until && !signal?.aborted);
  } finally {
    report.sweptUntil = report.leased ? Date.now() : null;
    rooms?.close();
    for (const pool of neighbours.values()) pool.stop();
    // The digests are written before the leases are released, so the next holder starts from them.
    const closed = await Promise.allSettled([...pools.keys()].map((id) => closePool(id, true)));
    for (const c of closed) if (c.status === 'rejected') logger.warn('could not leave a pool digest', c.reason);
    // Every pool, not only those still open: a pool that failed to open may hold this run's lease too.
    await releaseLeases(holder, [...modes.keys()]).catch((error: unknown) =>
      logger.warn('could not release the matcher leases', error),
    );
    await endBeacon(holder).catch((error: unknown) => logger.warn('could not end the matcher run beacon', error));
  }
  return report;
}

function recordWaits(waits: BandWait[] | undefined, room: RoomDoc, mode: ModeWithId | undefined) {
  if (!waits || !mode) return;
  waits.push(...roomWaits(room, edgesOf(mode)));
  waits.splice(0, Math.max(0, waits.length - RECENT_WAITS));
}

/** The queued tickets of the same mode's other regions that a sweep of `mode`'s region may seat, by pool. */
function visitorsOf(
  mode: ModeWithId,
  followed: [string, PoolMirror][],
  consumed: Set<string>,
): Map<string, PoolEntry[]> {
  const visitors = new Map<string, PoolEntry[]>();
  if (!mode.regions) return visitors;
  for (const [id, pool] of followed) {
    const { modeId, region, group } = splitPoolId(id);
    if (modeId !== mode.modeId || group !== (mode.group ?? null) || region === mode.region) continue;
    visitors.set(
      id,
      pool.values().filter((t) => !consumed.has(t.id)),
    );
  }
  return visitors;
}

async function sweepMode(
  mode: ModeWithId,
  queued: PoolEntry[],
  visitors: Map<string, PoolEntry[]>,
  consumed: Set<string>,
  report: RunReport,
  recentWaits: BandWait[],
  lastStats: Map<string, { at: number; stats: QueueStats }>,
  commitUntil: number,
) {
  const now = Date.now();
  const waiting = queued.filter((ticket) => !consumed.has(ticket.id));
  const live = waiting.filter((ticket) => ticket.expiresAt > now);
  const overdue = waiting.filter((ticket) => ticket.expiresAt <= now);
  await concurrently(overdue, config.matcher.concurrency, async (ticket) => {
    if (await expireTicket(mode.id, ticket.id)) {
      report.expired++;
      consumed.add(ticket.id);
    }
  });
  const poolOfVisitor = new Map<string, string>();
  const guests: Visitor<ReturnType<typeof toCoreTicket>>[] = [];
  for (const [poolId, entries] of visitors)
    for (const entry of entries)
      if (entry.expiresAt > now) {
        poolOfVisitor.set(entry.id, poolId);
        guests.push({ ticket: toCoreTicket(entry), home: splitPoolId(poolId).region!, rtts: entry.rtts });
      }
  const own = live.map(toCoreTicket);
  const sweep = (m: Mode, tickets: readonly GuardedTicket[], at: number) =>
    sweepAvoiding(m, tickets, at, config.fairPlay.farming);
  const { proposals, unmatched, reasonOf } =
    mode.regions && mode.region
      ? sweepRegion({ ...mode, regions: mode.regions }, mode.region, own, guests, now, sweep)
      : sweep(mode, own, now);
  report.proposals += proposals.length;
  const poolOf = (ticketId: string) => poolOfVisitor.get(ticketId) ?? mode.id;
  // Proposals share no ticket, so their commits cannot conflict with each other.
  await concurrently(proposals, config.matcher.concurrency, async (proposal) => {
    // Left for the next sweep, after the lease is renewed.
    if (Date.now() > commitUntil) return;
    if (await commitMatch(mode, proposal, poolOf)) {
      report.committed++;
      for (const side of proposal.sides) for (const t of side) consumed.add(t.id);
    } else {
      report.stale++;
    }
  });
  // Bots only for the pool's own tickets the humans left: a visitor is its home pool's to seat.
  const matched = new Set(proposals.flatMap((p) => p.sides.flat().map((t) => t.id)));
  await concurrently(botFill(mode, own, matched, reasonOf, now), config.matcher.concurrency, async (proposal) => {
    if (Date.now() > commitUntil) return;
    if (await commitBotRoom(mode, proposal)) {
      report.botRooms++;
      for (const t of proposal.sides.flat()) consumed.add(t.id);
    } else {
      report.stale++;
    }
  });
  await publishStats(
    mode,
    live.filter((t) => !consumed.has(t.id)).map(toCoreTicket),
    recentWaits,
    { unmatched, reasonOf },
    now,
    lastStats,
  );
}

/** A pool's rating bands: the tiers of its mode's ladder. */
const edgesOf = (mode: ModeWithId) => bandEdges(config.ladders[mode.ladder]!.tiers);

/** Rewrites `pools/{mode}` at most every `statsEverySeconds`, and only when a figure changed. */
async function publishStats(
  mode: ModeWithId,
  waiting: ReturnType<typeof toCoreTicket>[],
  recentWaits: BandWait[],
  sweep: { unmatched: Record<string, number>; reasonOf: ReadonlyMap<string, UnmatchedReason> },
  nowMs: number,
  lastStats: Map<string, { at: number; stats: QueueStats }>,
) {
  const previous = lastStats.get(mode.id);
  if (!statsDue(previous?.at, nowMs, config.matcher.statsEverySeconds)) return;
  const stats = queueStats({ modeId: mode.id, mode, edges: edgesOf(mode), waiting, recentWaits, ...sweep, nowMs });
  lastStats.set(mode.id, { at: nowMs, stats });
  if (!statsChanged(previous?.stats, stats)) return;
  countWrites(1);
  await queueStatsRef(mode.id).set(stats);
}

async function handleRoomDeadlines(rooms: RoomDoc[], report: RunReport, silenceChecks: Map<string, number>) {
  const now = Date.now();
  const live = new Set(rooms.map((room) => room.id));
  for (const id of silenceChecks.keys()) if (!live.has(id)) silenceChecks.delete(id);
  await concurrently(rooms, config.matcher.concurrency, async (room) => {
    try {
      if (readyCheckOverdue(room, now)) {
        await expireOverdueReadyCheck(room.id);
        report.roomDeadlines++;
      } else if (reportOverdue(room, now)) {
        await closeOverdueRoom(room.id);
        report.roomDeadlines++;
      } else if (room.leaveAfterSilentSeconds !== null && inPlay(room) && (silenceChecks.get(room.id) ?? 0) <= now) {
        // A started room's heartbeats are read only when someone may have fallen silent since the last look.
        const { left, nextCheckAt } = await leaveIfSilent(room.id);
        report.silentLeaves += left.length;
        silenceChecks.set(room.id, nextCheckAt ?? Number.POSITIVE_INFINITY);
      }
    } catch (error) {
      logger.error(`could not handle the deadline of room ${room.id}`, error);
    }
  });
}
