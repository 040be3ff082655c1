/**
 * The figures of a simulation, computed from what it recorded: latency by path, cost per matched player,
 * throughput, match quality, invocations and the matcher's reads per sweep. Pure: no I/O.
 */
import type { AppConfig } from '../functions/src/core/config.js';
import { measureQuality, violations } from '../functions/src/core/match/index.js';
import { resolvePool } from '../functions/src/core/mode/pool.js';
import { bandEdges } from '../functions/src/core/ladder/bands.js';
import { groupWaits, type GroupWaits } from '../functions/src/core/ops/groupWaits.js';
import { roomWaits } from '../functions/src/core/ops/queueStats.js';
import { coreSides, type RoomDoc } from '../functions/src/core/room/room.js';
import type { SimulationResult } from './simulation.js';
import { botFigures, type BotFigures } from './botRooms.js';
import { skillFigures, type SkillFigures } from './skill.js';

/** The callables between a player's enqueue and the settlement of their room: the cost window. */
export const QUEUE_FUNCTIONS = ['enqueue', 'heartbeat', 'cancelQueue', 'acceptMatch', 'declineMatch', 'reportResult'];

export interface Spread {
  n: number;
  p50: number | null;
  p95: number | null;
}

/** Reads and writes by kind of document summed over `sources`, per matched player, most written first. */
function perKind(sources: Record<string, { reads: number; writes: number }>[], players: number) {
  const sum = new Map<string, { reads: number; writes: number }>();
  for (const source of sources)
    for (const [kind, ops] of Object.entries(source)) {
      const total = sum.get(kind) ?? { reads: 0, writes: 0 };
      sum.set(kind, { reads: total.reads + ops.reads, writes: total.writes + ops.writes });
    }
  const each = (n: number) => (players ? round(n / players) : 0);
  return Object.fromEntries(
    [...sum]
      .sort(([, a], [, b]) => b.writes - a.writes || b.reads - a.reads)
      .map(([kind, ops]) => [kind, { reads: each(ops.reads), writes: each(ops.writes) }]),
  );
}

export interface OpsRow {
  source: string;
  reads: number;
  writes: number;
  invocations: number | null;
}

