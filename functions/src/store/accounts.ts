import { getAuth } from 'firebase-admin/auth';
import { endQueueing } from './siblings.js';
import { unblock } from '../core/fairplay/block.js';
import { poolIds } from '../core/mode/pool.js';
import { assertDeletable, DELETED_NAME, tombstonedRoom, tombstoneOf } from '../core/player/deletion.js';
import { idleState, requirePlayer, type Player, type PlayerState } from '../core/player/player.js';
import type { TicketDoc } from '../core/queue/ticket.js';
import type { Tombstone } from '../core/player/deletion.js';
import { audit } from './audit.js';
import { app } from './firestore/db.js';
import { historyFrom, roomsOf } from './history.js';
import { leaveParty } from './party.js';
import { readTicketsAndRooms } from './presence.js';
import {
  blockersOf,
  historyOf,
  playerRef,
  playerStateRef,
  oldRateLimitRef,
  reviewFlagRef,
  seasonArchivesOf,
  ticketsRef,
  tombstoneRef,
} from './firestore/refs.js';
import { transaction } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

const initialRatings = (ctx: LadderContext) =>
  Object.fromEntries(Object.entries(ctx.config.ladders).map(([id, l]) => [id, l.initialRating]));

/**
 * The account's own documents go in one transaction with the audit row: profile (and so every leaderboard row),
 * state, season archives, a waiting ticket; a tombstone keeps what the invariants need. A player in a live room
 * is refused: the game finishes first (an operator can ban, which forfeits it, then delete). Null when the
 * account was deleted before (a retry finishing the clean-up).
 */
function deleteOwnDocuments(ctx: LadderContext, actor: string, uid: string, reason: string) {
  return transaction(ctx, async (tx) => {
    const [playerSnap, stateSnap, tombSnap] = await tx.getAll([
      playerRef(ctx, uid),
      playerStateRef(ctx, uid),
      tombstoneRef(ctx, uid),
    ]);
    const found = playerSnap!.data() as Player | undefined;
    if (!found && tombSnap!.exists) return { tombstone: tombSnap!.data() as Tombstone, auditId: null };
    const player = requirePlayer(found, uid);
    const state = (stateSnap!.data() as PlayerState | undefined) ?? idleState(ctx.clock.now());
    const live = await readTicketsAndRooms(tx, [state]);
    const presence = live.presence(state);
    assertDeletable(presence);
    const archives = (await tx.query(seasonArchivesOf(ctx, uid), 'seasons')).docs;
    const now = ctx.clock.now();
    if (presence.kind === 'queued') {
      const ticket = live.tickets.get(presence.ticketId) as TicketDoc;
      endQueueing(tx, ticket, live.siblingsOf(ticket.id), 'cancelled', 'the account was deleted', now);
    }
    const earlier = tombSnap!.data() as Tombstone | undefined;
    const tombstone = tombstoneOf(
      player,
      archives.map((a) => a.data()),
      initialRatings(ctx),
      now,
      earlier,
    );
    tx.set(tombstoneRef(ctx, uid), tombstone);
    for (const ref of [
      playerRef(ctx, uid),
      playerStateRef(ctx, uid),
      oldRateLimitRef(ctx, uid),
      reviewFlagRef(ctx, uid),
    ])
      tx.delete(ref);
    for (const archive of archives) tx.delete(archive.ref);
    const before = {
      ladders: Object.keys(player.ladders),
      games: Object.values(player.ladders).reduce((n, s) => n + s.games, 0),
    };
    const row = audit(tx, { action: 'deleteAccount', actor, target: uid, reason, before, after: { tombstone } }, now);
    return { tombstone, auditId: row.id };
  });
}

/**
 * The player's history goes: their stored rows are deleted, and every room they sat in keeps their uid under the
 * name "deleted player", which also takes the room out of their history (core/room/history.ts). Returns how many
 * rows their history held. Repeating it finds the same rooms and what rows are left.
 */
async function tombstoneHistory(ctx: LadderContext, uid: string): Promise<number> {
  const [rows, rooms] = await Promise.all([historyOf(ctx, uid).get(), roomsOf(ctx, uid).get()]);
  const held = historyFrom(uid, rows, rooms).length;
  for (const { ref } of rooms.docs) {
    await transaction(ctx, async (tx) => {
      const room = (await tx.get(ref)).data();
      if (room && room.names[uid] !== DELETED_NAME) tx.set(ref, tombstonedRoom(room, uid, ctx.clock.now()));
    });
  }
  for (const row of rows.docs) await row.ref.delete();
  return held;
}

/** The tickets the player queued: ended unmatched ones go, matched ones (their rooms name them) lose the name. */
async function tombstoneTickets(ctx: LadderContext, uid: string) {
  for (const pool of poolIds(ctx.config.modes)) {
    const owned = await ticketsRef(ctx, pool).where('ownerUid', '==', uid).get();
    for (const doc of owned.docs) {
      const ticket = doc.data();
      if (ticket.status === 'matched')
        await doc.ref.set({ ...ticket, names: { ...ticket.names, [uid]: DELETED_NAME } });
      else if (ticket.status !== 'queued') await doc.ref.delete();
    }
  }
}

/** The player leaves every block list that names them. */
async function leaveBlockLists(ctx: LadderContext, uid: string) {
  const blockers = await blockersOf(ctx, uid).get();
  for (const doc of blockers.docs) {
    await transaction(ctx, async (tx) => {
      const state = (await tx.get(playerStateRef(ctx, doc.id))).data();
      if (!state) return;
      const { blocked } = unblock({ uid: doc.id, blocked: state.blocked }, uid);
      tx.set(playerStateRef(ctx, doc.id), { ...state, blocked, updatedAt: ctx.clock.now() });
    });
  }
}

/**
 * Deletes an account: its party membership, its documents, its sign-in (refresh tokens and Auth user), its history
 * (rooms keep a tombstone) and its place in others' block lists. Each step may be repeated: a call cut short is
 * finished by calling again (the tombstone tells a deleted account from an unknown one); a repeat writes no second
 * tombstone or audit row and answers `alreadyDeleted`.
 */
export async function deleteAccount(ctx: LadderContext, actor: string, uid: string, reason: string) {
  const state = (await playerStateRef(ctx, uid).get()).data();
  if (state?.partyId) await leaveParty(ctx, uid);
  const { tombstone, auditId } = await deleteOwnDocuments(ctx, actor, uid, reason);
  await endSignIn(uid);
  const historyRows = await tombstoneHistory(ctx, uid);
  await tombstoneTickets(ctx, uid);
  await leaveBlockLists(ctx, uid);

  return { deleted: uid, deletedAt: tombstone.at, historyRows, auditId, alreadyDeleted: auditId === null };
}

/**
 * No new ID token for the account: its refresh tokens are revoked and its Auth user deleted. The tokens already
 * issued stay valid until they expire (up to an hour); the tombstone refuses them (store/sessions.ts).
 */
async function endSignIn(uid: string) {
  const auth = getAuth(app);
  const unlessGone = (error: { code?: string }) => {
    if (error.code !== 'auth/user-not-found') throw error;
  };
  await auth.revokeRefreshTokens(uid).catch(unlessGone);
  await auth.deleteUser(uid).catch(unlessGone);
}
