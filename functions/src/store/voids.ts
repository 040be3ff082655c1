import { opponentsIn } from '../core/fairplay/pairCap.js';
import type { Player, PlayerState, Standing } from '../core/player/player.js';
import { gameRow, type HistoryRow } from '../core/room/history.js';
import type { RoomDoc } from '../core/room/room.js';
import { meetingsWithoutGame, reversalRow, voidableRoom, withoutGame } from '../core/room/void.js';
import { ladderOf } from '../config.js';
import { audit } from './audit.js';
import { historyRef, playerRef, playerStateRef, roomRef } from './firestore/refs.js';
import { transaction, type Tx } from './firestore/tx.js';

/**
 * Everything a void changes, read in one round: each player's profile and state, and their row for the game: the
 * room's own, or the row an older release stored for it (that one is marked voided too).
 */
async function readPlayersOf(tx: Tx, room: RoomDoc) {
  const uids = room.memberUids;
  const snaps = await tx.getAll([
    ...uids.map(playerRef),
    ...uids.map(playerStateRef),
    ...uids.map((u) => historyRef(u, room.id)),
  ]);
  const at = (block: number, i: number) => snaps[block * uids.length + i]!.data();
  return uids.map((uid, i) => {
    const stored = at(2, i) as HistoryRow | undefined;
    const game = stored ?? gameRow(room, uid) ?? undefined;
    return { uid, player: at(0, i) as Player | undefined, state: at(1, i) as PlayerState | undefined, stored, game };
  });
}

type Read = Awaited<ReturnType<typeof readPlayersOf>>[number];

/** Takes the game back for one player: standing, the reversal row, the pair counts (the room marks the game's row). */
function reverseFor(tx: Tx, room: RoomDoc, { uid, player, state, stored, game }: Read, reason: string, nowMs: number) {
  // A player whose account was deleted since has no profile to correct; their tombstone rows stay as they are.
  if (!player || !game) return null;
  const ladder = ladderOf(room.ladder);
  const before = player.ladders[room.ladder];
  if (!before) return null;
  const after: Standing = withoutGame(before, game, room.season, ladder, nowMs);
  tx.set(playerRef(uid), { ...player, ladders: { ...player.ladders, [room.ladder]: after }, updatedAt: nowMs });
  if (stored) tx.set(historyRef(uid, room.id), { ...stored, voidedAt: nowMs });
  tx.create(historyRef(uid, `void:${room.id}`), reversalRow(room, game, before.rating, reason, nowMs));
  if (state?.meetings) {
    const meetings = meetingsWithoutGame(state.meetings, opponentsIn(room, uid), room.endedAt ?? nowMs);
    tx.update(playerStateRef(uid), { meetings, updatedAt: nowMs });
  }
  return { uid, before: before.rating, after: after.rating, delta: 0 - game.delta };
}

/**
 * Voids a settled room, once: every player's rating change is reversed as a delta (games played since keep
 * theirs), the game leaves their records, season count and daily pair count, their history shows the reversal,
 * and the room is marked voided. One transaction with its audit row; a second void is refused and changes nothing.
 */
export function voidRoom(actor: string, roomId: string, reason: string) {
  return transaction(async (tx) => {
    const room = voidableRoom((await tx.get(roomRef(roomId))).data(), roomId);
    const read = await readPlayersOf(tx, room);
    const now = Date.now();
    const reversed = read.flatMap((r) => reverseFor(tx, room, r, reason, now) ?? []);
    const next: RoomDoc = { ...room, voided: { at: now, by: actor, reason }, updatedAt: now };
    tx.set(roomRef(roomId), next);
    const before = { ratingChanges: room.ratingChanges, result: room.result };
    const row = audit(tx, { action: 'voidRoom', actor, target: roomId, reason, before, after: { reversed } }, now);
    return { room: next, reversed, auditId: row.id };
  });
}