export interface Figures {
  bots: number;
  wallSeconds: number;
  playSeconds: number;
  /** Rooms committed (by enqueue or by the matcher), and by final status. */
  matches: number;
  roomsByStatus: Record<string, number>;
  /** Players seated in rooms that got past the ready check (the cost denominator). */
  matchedPlayers: number;
  /** Players seated in any committed room, and in settled rooms. */
  seatedPlayers: number;
  settledPlayers: number;
  invariantViolations: number;
  /** Service reads and writes from enqueue through settlement, per matched player; null without LADDER_METRICS. */
  readsPerMatchedPlayer: number | null;
  writesPerMatchedPlayer: number | null;
  /** The same cost split by where it was made: each queue callable and the matcher. */
  queueOps: OpsRow[];
  /** The same cost per matched player by kind of document (collection id), most written first, in all and by source. */
  opsByKind: Record<string, { reads: number; writes: number }>;
  opsByKindBySource: Record<string, Record<string, { reads: number; writes: number }>>;
  /** Callables outside the window (sign-in, profile, parties). */
  otherOps: OpsRow[];
  enqueueToRoomMs: Spread;
  byPath: {
    immediate: Spread;
    scheduled: Spread;
    /** Scheduled tickets the matcher's sweep matched, and the time from the match becoming possible to the room seen. */
    scheduledByMatcher: Spread;
    matcherDelay: Spread;
    /** Scheduled tickets matched by a later player's enqueue (their immediate path). */
    scheduledByEnqueue: Spread;
  };
  latencies: { immediate: number[]; scheduled: number[] };
  enqueues: {
    total: number;
    matched: number;
    immediate: number;
    vanished: number;
    unmatched: number;
    /** Queueings that also waited in a second mode (`--several-modes`), and of those, the seated. */
    inSeveralModes: number;
    inSeveralModesMatched: number;
    /** Players seated in a free-for-all already in play (its mode's backfill). */
    lateJoiners: number;
  };
  throughput: {
    matchesPerMinute: number;
    matchedPlayersPerSecond: number;
    settledRoomsPerMinute: number;
    callsPerSecond: number;
  };
  quality: {
    spread: number[];
    sideDifference: number[];
    winProbabilityA: number[];
    waitSeconds: number[];
    summary: Record<'spread' | 'sideDifference' | 'fairness' | 'waitSeconds', Spread>;
  };
  invocations: {
    name: string;
    server: number | null;
    client: number;
    refused: Record<string, number>;
    p50Ms: number | null;
    p95Ms: number | null;
    /** The tail a heartbeat's round trip can reach: what the silence rule's grace must cover (fairPlay.leaving). */
    p99Ms: number | null;
  }[];
  matcher: {
    runs: number;
    sweeps: number;
    reads: number;
    writes: number;
    committed: number;
    expired: number;
    readsPerSweep: number | null;
    /** Mean time from one sweep's start to the next (the interval, or longer when a sweep overruns it). */
    sweepCycleMs: number | null;
    /** Reads per sweep after each run's opening reads (digests, tickets changed since, live rooms). */
    steadyReadsPerSweep: number | null;
    openingReads: number[];
  };
  callTimeline: { at: number; calls: number; rooms: number }[];
  limiterWaitMs: Spread;
  /** Ratings against the bots' hidden true skills; the rooms' forecasts scored. */
  skill: SkillFigures;
  /** Waits of the started rooms' tickets by party size and by rating band (`waitsByGroup`). */
  waitsByGroup: GroupWaits;
  /** Rooms the modes with bots seated with bots after a long wait, and the waits they saved. */
  botRooms: BotFigures;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : null;
  return { n: sorted.length, p50: at(50), p95: at(95) };
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const seats = (rooms: RoomDoc[]) => rooms.reduce((sum, r) => sum + r.memberUids.length, 0);

/**
 * The earliest moment this room's exact tickets made a valid match: after the last of them entered the pool,
 * at a widening step, the end of a free-for-all's fill wait or, with bots, of the bots' wait. The matcher cannot have matched them sooner.
 */
export function feasibleAt(room: RoomDoc, config: AppConfig, enteredAt: (ticketId: string) => number): number {
  const mode = resolvePool(config, room.mode).mode;
  const tickets = coreSides(room).flat();
  const entered = Math.max(...tickets.map((t) => enteredAt(t.id)));
  const oldest = Math.min(...tickets.map((t) => t.enqueuedAt));
  // A ticket's bots are due once it has waited the mode's afterSeconds.
  if (room.bots.length && mode.bots) return Math.max(entered, oldest + 1000 * mode.bots.afterSeconds);
  const steps = [
    ...mode.spreadCap.schedule,
    ...(mode.format.kind === 'team' ? mode.format.sideDifferenceCap.schedule : []),
  ].map((s) => s.afterSeconds);
  if (mode.format.kind === 'ffa') steps.push(mode.format.fillWaitSeconds);
  const candidates = [entered, ...steps.map((s) => oldest + 1000 * s)]
    .filter((t) => t >= entered && t <= room.proposedAt)
    .sort((a, b) => a - b);
  const sides = coreSides(room);
  for (const at of candidates) {
    if (
      violations(
        mode,
        { proposedAt: at, sides, quality: measureQuality(sides, at) },
        config.advanced.partyBonusPerMember,
      ).length === 0
    )
      return at;
  }
  return room.proposedAt;
}

/**
 * Waits by party size and by rating band (issue 30) of the rooms that started: each ticket's wait when its room
 * was proposed, grouped as the queue statistics group them (`roomWaits`, the ladder's tiers as bands).
 */
export function waitsByGroup(rooms: readonly RoomDoc[], config: AppConfig): GroupWaits {
  const edgesOf = (room: RoomDoc) => bandEdges(config.ladders[room.ladder]!.tiers);
  const waits = rooms.flatMap((room) => roomWaits(room, edgesOf(room)));
  const bands = [...new Set(rooms.flatMap((room) => edgesOf(room).map((e) => e.id)))];
  return groupWaits(waits, bands);
}

type RoomDocs = SimulationResult['snapshot']['rooms'];

const opsRow = (source: string, ops: { reads: number; writes: number; invocations?: number } | undefined): OpsRow => ({
  source,
  reads: ops?.reads ?? 0,
  writes: ops?.writes ?? 0,
  invocations: ops?.invocations ?? null,
});

/** What the queue's callables and the scheduled matcher read and wrote, in all and per matched player. */
function costFigures(result: SimulationResult, matchedPlayers: number) {
  const matcherReads = result.matcherRuns.reduce((sum, r) => sum + r.reads, 0);
  const matcherWrites = result.matcherRuns.reduce((sum, r) => sum + r.writes, 0);
  const queueOps = result.serverOps
    ? [
        ...QUEUE_FUNCTIONS.map((name) => opsRow(name, result.serverOps![name])),
        opsRow('matcher (scheduled runs)', { reads: matcherReads, writes: matcherWrites }),
      ]
    : [];
  const otherOps = result.serverOps
    ? Object.entries(result.serverOps)
        .filter(([name]) => !QUEUE_FUNCTIONS.includes(name))
        .map(([name, ops]) => opsRow(name, ops))
    : [];
  // A callable the bots called with nothing on record would make the cost look smaller than it was: no figure then.
  const unrecorded = QUEUE_FUNCTIONS.filter(
    (name) => (result.calls[name]?.calls ?? 0) > 0 && !result.serverOps?.[name],
  );
  const perPlayer = (key: 'reads' | 'writes') =>
    result.serverOps && matchedPlayers && !unrecorded.length
      ? round(queueOps.reduce((sum, r) => sum + r[key], 0) / matchedPlayers)
      : null;
  const matcherKinds = result.matcherRuns.map((r) => r.kinds ?? {});
  const opsByKindBySource = Object.fromEntries([
    ...QUEUE_FUNCTIONS.map((name) => [name, perKind([result.serverOps?.[name]?.kinds ?? {}], matchedPlayers)]),
    ['matcher (scheduled runs)', perKind(matcherKinds, matchedPlayers)],
  ]);
  const opsByKind = perKind(
    [...QUEUE_FUNCTIONS.map((name) => result.serverOps?.[name]?.kinds ?? {}), ...matcherKinds],
    matchedPlayers,
  );
  return {
    readsPerMatchedPlayer: perPlayer('reads'),
    writesPerMatchedPlayer: perPlayer('writes'),
    queueOps,
    opsByKind,
    opsByKindBySource,
    otherOps,
  };
}

/** From enqueue to the room a player's client saw, by the path that matched them. */
function latencyFigures(result: SimulationResult, rooms: RoomDocs, config: AppConfig) {
  const ticketsById = new Map(result.snapshot.tickets.map((t) => [t.id, t]));
  const roomsById = new Map(rooms.map((r) => [r.id, r]));
  const immediateRooms = new Set(result.enqueues.flatMap((e) => (e.immediateRoomId ? [e.immediateRoomId] : [])));
  const seen = result.enqueues.filter((e) => e.roomId && e.roomSeenAt);
  const latency = (e: (typeof seen)[number]) => e.roomSeenAt! - e.sentAt;
  const immediate = seen.filter((e) => e.immediateRoomId);
  const scheduled = seen.filter((e) => !e.immediateRoomId);
  const byMatcher = scheduled.filter((e) => !immediateRooms.has(e.roomId!));
  const matcherDelays = byMatcher.flatMap((e) => {
    const room = roomsById.get(e.roomId!);
    if (!room) return [];
    return [e.roomSeenAt! - feasibleAt(room, config, (id) => ticketsById.get(id)?.createdAt ?? 0)];
  });
  return {
    enqueueToRoomMs: spread(seen.map(latency)),
    byPath: {
      immediate: spread(immediate.map(latency)),
      scheduled: spread(scheduled.map(latency)),
      scheduledByMatcher: spread(byMatcher.map(latency)),
      matcherDelay: spread(matcherDelays),
      scheduledByEnqueue: spread(scheduled.filter((e) => immediateRooms.has(e.roomId!)).map(latency)),
    },
    latencies: { immediate: immediate.map(latency), scheduled: scheduled.map(latency) },
  };
}

function qualityFigures(rooms: RoomDocs) {
  const team = rooms.filter((r) => r.kind === 'team');
  const quality = {
    spread: rooms.map((r) => r.quality.spread),
    sideDifference: team.map((r) => r.quality.sideDifference ?? 0),
    winProbabilityA: team.map((r) => r.quality.winProbabilityA ?? 0.5),
    waitSeconds: rooms.flatMap((r) => Object.values(r.quality.waitSeconds)),
  };
  return {
    ...quality,
    summary: {
      spread: spread(quality.spread),
      sideDifference: spread(quality.sideDifference),
      fairness: spread(quality.winProbabilityA.map((p) => round(Math.abs(p - 0.5), 4))),
      waitSeconds: spread(quality.waitSeconds),
    },
  };
}

/** Calls and new rooms in ten-second buckets from the start of the run. */
function callTimeline(result: SimulationResult, rooms: RoomDocs) {
  const bucketMs = 10_000;
  const buckets = new Map<number, { calls: number; rooms: number }>();
  const bucket = (t: number) => {
    const key = Math.floor((t - result.startedAt) / bucketMs) * bucketMs;
    const entry = buckets.get(key) ?? { calls: 0, rooms: 0 };
    buckets.set(key, entry);
    return entry;
  };
  for (const t of result.callTimes) bucket(t).calls++;
  for (const r of rooms) bucket(r.createdAt).rooms++;
  return [...buckets].sort(([a], [b]) => a - b).map(([at, counts]) => ({ at: at / 1000, ...counts }));
}

const wholeMs = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : Math.round(ms));

