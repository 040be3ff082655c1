import { z } from 'zod';
import { bandEdgeSchema, bandOf, type BandEdge } from '../ladder/bands.js';
import type { UnmatchedReason } from '../match/reasons.js';
import { waitSeconds, type Ticket } from '../match/ticket.js';
import { capAt } from '../match/widening.js';
import type { Mode } from '../mode/modes.js';
import { poolIdSchema, type PoolId } from '../mode/pool.js';
import { groupWaits, waitFigures, waitFiguresSchema } from './groupWaits.js';
import type { RoomDoc } from '../room/room.js';

/**
 * Why a ticket is still waiting, as a player is told: the matcher's reason, with "no candidates within the caps"
 * told apart by which cap held it back, at the ticket's own wait. `notEnoughPlayers`: fewer players wait in the
 * whole pool than a match needs; `spreadCap`: enough wait, but not enough within the spread cap of one another;
 * `sideDifferenceCap`: enough within the spread cap, but no split of them into sides close enough.
 */
export const waitReasons = [
  'notEnoughPlayers',
  'spreadCap',
  'sideDifferenceCap',
  'premadeImbalance',
  'noSoloInReach',
  'waitingForFill',
  'partyTooLarge',
] as const;
export type WaitReason = (typeof waitReasons)[number];

/** One rating band's share of a pool. */
export const bandStatsSchema = z.object({
  waitingTickets: z.number().int(),
  waitingPlayers: z.number().int(),
  oldestWaitSeconds: z.number(),
  recentMatchWaitSeconds: waitFiguresSchema.nullable(),
  /** The band's tickets still waiting after the latest sweep, by why (`waitReasons`). */
  waitingBecause: z.record(z.string(), z.number().int()),
});
export type BandStats = z.infer<typeof bandStatsSchema>;

