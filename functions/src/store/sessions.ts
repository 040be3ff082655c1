import { refuseDeletedOther, refuseDeletedSession, type Tombstone } from '../core/player/deletion.js';
import { countReads } from './firestore/metrics.js';
import { tombstoneRef } from './firestore/refs.js';
import type { Tx } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

/**
 * Refuses a call from a deleted account's session: its ID token stays valid for up to an hour after the deletion.
 * One read of the tombstone, before anything is counted or written.
 */
export async function assertSessionLive(
  ctx: LadderContext,
  uid: string,
  signedInAtSeconds: number | undefined,
): Promise<void> {
  countReads(ctx, 1, 'deletedPlayers');
  refuseDeletedSession((await tombstoneRef(ctx, uid).get()).data(), signedInAtSeconds);
}

/**
 * In a transaction that found no profile or no state for these players, where it would create them: refuses if
 * one was deleted, the caller as a deleted session (`unauthenticated`), anyone else as a player who is gone. A
 * live account has both once it has queued, so this read is paid by a player's first calls and by deleted ones.
 */
export async function assertNotDeleted(tx: Tx, uids: readonly string[], caller?: string): Promise<void> {
  if (uids.length === 0) return;
  for (const snap of await tx.getAll(uids.map((id: string) => tombstoneRef(tx, id)))) {
    const tombstone = snap.data() as Tombstone | undefined;
    if (snap.id === caller) refuseDeletedSession(tombstone);
    else refuseDeletedOther(tombstone);
  }
}