/** Each callable as the bots saw it (calls, refusals, latency) beside the invocations the server recorded. */
function invocationFigures(result: SimulationResult) {
  const names = [...new Set([...Object.keys(result.calls), ...Object.keys(result.serverOps ?? {})])].sort();
  return names.map((name) => {
    const client = result.calls[name];
    return {
      name,
      server: result.serverOps?.[name]?.invocations ?? null,
      client: client?.calls ?? 0,
      refused: client?.errors ?? {},
      p50Ms: wholeMs(client?.p50Ms),
      p95Ms: wholeMs(client?.p95Ms),
      p99Ms: wholeMs(client?.p99Ms),
    };
  });
}

function matcherFigures(result: SimulationResult) {
  const runs = result.matcherRuns;
  const reads = runs.reduce((sum, r) => sum + r.reads, 0);
  const sweeps = runs.reduce((sum, r) => sum + r.sweeps, 0);
  const opening = runs.reduce((sum, r) => sum + r.openingReads, 0);
  return {
    runs: runs.length,
    sweeps,
    reads,
    writes: runs.reduce((sum, r) => sum + r.writes, 0),
    committed: runs.reduce((sum, r) => sum + r.committed, 0),
    expired: runs.reduce((sum, r) => sum + r.expired, 0),
    readsPerSweep: sweeps ? round(reads / sweeps) : null,
    sweepCycleMs: sweeps
      ? Math.round(runs.reduce((sum, r) => sum + ((r.sweptUntil ?? 0) - (r.sweptFrom ?? 0)), 0) / sweeps)
      : null,
    steadyReadsPerSweep: sweeps ? round(Math.max(0, reads - opening) / sweeps) : null,
    openingReads: runs.map((r) => r.openingReads),
  };
}