/** `pools/{mode}`: what a client shows while a player waits: how many wait, for how long, the usual wait. */
export const queueStatsSchema = z.object({
  mode: poolIdSchema,
  waitingTickets: z.number().int(),
  waitingPlayers: z.number().int(),
  oldestWaitSeconds: z.number(),
  /** Time from enqueue to match of recent matches; null until there are some. */
  recentMatchWaitSeconds: waitFiguresSchema.nullable(),
  /** The same by party size ("1" … "5"), for the sizes with recent matches; absent in older documents. */
  recentMatchWaitBySize: z.record(z.string(), waitFiguresSchema).default({}),
  /** Why tickets stayed unmatched in the latest sweep, per reason. */
  unmatched: z.record(z.string(), z.number().int()),
  /** The ladder's rating bands, lowest first: a client finds its own from its ticket's mean rating. */
  bandEdges: z.array(bandEdgeSchema).default([]),
  /** The figures above per band that has waiting tickets or recent matches; absent in older documents. */
  bands: z.record(z.string(), bandStatsSchema).default({}),
  updatedAt: z.number().int(),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;

/** One recent match's wait for one ticket, the ticket's band and its party size. */
export interface BandWait {
  seconds: number;
  band: string;
  size: number;
}

/** The waits of a room's tickets when it was proposed, each in its ticket's band, with its party size. */
export function roomWaits(room: Pick<RoomDoc, 'sides' | 'quality'>, edges: readonly BandEdge[]): BandWait[] {
  return room.sides.flatMap((side) =>
    side.tickets.flatMap((t) => {
      const seconds = room.quality.waitSeconds[t.ticketId];
      return seconds === undefined
        ? []
        : [
            {
              seconds,
              band: bandOf(
                edges,
                t.members.map((m) => m.rating),
              ),
              size: t.members.length,
            },
          ];
    }),
  );
}

export interface PoolFacts {
  poolId: PoolId;
  mode: Mode;
  edges: readonly BandEdge[];
  /** The tickets still queued after the sweep and its commits. */
  waiting: readonly Ticket[];
  recentWaits: readonly BandWait[];
  /** The sweep's counts and each unmatched ticket's reason. */
  unmatched: Record<string, number>;
  reasonOf: ReadonlyMap<string, UnmatchedReason>;
  nowMs: number;
}

/** Queued players along the score line, to count how many any window of scores holds. */
class ScoreLine {
  private readonly scores: number[];
  /** players[i]: players in the first i tickets by score. */
  private readonly players: number[] = [0];
  constructor(tickets: readonly Ticket[]) {
    const sorted = [...tickets].sort((a, b) => a.score - b.score);
    this.scores = sorted.map((t) => t.score);
    for (const t of sorted) this.players.push(this.players[this.players.length - 1]! + t.members.length);
  }
  get total(): number {
    return this.players[this.players.length - 1]!;
  }
  /** Index of the first score ≥ value (or > value with `after`). */
  private find(value: number, after = false): number {
    let [lo, hi] = [0, this.scores.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.scores[mid]! < value || (after && this.scores[mid] === value)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /** The most players any window of width `cap` holding `score` contains (windows start at a ticket's score). */
  mostAround(score: number, cap: number): number {
    let most = 0;
    for (let i = this.find(score - cap); i < this.scores.length && this.scores[i]! <= score; i++) {
      most = Math.max(most, this.players[this.find(this.scores[i]! + cap, true)]! - this.players[i]!);
    }
    return most;
  }
}

function whyWaiting(reason: UnmatchedReason, ticket: Ticket, line: ScoreLine, mode: Mode, nowMs: number): WaitReason {
  if (reason !== 'noCandidatesWithinCaps') return reason;
  const needed = mode.format.kind === 'team' ? 2 * mode.format.teamSize : mode.format.minPlayers;
  if (line.total < needed) return 'notEnoughPlayers';
  const spread = capAt(mode.spreadCap, waitSeconds(ticket, nowMs));
  return mode.format.kind === 'team' && line.mostAround(ticket.score, spread) >= needed
    ? 'sideDifferenceCap'
    : 'spreadCap';
}

function counts(waiting: readonly Ticket[], recentWaits: readonly number[], nowMs: number) {
  const oldest = waiting.reduce((min, t) => Math.min(min, t.enqueuedAt), nowMs);
  return {
    waitingTickets: waiting.length,
    waitingPlayers: waiting.reduce((sum, t) => sum + t.members.length, 0),
    oldestWaitSeconds: Math.round((nowMs - oldest) / 100) / 10,
    recentMatchWaitSeconds: waitFigures(recentWaits),
  };
}

export function queueStats(facts: PoolFacts): QueueStats {
  const { waiting, recentWaits, edges, nowMs } = facts;
  const line = new ScoreLine(waiting);
  const byBand = new Map<string, { waiting: Ticket[]; waits: number[]; because: Record<string, number> }>();
  const bandOfName = (band: string) => {
    const entry = byBand.get(band) ?? { waiting: [], waits: [], because: {} };
    byBand.set(band, entry);
    return entry;
  };
  for (const ticket of waiting) {
    const entry = bandOfName(
      bandOf(
        edges,
        ticket.members.map((m) => m.rating),
      ),
    );
    entry.waiting.push(ticket);
    const reason = facts.reasonOf.get(ticket.id);
    if (!reason) continue;
    const why = whyWaiting(reason, ticket, line, facts.mode, nowMs);
    entry.because[why] = (entry.because[why] ?? 0) + 1;
  }
  for (const wait of recentWaits) bandOfName(wait.band).waits.push(wait.seconds);
  const bands = Object.fromEntries(
    edges
      .filter((e) => byBand.has(e.id))
      .map((e) => {
        const entry = byBand.get(e.id)!;
        return [e.id, { ...counts(entry.waiting, entry.waits, nowMs), waitingBecause: entry.because }];
      }),
  );
  return {
    mode: facts.poolId,
    ...counts(
      waiting,
      recentWaits.map((w) => w.seconds),
      nowMs,
    ),
    recentMatchWaitBySize: groupWaits(recentWaits, []).bySize,
    unmatched: facts.unmatched,
    bandEdges: [...edges],
    bands,
    updatedAt: nowMs,
  };
}

/** Statistics are recomputed at most every `everySeconds` per mode. */
export function statsDue(lastAtMs: number | undefined, nowMs: number, everySeconds: number): boolean {
  return lastAtMs === undefined || nowMs - lastAtMs >= everySeconds * 1000;
}

/** Whether any figure changed since the statistics last written, so an unchanged queue costs no write. */
export function statsChanged(previous: QueueStats | undefined, next: QueueStats): boolean {
  return !previous || JSON.stringify({ ...previous, updatedAt: 0 }) !== JSON.stringify({ ...next, updatedAt: 0 });
}
