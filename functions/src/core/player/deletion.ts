import { z } from 'zod';
import { fail } from '../errors.js';
import type { SeasonArchive } from '../ladder/season.js';
import type { RoomDoc } from '../room/room.js';
import type { Player } from './player.js';

/** What rooms show for a player whose account was deleted. */
export const DELETED_NAME = 'deleted player';

/**
 * `deletedPlayers/{uid}`: all that is kept of a deleted account, so every invariant still holds without their
 * documents: when, and how far their games and season resets had moved each ladder's rating sum (nobody reads
 * it but the invariant checker). The uid alone names nobody once the profile and the Auth user are gone.
 */
export const tombstoneSchema = z.object({
  uid: z.string(),
  at: z.number().int(),
  drift: z.record(z.string(), z.number().int()),
});
export type Tombstone = z.infer<typeof tombstoneSchema>;

/**
 * The tombstone of a player: each ladder's rating less its initial value, plus what their season resets took.
 * A uid deleted before (a person who signed in again after deleting) keeps the earlier account's drift beside it.
 */
export function tombstoneOf(
  player: Pick<Player, 'uid' | 'ladders'>,
  archives: readonly Pick<SeasonArchive, 'ladder' | 'rating' | 'resetTo'>[],
  initialRatings: Record<string, number>,
  nowMs: number,
  earlier?: Pick<Tombstone, 'drift'>,
): Tombstone {
  const drift: Record<string, number> = { ...earlier?.drift };
  for (const [ladder, standing] of Object.entries(player.ladders)) {
    const initial = initialRatings[ladder];
    if (initial === undefined) continue;
    const resets = archives.filter((a) => a.ladder === ladder).reduce((sum, a) => sum + a.rating - a.resetTo, 0);
    drift[ladder] = (drift[ladder] ?? 0) + standing.rating - initial + resets;
  }
  return { uid: player.uid, at: nowMs, drift };
}

/** A room with the deleted player's name replaced; their uid stays, so the room's sides still add up. */
export const tombstonedRoom = (room: RoomDoc, uid: string, nowMs: number): RoomDoc =>
  room.names[uid] === DELETED_NAME
    ? room
    : { ...room, names: { ...room.names, [uid]: DELETED_NAME }, updatedAt: nowMs };

/** An account is deleted between games: a player in a live room is refused, naming the room. */
export function assertDeletable(presence: { kind: string; roomId?: string }): void {
  if (presence.kind === 'inRoom') {
    fail('failed-precondition', `uid: the player is in live room "${presence.roomId}"; delete once the game is over.`);
  }
}

/**
 * Refuses a call from a deleted account. A session that signed in after the deletion (`signedInAtSeconds`, the ID
 * token's `auth_time`, in whole seconds: a later second than the deletion's) is a new account under the same uid (a
 * platform login maps a person to one uid) and passes;
 * without it, any tombstone refuses: a caller whose profile or state is missing was never re-created by a sign-in.
 */
export function refuseDeletedSession(tombstone: Pick<Tombstone, 'at'> | undefined, signedInAtSeconds?: number): void {
  if (!tombstone) return;
  if (signedInAtSeconds !== undefined && signedInAtSeconds * 1000 > tombstone.at) return;
  fail(
    'unauthenticated',
    `This account was deleted at ${new Date(tombstone.at).toISOString()}; its sessions no longer work. ` +
      'Sign in again to start a new account.',
    { deletedAt: tombstone.at },
  );
}

/** Refuses a call that names another player whose account was deleted (a rematch with them, say). */
export function refuseDeletedOther(tombstone: Pick<Tombstone, 'uid'> | undefined): void {
  if (tombstone) fail('failed-precondition', `uid: the account of player "${tombstone.uid}" was deleted.`);
}
