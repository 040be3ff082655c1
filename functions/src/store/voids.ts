import { opponentsIn } from '../core/fairplay/pairCap.js';
import type { Player, PlayerState } from '../core/player/player.js';
import type { Standing } from '../core/ladder/standing.js';
import { gameRow, type HistoryRow } from '../core/room/history.js';
import type { RoomDoc } from '../core/room/room.js';
import {
  enoughToReplay,
  gamesToReplay,
  meetingsWithoutGame,
  reversalRow,
  voidableRoom,
  withoutGame,
  type MetGame,
} from '../core/room/void.js';
import { roomsOf } from './history.js';
import { audit } from './audit.js';
import { historyRef, playerRef, playerStateRef, roomRef } from './firestore/refs.js';
import { transaction, type Tx } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

/**
 * Everything a void changes, read in one round: each player's profile and state, and their row for the game: the
 * room's own, or the row an older release stored for it (that one is marked voided too).
 */
async function readPlayersOf(tx: Tx, room: RoomDoc) {
  const uids = room.memberUids;
  const snaps = await tx.getAll([
    ...uids.map((id: string) => playerRef(tx, id)),
    ...uids.map((id: string) => playerStateRef(tx, id)),
    ...uids.map((u) => historyRef(tx, u, room.id)),
  ]);
  const at = (block: number, i: number) => snaps[block * uids.length + i]!.data();
  return uids.map((uid, i) => {
    const stored = at(2, i) as HistoryRow | undefined;
    const game = stored ?? gameRow(room, uid) ?? undefined;
    return { uid, player: at(0, i) as Player | undefined, state: at(1, i) as PlayerState | undefined, stored, game };
  });
}

type Read = Awaited<ReturnType<typeof readPlayersOf>>[number];

const PAGE = 20;

/**
 * The player's games their meetings are replayed from once the voided one is gone (core `gamesToReplay`): their
 * settled rooms newest first, page by page until enough are read, less voided ones and games against bots.
 */
async function gamesStillCounting(tx: Tx, uid: string, voided: string): Promise<MetGame[]> {
  const farming = tx.ctx.config.fairPlay.farming;
  const games: MetGame[] = [];
  let query = roomsOf(tx, uid).where('status', '==', 'settled').orderBy('endedAt', 'desc').limit(PAGE);
  for (;;) {
    const page = await tx.query(query, 'rooms');
    for (const doc of page.docs) {
      const room = doc.data();
      if (room.id === voided || room.voided || room.bots.length > 0 || room.endedAt === null) continue;
      const opponents = opponentsIn(room, uid).map((o) => ({ uid: o, displayName: room.names[o] ?? o }));
      games.push({ at: room.endedAt, opponents });
    }
    const last = page.docs[page.docs.length - 1];
    if (!last || page.size < PAGE || enoughToReplay(games, farming)) return gamesToReplay(games, farming);
    query = query.startAfter(last);
  }
}

/** Takes the game back for one player: standing, the reversal row, the pair counts (the room marks the game's row). */
function reverseFor(tx: Tx, room: RoomDoc, read: Read, replayed: MetGame[], reason: string, nowMs: number) {
  const { uid, player, state, stored, game } = read;
  // A player whose account was deleted since has no profile to correct; their tombstone rows stay as they are.
  if (!player || !game) return null;
  const ladder = tx.ctx.ladderOf(room.ladder);
  const before = player.ladders[room.ladder];
  if (!before) return null;
  const after: Standing = withoutGame(before, game, room.season, ladder, nowMs);
  tx.set(playerRef(tx, uid), { ...player, ladders: { ...player.ladders, [room.ladder]: after }, updatedAt: nowMs });
  if (stored) tx.set(historyRef(tx, uid, room.id), { ...stored, voidedAt: nowMs });
  tx.create(historyRef(tx, uid, `void:${room.id}`), reversalRow(room, game, before.rating, reason, nowMs));
  if (state?.meetings) {
    const meetings = meetingsWithoutGame(
      state.meetings,
      replayed,
      room.bots.length === 0,
      tx.ctx.config.fairPlay.farming,
    );

    tx.update(playerStateRef(tx, uid), { meetings, updatedAt: nowMs });
  }
  return { uid, before: before.rating, after: after.rating, delta: 0 - game.delta };
}

/**
 * Voids a settled room, once: every player's rating change is reversed as a delta (games played since keep
 * theirs), the game leaves their records and season count, their meetings are replayed without it (so a pair's
 * earlier meetings still count for the rematch window and the daily cap), their history shows the reversal,
 * and the room is marked voided. One transaction with its audit row; a second void is refused and changes nothing.
 */
export function voidRoom(ctx: LadderContext, actor: string, roomId: string, reason: string) {
  return transaction(ctx, async (tx) => {
    const room = voidableRoom((await tx.get(roomRef(ctx, roomId))).data(), roomId);
    const read = await readPlayersOf(tx, room);
    const replayed: MetGame[][] = [];
    for (const { uid, state } of read) replayed.push(state?.meetings ? await gamesStillCounting(tx, uid, room.id) : []);
    const now = ctx.clock.now();
    const reversed = read.flatMap((r, i) => reverseFor(tx, room, r, replayed[i]!, reason, now) ?? []);
    const next: RoomDoc = { ...room, voided: { at: now, by: actor, reason }, updatedAt: now };
    tx.set(roomRef(ctx, roomId), next);
    const before = { ratingChanges: room.ratingChanges, result: room.result };
    const row = audit(tx, { action: 'voidRoom', actor, target: roomId, reason, before, after: { reversed } }, now);
    return { room: next, reversed, auditId: row.id };
  });
}