function throughputFigures(result: SimulationResult, rooms: RoomDocs, settled: RoomDocs, matchedPlayers: number) {
  const windowSeconds = Math.max(1, (result.drainedAt - result.playFrom) / 1000);
  const calls = result.callTimes.filter((t) => t >= result.playFrom && t <= result.drainedAt).length;
  return {
    matchesPerMinute: round((60 * rooms.length) / windowSeconds, 1),
    matchedPlayersPerSecond: round(matchedPlayers / windowSeconds),
    settledRoomsPerMinute: round((60 * settled.length) / windowSeconds, 1),
    callsPerSecond: round(calls / windowSeconds, 1),
  };
}

export function analyse(result: SimulationResult, config: AppConfig): Figures {
  const rooms = result.snapshot.rooms.filter((r) => r.createdAt >= result.startedAt);
  const started = rooms.filter((r) => r.status !== 'cancelled' && r.status !== 'pending');
  const settled = rooms.filter((r) => r.status === 'settled');
  const matchedPlayers = seats(started);
  const { enqueues } = result;
  return {
    bots: result.options.bots,
    wallSeconds: round((result.finishedAt - result.startedAt) / 1000, 1),
    playSeconds: round((result.playUntil - result.playFrom) / 1000, 1),
    matches: rooms.length,
    roomsByStatus: rooms.reduce<Record<string, number>>((by, r) => {
      by[r.status] = (by[r.status] ?? 0) + 1;
      return by;
    }, {}),
    matchedPlayers,
    seatedPlayers: seats(rooms),
    settledPlayers: seats(settled),
    invariantViolations: result.violations.length,
    ...costFigures(result, matchedPlayers),
    ...latencyFigures(result, rooms, config),
    enqueues: {
      total: enqueues.length,
      matched: enqueues.filter((e) => e.roomId).length,
      immediate: enqueues.filter((e) => e.immediateRoomId).length,
      vanished: enqueues.filter((e) => e.vanished).length,
      unmatched: enqueues.filter((e) => !e.roomId).length,
      inSeveralModes: enqueues.filter((e) => e.alsoIn.length > 0).length,
      inSeveralModesMatched: enqueues.filter((e) => e.alsoIn.length > 0 && e.roomId).length,
      lateJoiners: rooms.reduce((sum, r) => sum + Object.keys(r.late).length, 0),
    },
    throughput: throughputFigures(result, rooms, settled, matchedPlayers),
    quality: qualityFigures(rooms),
    invocations: invocationFigures(result),
    matcher: matcherFigures(result),
    callTimeline: callTimeline(result, rooms),
    limiterWaitMs: spread(result.limiterWaitMs),
    skill: skillFigures(result, config),
    waitsByGroup: waitsByGroup(started, config),
    botRooms: botFigures(rooms, config),
  };
}
