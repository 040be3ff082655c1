import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from 'firebase-functions/v2';
import { sweepAvoiding } from '../core/avoidance.js';
import { resolveMode, type ModeWithId } from '../core/modes.js';
import { toCoreTicket, type PoolEntry } from '../core/ticket.js';
import { queueStats, statsChanged, statsDue, type QueueStats } from '../core/queueStats.js';
import { LIVE_ROOM_STATUSES, readyCheckOverdue, reportOverdue, type RoomDoc } from '../core/room.js';
import { config } from '../config.js';
import { countWrites, opCounts } from '../store/metrics.js';
import { acquireLease, releaseLease } from '../store/lease.js';
import { Mirror } from '../store/mirror.js';
import { PoolMirror } from '../store/pool.js';
import { expireTicket } from '../store/queue.js';
import { queueStatsRef, roomsRef } from '../store/refs.js';
import { commitMatch, expireOverdueReadyCheck } from '../store/rooms.js';
import { concurrently } from './concurrently.js';
import { closeOverdueRoom } from '../store/settlement.js';

export interface RunOptions {
  /** How long to keep sweeping. */
  durationMs: number;
  intervalMs: number;
}

export interface RunReport {
  leased: boolean;
  /** When this run held the lease and swept (ms since the epoch); null if it never got the lease. */
  sweptFrom: number | null;
  sweptUntil: number | null;
  sweeps: number;
  proposals: number;
  committed: number;
  /** Proposals given up at commit because a ticket had changed. */
  stale: number;
  expired: number;
  roomDeadlines: number;
  /** Reads spent before the first sweep: the pool digests, the tickets changed since, the live rooms. */
  openingReads: number;
}

const RECENT_WAITS = 200;

/** A run that has done nothing yet (or never got going). */
export const emptyRunReport = (): RunReport => ({
  leased: false,
  sweptFrom: null,
  sweptUntil: null,
  sweeps: 0,
  proposals: 0,
  committed: 0,
  stale: 0,
  expired: 0,
  roomDeadlines: 0,
  openingReads: 0,
});

/**
 * One scheduled matcher run: holds the lease, mirrors every mode's queued tickets and the live rooms with
 * listeners, and every interval sweeps each pool, commits what it proposes, expires tickets whose heartbeats
 * stopped and handles room deadlines. Reads do not grow with the pool: a run starts from the digest the
 * previous one left plus the tickets changed since, and then reads only documents that change.
 */
