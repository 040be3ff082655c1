import { z } from 'zod';
import { fail } from '../errors.js';

/** How many players one player may block: enough for the persistent few, small enough to ride on a ticket. */
export const MAX_BLOCKED = 100;

/** A blocked player, with the name they had when blocked (so listing them costs no read of their profiles). */
export const blockedPlayerSchema = z.object({ uid: z.string(), displayName: z.string(), at: z.number().int() });
export type BlockedPlayer = z.infer<typeof blockedPlayerSchema>;

/** Whom the player blocked; kept in their private state, which the queue reads anyway. */
export const blockedListSchema = z.array(blockedPlayerSchema).max(MAX_BLOCKED);

/** A player's block list, named by its owner. */
export interface BlockList {
  uid: string;
  blocked: BlockedPlayer[];
}

/** The player to block, as their profile names them; a uid with no profile is refused. */
export function blockTarget(uid: string, profile: { displayName: string } | undefined): Omit<BlockedPlayer, 'at'> {
  if (!profile) fail('not-found', `uid: there is no player ${uid}.`);
  return { uid, displayName: profile.displayName };
}

/** The list with `target` blocked; blocking someone twice changes nothing. */
export function block(list: BlockList, target: Omit<BlockedPlayer, 'at'>, nowMs: number): BlockList {
  if (target.uid === list.uid) fail('invalid-argument', 'uid: you cannot block yourself.');
  if (isBlocked(list, target.uid)) return list;
  if (list.blocked.length >= MAX_BLOCKED) {
    fail('failed-precondition', `You have blocked ${MAX_BLOCKED} players, the most allowed: unblock someone first.`, {
      limit: MAX_BLOCKED,
    });
  }
  return { ...list, blocked: [...list.blocked, { ...target, at: nowMs }] };
}

const isBlocked = (list: BlockList, uid: string) => list.blocked.some((b) => b.uid === uid);

/** The list without `target`; unblocking someone not blocked changes nothing. */
export function unblock(list: BlockList, target: string): BlockList {
  if (!isBlocked(list, target)) return list;
  return { ...list, blocked: list.blocked.filter((b) => b.uid !== target) };
}

/** Whom a ticket keeps out of its room: everyone any of its members blocked. */
export function avoidedBy(lists: readonly Pick<BlockList, 'blocked'>[]): string[] {
  return [...new Set(lists.flatMap((list) => list.blocked.map((b) => b.uid)))];
}
