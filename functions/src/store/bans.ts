import { getAuth } from 'firebase-admin/auth';
import { endQueueing } from './siblings.js';
import { inPlay } from '../core/fairplay/leaving.js';
import { assertReplaceable, newBan, requireActiveBan, type Ban } from '../core/ops/ban.js';
import { idleState, requirePlayer, type PlayerState } from '../core/player/player.js';
import type { Presence } from '../core/queue/presence.js';
import type { TicketDoc } from '../core/queue/ticket.js';
import { answerReadyCheck } from '../core/room/readyCheck.js';
import type { RoomDoc } from '../core/room/room.js';
import { audit } from './audit.js';
import { app } from './firestore/db.js';
import { leave } from './leaving.js';
import { readTicketsAndRooms } from './presence.js';
import { playerRef, playerStateRef } from './firestore/refs.js';
import { writeStep } from './rooms.js';
import { transaction, type Tx } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

/** What a ban did to where the player was: nothing, their waiting ticket, or the live room they were in. */
export type Removal =
  | { kind: 'none' }
  | { kind: 'ticketCancelled'; ticketId: string }
  | { kind: 'roomCalledOff'; roomId: string }
  | { kind: 'forfeited'; roomId: string; roomStatus: RoomDoc['status'] };

/**
 * Takes a banned player out of play in the caller's transaction: a waiting ticket (their party's too) is
 * cancelled; a room still in its ready check is called off as if they declined (whoever had accepted goes back
 * to the pool); a started game is forfeited for them, as `forfeit` would, so their opponents keep the win.
 */
async function removeFromPlay(
  tx: Tx,
  uid: string,
  presence: Presence,
  found: Awaited<ReturnType<typeof readTicketsAndRooms>>,
  nowMs: number,
): Promise<Removal> {
  if (presence.kind === 'queued') {
    const ticket = found.tickets.get(presence.ticketId) as TicketDoc;
    endQueueing(tx, ticket, found.siblingsOf(ticket.id), 'cancelled', `${uid} was banned`, nowMs);
    return { kind: 'ticketCancelled', ticketId: ticket.id };
  }
  if (presence.kind !== 'inRoom') return { kind: 'none' };
  const room = found.rooms.get(presence.roomId)!;
  if (room.status === 'pending') {
    await writeStep(tx, room, answerReadyCheck(room, uid, false, tx.ctx.poolOf(room).mode, nowMs), nowMs);
    return { kind: 'roomCalledOff', roomId: room.id };
  }
  if (!inPlay(room) || room.forfeits.includes(uid)) return { kind: 'none' };
  const next = await leave(tx, room, [uid], nowMs);
  return { kind: 'forfeited', roomId: room.id, roomStatus: next.status };
}

async function readTarget(tx: Tx, uid: string) {
  const [playerSnap, stateSnap] = await tx.getAll([playerRef(tx, uid), playerStateRef(tx, uid)]);
  requirePlayer(playerSnap!.data(), uid);
  const state = (stateSnap!.data() as PlayerState | undefined) ?? idleState(tx.ctx.clock.now());
  return { state, stateExists: stateSnap!.exists };
}

/** Writes the state's ban last: the removal above may have updated the same state (a cooldown, a leave). */
function writeBan(tx: Tx, uid: string, target: Awaited<ReturnType<typeof readTarget>>, ban: Ban | null, now: number) {
  if (target.stateExists) tx.update(playerStateRef(tx, uid), { ban, updatedAt: now });
  else tx.set(playerStateRef(tx, uid), { ...target.state, ban, updatedAt: now });
}

/**
 * Bans a player (`hours` null: until lifted), takes them out of play, and audits it, in one transaction. A ban in
 * force is replaced only with `replace`; the answer names the ban it replaced.
 */
export function banPlayer(
  ctx: LadderContext,
  actor: string,
  uid: string,
  reason: string,
  hours: number | null,
  replace = false,
) {
  return transaction(ctx, async (tx) => {
    const target = await readTarget(tx, uid);
    const now = ctx.clock.now();
    const replaced = assertReplaceable(target.state.ban, replace, uid, now);
    const found = await readTicketsAndRooms(tx, [target.state]);
    const ban = newBan(actor, reason, hours, now);
    const removal = await removeFromPlay(tx, uid, found.presence(target.state), found, now);
    writeBan(tx, uid, target, ban, now);
    const row = audit(
      tx,
      { action: 'banPlayer', actor, target: uid, reason, before: { ban: replaced }, after: { ban, removal } },
      now,
    );
    return { ban, replaced, removal, auditId: row.id };
  }).then(async (done) => {
    await mirrorBanClaim(uid, done.ban);
    return done;
  });
}

/** Lifts a ban in force; a player with none (never banned, lifted, or expired) is refused and nothing changes. */
export function unbanPlayer(ctx: LadderContext, actor: string, uid: string, reason: string) {
  return transaction(ctx, async (tx) => {
    const target = await readTarget(tx, uid);
    const now = ctx.clock.now();
    const ban = requireActiveBan(target.state.ban, uid, now);
    writeBan(tx, uid, target, null, now);
    const row = audit(
      tx,
      { action: 'unbanPlayer', actor, target: uid, reason, before: { ban }, after: { ban: null } },
      now,
    );
    return { ban: null, auditId: row.id };
  }).then(async (done) => {
    await mirrorBanClaim(uid, null);
    return done;
  });
}

/**
 * Mirrors a ban onto the player's Auth custom claims (`ban: { until, reason }`), so a result report can be
 * refused from the ID token alone, without a read. It reaches the player's next token (the SDK refreshes
 * hourly); the ban's own transaction has already forfeited their started game. An account without an Auth
 * user (none to sign in with) needs none.
 */
async function mirrorBanClaim(uid: string, ban: Ban | null) {
  const auth = getAuth(app);
  const user = await auth.getUser(uid).catch((error: { code?: string }) => {
    if (error.code === 'auth/user-not-found') return null;
    throw error;
  });
  if (!user) return;
  const { ban: _, ...claims } = user.customClaims ?? {};
  await auth.setCustomUserClaims(uid, ban ? { ...claims, ban: { until: ban.until, reason: ban.reason } } : claims);
}
