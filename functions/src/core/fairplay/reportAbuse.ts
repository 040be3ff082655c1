import { z } from 'zod';
import { same } from '../room/results.js';
import type { Result, RoomDoc } from '../room/room.js';

export const reportAbuseConfigSchema = z.strictObject({
  /** Reports contradicting the settled result after which a player is flagged for an operator's review. */
  flagAfter: z.number().int().min(1).default(5),
});
export type ReportAbuseConfig = z.infer<typeof reportAbuseConfigSchema>;

/**
 * `reviewFlags/{uid}`: a player whose reports keep contradicting how their games settled. Readable only by
 * operators (an `admin: true` custom claim); written only by the functions.
 */
export const reviewFlagSchema = z.object({
  uid: z.string(),
  falseReports: z.number().int().positive(),
  flaggedAt: z.number().int(),
  lastRoomId: z.string(),
  updatedAt: z.number().int(),
});
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;

/**
 * The players of a settled room whose own report contradicts its result. A trusted game server's report is
 * not a player's, and a player who left the game is not held to what they reported before leaving.
 */
export function contradictingReporters(room: RoomDoc, result: Result): string[] {
  return Object.entries(room.reports)
    .filter(([uid, r]) => !r.authoritative && room.memberUids.includes(uid) && !room.forfeits.includes(uid))
    .filter(([, r]) => !same(r.result, result))
    .map(([uid]) => uid);
}

/** The player's review flag after one more contradicting report: none below the threshold. */
export function flagAfterReport(
  uid: string,
  falseReports: number,
  roomId: string,
  existing: ReviewFlag | null,
  config: ReportAbuseConfig,
  nowMs: number,
): ReviewFlag | null {
  if (falseReports < config.flagAfter) return null;
  return { uid, falseReports, flaggedAt: existing?.flaggedAt ?? nowMs, lastRoomId: roomId, updatedAt: nowMs };
}