export async function runMatcher({ durationMs, intervalMs }: RunOptions): Promise<RunReport> {
  const report = emptyRunReport();
  const holder = randomUUID();
  const until = Date.now() + durationMs;
  const leaseMs = Math.max(3 * intervalMs, 15_000);
  while (!(await acquireLease(holder, leaseMs))) {
    // Another run holds the pools; wait for it to finish rather than sweep the same tickets twice.
    if (Date.now() + intervalMs >= until) return report;
    await sleep(intervalMs);
  }
  report.leased = true;
  report.sweptFrom = Date.now();

  const modes = Object.keys(config.modes).map((modeId) => resolveMode(config.modes, modeId));
  const recentWaits = new Map(modes.map((m) => [m.id, [] as number[]]));
  const readsBefore = opCounts.reads;
  const rooms = new Mirror<RoomDoc, RoomDoc>(
    roomsRef().where('status', 'in', [...LIVE_ROOM_STATUSES]),
    (room) => room,
    {
      onAdded: (room) => {
        const waits = recentWaits.get(room.mode);
        if (!waits) return;
        waits.push(...Object.values(room.quality.waitSeconds));
        waits.splice(0, Math.max(0, waits.length - RECENT_WAITS));
      },
    },
  );
  const pools = new Map<ModeWithId, PoolMirror>();
  // Tickets this run already matched or expired, until the listener reports them gone.
  const consumed = new Set<string>();
  const lastStats = new Map<string, { at: number; stats: QueueStats }>();

  try {
    const opened = await Promise.allSettled(modes.map((m) => PoolMirror.open(m.id)));
    opened.forEach((o, i) => {
      if (o.status === 'fulfilled') pools.set(modes[i]!, o.value);
    });
    const failed = opened.find((o) => o.status === 'rejected');
    if (failed) throw failed.reason;
    await rooms.ready;
    // Opening reads are counted process-wide: exact when the run is alone in its process, as deployed.
    report.openingReads = opCounts.reads - readsBefore;
    let leaseRenewedAt = Date.now();
    // At least one sweep per run, however long opening the pools took.
    do {
      const started = Date.now();
      for (const id of consumed) if (![...pools.values()].some((p) => p.has(id))) consumed.delete(id);
      for (const [mode, pool] of pools) {
        await sweepMode(mode, pool.values(), consumed, report, recentWaits.get(mode.id)!, lastStats);
      }
      await handleRoomDeadlines(rooms.values(), report);
      report.sweeps++;
      if (Date.now() - leaseRenewedAt > leaseMs / 3) {
        if (!(await acquireLease(holder, leaseMs))) break;
        leaseRenewedAt = Date.now();
      }
      await sleep(Math.max(0, Math.min(intervalMs - (Date.now() - started), until - Date.now())));
    } while (Date.now() < until);
  } finally {
    report.sweptUntil = Date.now();
    rooms.close();
    // The digests are written before the lease is released, so the next run starts from them.
    const closed = await Promise.allSettled([...pools.values()].map((pool) => pool.close()));
    for (const c of closed) if (c.status === 'rejected') logger.warn('could not leave a pool digest', c.reason);
    await releaseLease(holder).catch((error: unknown) => logger.warn('could not release the matcher lease', error));
  }
  return report;
}

async function sweepMode(
  mode: ModeWithId,
  queued: PoolEntry[],
  consumed: Set<string>,
  report: RunReport,
  recentWaits: number[],
  lastStats: Map<string, { at: number; stats: QueueStats }>,
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
  const { proposals, unmatched } = sweepAvoiding(mode, live.map(toCoreTicket), now);
  report.proposals += proposals.length;
  // Proposals share no ticket, so their commits cannot conflict with each other.
  await concurrently(proposals, config.matcher.concurrency, async (proposal) => {
    if (await commitMatch(mode, proposal)) {
      report.committed++;
      for (const side of proposal.sides) for (const t of side) consumed.add(t.id);
    } else {
      report.stale++;
    }
  });
  await publishStats(
    mode.id,
    live.filter((t) => !consumed.has(t.id)).map(toCoreTicket),
    recentWaits,
    unmatched,
    now,
    lastStats,
  );
}

/** Rewrites `pools/{mode}` at most every `statsEverySeconds`, and only when a figure changed. */
async function publishStats(
  modeId: string,
  waiting: ReturnType<typeof toCoreTicket>[],
  recentWaits: number[],
  unmatched: Record<string, number>,
  nowMs: number,
  lastStats: Map<string, { at: number; stats: QueueStats }>,
) {
  const previous = lastStats.get(modeId);
  if (!statsDue(previous?.at, nowMs, config.matcher.statsEverySeconds)) return;
  const stats = queueStats(modeId, waiting, recentWaits, unmatched, nowMs);
  lastStats.set(modeId, { at: nowMs, stats });
  if (!statsChanged(previous?.stats, stats)) return;
  countWrites(1);
  await queueStatsRef(modeId).set(stats);
}

async function handleRoomDeadlines(rooms: RoomDoc[], report: RunReport) {
  const now = Date.now();
  await concurrently(rooms, config.matcher.concurrency, async (room) => {
    try {
      if (readyCheckOverdue(room, now)) {
        await expireOverdueReadyCheck(room.id);
        report.roomDeadlines++;
      } else if (reportOverdue(room, now)) {
        await closeOverdueRoom(room.id);
        report.roomDeadlines++;
      }
    } catch (error) {
      logger.error(`could not handle the deadline of room ${room.id}`, error);
    }
  });
}
