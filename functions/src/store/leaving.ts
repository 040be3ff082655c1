import { forfeitRoom, forfeitVerdict } from '../core/leaving.js';
import type { PlayerState } from '../core/player.js';
import { requireRoom, type RoomDoc } from '../core/room.js';
import { playerStateRef, roomRef } from './refs.js';
import { apply } from './settlement.js';
import { transaction } from './tx.js';

/**
 * The caller leaves a started game, in one transaction: the room records it, their leave is counted, and a
 * room whose whole side (or all but one free-for-all player) has now left settles at once. Leaving twice
 * changes nothing and counts once.
 */
export function forfeit(uid: string, roomId: string): Promise<RoomDoc> {
  return transaction(async (tx) => {
    const room = requireRoom((await tx.get(roomRef(roomId))).data(), roomId);
    const now = Date.now();
    const left = forfeitRoom(room, uid, now);
    if (left === room) return room;
    // A player in a room queued for it, so their state exists.
    const state = (await tx.get(playerStateRef(uid))).data() as PlayerState;
    const verdict = forfeitVerdict(left);
    const next = verdict ? await apply(tx, left, verdict, now) : left;
    // One field: a settlement in this transaction writes other fields of the leaver's state (whom they met).
    tx.update(playerStateRef(uid), { leaves: state.leaves + 1, updatedAt: now });
    tx.set(roomRef(roomId), next);
    return next;
  });
}
