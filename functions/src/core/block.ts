import { z } from 'zod';
import { fail } from './errors.js';

/** How many players one player may block: enough for the persistent few, small enough to ride on a ticket. */
export const MAX_BLOCKED = 100;

/** A blocked player, with the name they had when blocked (so listing them costs no read of their profiles). */
export const blockedPlayerSchema = z.object({ uid: z.string(), displayName: z.string(), at: z.number().int() });
export type BlockedPlayer = z.infer<typeof blockedPlayerSchema>;

/** `blocks/{uid}`: whom the player blocked. Private: no client reads it; the player asks `getBlockList`. */
export const blockListSchema = z.object({
  uid: z.string(),
  blocked: z.array(blockedPlayerSchema).max(MAX_BLOCKED),
  updatedAt: z.number().int(),
});
export type BlockList = z.infer<typeof blockListSchema>;

export const emptyBlockList = (uid: string, nowMs: number): BlockList => ({ uid, blocked: [], updatedAt: nowMs });

/** The list with `target` blocked; blocking someone twice changes nothing. */
export function block(list: BlockList, target: Omit<BlockedPlayer, 'at'>, nowMs: number): BlockList {
  if (target.uid === list.uid) fail('invalid-argument', 'uid: you cannot block yourself.');
  if (isBlocked(list, target.uid)) return list;
  if (list.blocked.length >= MAX_BLOCKED) {
    fail('failed-precondition', `You have blocked ${MAX_BLOCKED} players, the most allowed: unblock someone first.`, {
      limit: MAX_BLOCKED,
    });
  }
  return { ...list, blocked: [...list.blocked, { ...target, at: nowMs }], updatedAt: nowMs };
}

const isBlocked = (list: BlockList, uid: string) => list.blocked.some((b) => b.uid === uid);

/** The list without `target`; unblocking someone not blocked changes nothing. */
export function unblock(list: BlockList, target: string, nowMs: number): BlockList {
  if (!isBlocked(list, target)) return list;
  return { ...list, blocked: list.blocked.filter((b) => b.uid !== target), updatedAt: nowMs };
}

/** Whom a ticket keeps out of its room: everyone any of its members blocked. */
export function avoidedBy(lists: readonly Pick<BlockList, 'blocked'>[]): string[] {
  return [...new Set(lists.flatMap((list) => list.blocked.map((b) => b.uid)))];
}
