import type { QuerySnapshot } from 'firebase-admin/firestore';
import {
  forfeitRoom,
  forfeitVerdict,
  gameStartedAt,
  goneSilent,
  inPlay,
  type GameBeat,
  type Silence,
} from '../core/fairplay/leaving.js';
import type { PlayerState } from '../core/player/player.js';
import { requireRoom, type RoomDoc } from '../core/room/room.js';
import { countReads } from './firestore/metrics.js';
import { gameBeatsRef, playerStateRef, roomRef } from './firestore/refs.js';
import { apply } from './settlement.js';
import { transaction, type Tx } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

/**
 * These players leave the started game in the caller's transaction: the room records it, each leave is
 * counted, and a room whose whole side (or all but one free-for-all player) has now left settles at once, or
 * is void if every side has. Leaving twice changes nothing and counts once.
 */
export async function leave(tx: Tx, room: RoomDoc, uids: readonly string[], nowMs: number): Promise<RoomDoc> {
  const left = uids.reduce((r, uid) => forfeitRoom(r, uid, nowMs), room);
  const leavers = left.forfeits.filter((uid) => !room.forfeits.includes(uid));
  if (leavers.length === 0) return room;
  // A player in a room queued for it, so their state exists.
  const states = (await tx.getAll(leavers.map((id: string) => playerStateRef(tx, id)))).map(
    (s) => s.data() as PlayerState,
  );
  const verdict = forfeitVerdict(left);
  const next = verdict ? await apply(tx, left, verdict, nowMs) : left;
  // One field: a settlement in this transaction writes other fields of the leavers' states (whom they met).
  leavers.forEach((uid, i) => {
    tx.update(playerStateRef(tx, uid), { leaves: states[i]!.leaves + 1, updatedAt: nowMs });
  });
  tx.set(roomRef(tx, room.id), next);
  return next;
}

/** Whether a room counts silence as leaving and its game has started: its beats are worth reading. */
const watched = (room: RoomDoc | undefined): room is RoomDoc =>
  !!room && room.leaveAfterSilentSeconds !== null && room.reportDeadline !== null;

/**
 * The caller leaves a started game (`forfeit`), in one transaction. Players already past their silence leave
 * with them, as the next look would have had them: a game every side has left is void whichever way each left.
 */
export function forfeit(ctx: LadderContext, uid: string, roomId: string): Promise<RoomDoc> {
  return transaction(ctx, async (tx) => {
    const room = requireRoom((await tx.get(roomRef(ctx, roomId))).data(), roomId);
    const now = ctx.clock.now();
    forfeitRoom(room, uid, now); // refuses a stranger or a game not in play before anything more is read
    const silence = watched(room)
      ? silenceIn(ctx, room, await tx.query(gameBeatsRef(ctx, roomId), 'beats'), now)
      : null;
    return leave(tx, room, [uid, ...(silence?.silent ?? []).filter((other) => other !== uid)], now);
  });
}

/** Who of a room's players fell silent by now, from the room and its beats as read; null for a room not to watch. */
function silenceIn(
  ctx: LadderContext,
  room: RoomDoc | undefined,
  beats: QuerySnapshot<GameBeat>,
  nowMs: number,
): Silence | null {
  if (!watched(room)) return null;
  const startedAt = gameStartedAt(room, ctx.poolOf(room).mode);
  const lastBeat = new Map(beats.docs.map((d) => [d.id, d.data().at]));
  const grace = ctx.config.fairPlay.leaving.silenceGraceSeconds;
  return goneSilent(room, lastBeat, room.leaveAfterSilentSeconds!, startedAt, nowMs, grace);
}

/**
 * Run by the matcher for a started room of a mode that counts silence as leaving: the players whose heartbeats
 * stopped leave it, as `forfeit` would have them. The look is a plain read (most find everyone beating, and
 * then hold no lock a beat would wait on); only a silence found is confirmed and acted on in a transaction over
 * the room and its beats. Answers who left, and when to look again: when the next player would fall silent
 * (null: nothing to watch).
 */
export async function leaveIfSilent(
  ctx: LadderContext,
  roomId: string,
): Promise<{ left: string[]; nextCheckAt: number | null }> {
  const [roomSnap, beatSnaps] = await Promise.all([roomRef(ctx, roomId).get(), gameBeatsRef(ctx, roomId).get()]);
  countReads(ctx, 1, 'rooms');
  countReads(ctx, beatSnaps.size, 'beats');
  const look = silenceIn(ctx, roomSnap.data(), beatSnaps, ctx.clock.now());
  if (!look?.silent.length) return { left: [], nextCheckAt: look?.nextCheckAt ?? null };
  return transaction(ctx, async (tx) => {
    const room = (await tx.get(roomRef(ctx, roomId))).data();
    const beats = await tx.query(gameBeatsRef(ctx, roomId), 'beats');
    const now = ctx.clock.now();
    const silence = silenceIn(ctx, room, beats, now);
    if (!silence?.silent.length) return { left: [], nextCheckAt: silence?.nextCheckAt ?? null };
    const next = await leave(tx, room!, silence.silent, now);
    return { left: silence.silent, nextCheckAt: inPlay(next) ? silence.nextCheckAt : null };
  });
}
