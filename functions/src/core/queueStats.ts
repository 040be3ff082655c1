import { z } from 'zod';
import type { Ticket } from './match/ticket.js';
import { percentile } from './percentile.js';

/** `pools/{mode}`: what a client shows while a player waits: how many wait, for how long, the usual wait. */
export const queueStatsSchema = z.object({
  mode: z.string(),
  waitingTickets: z.number().int(),
  waitingPlayers: z.number().int(),
  oldestWaitSeconds: z.number(),
  /** Time from enqueue to match of recent matches; null until there are some. */
  recentMatchWaitSeconds: z.object({ p50: z.number(), p95: z.number(), samples: z.number().int() }).nullable(),
  /** Why tickets stayed unmatched in the latest sweep, per reason. */
  unmatched: z.record(z.string(), z.number().int()),
  updatedAt: z.number().int(),
});
export type QueueStats = z.infer<typeof queueStatsSchema>;

export function queueStats(
  modeId: string,
  waiting: readonly Ticket[],
  recentWaits: readonly number[],
  unmatched: Record<string, number>,
  nowMs: number,
): QueueStats {
  const oldest = waiting.reduce((min, t) => Math.min(min, t.enqueuedAt), nowMs);
  const p50 = percentile(recentWaits, 50);
  const p95 = percentile(recentWaits, 95);
  return {
    mode: modeId,
    waitingTickets: waiting.length,
    waitingPlayers: waiting.reduce((sum, t) => sum + t.members.length, 0),
    oldestWaitSeconds: Math.round((nowMs - oldest) / 100) / 10,
    recentMatchWaitSeconds: p50 === null || p95 === null ? null : { p50, p95, samples: recentWaits.length },
    unmatched,
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
