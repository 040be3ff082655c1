import { z } from 'zod';
import { fail } from '../core/errors.js';
import { standingOn, type Player } from '../core/player.js';
import { settleRoom, validateResult, verdictAtDeadline, verdictNow, type Verdict } from '../core/result.js';
import { isLive, type Result, type RoomDoc } from '../core/room.js';
import { config } from '../config.js';
import { converter } from './converters.js';
import { playerRef } from './players.js';
import { roomRef } from './refs.js';
import { transaction, type Tx } from './tx.js';

/** `players/{uid}/history/{roomId}`: one row per settled game, readable by the player alone. */
export const historyRowSchema = z.object({
  roomId: z.string(),
  mode: z.string(),
  ladder: z.string(),
  outcome: z.enum(['win', 'loss', 'draw']),
  ratingBefore: z.number().int(),
  ratingAfter: z.number().int(),
  delta: z.number().int(),
  settledAt: z.number().int(),
});
export const historyRef = (uid: string, roomId: string) =>
  playerRef(uid).collection('history').doc(roomId).withConverter(converter(historyRowSchema));

/**
 * Settles a room inside the caller's transaction: the rating core's change for every player on the room's
 * ladder, their records, a history row each, and the changes on the room for its listeners. The room leaving
 * its live status is what frees the players and what makes a second settlement impossible.
 */
async function settle(tx: Tx, room: RoomDoc, result: Result, nowMs: number): Promise<RoomDoc> {
  const ladder = config.ladders[room.ladder]!;
  const snaps = await tx.getAll(room.memberUids.map(playerRef));
  const players = new Map(snaps.map((s) => [s.id, s.data() as Player]));
  const standings = new Map(
    room.memberUids.map((uid) => [uid, standingOn(players.get(uid)!, room.ladder, ladder.initialRating)]),
  );
  const outcomes = settleRoom(room, result, standings, ladder);
  for (const { uid, update, outcome } of outcomes) {
    const player = players.get(uid)!;
    const before = standings.get(uid)!;
    const standing = {
      rating: update.after,
      games: before.games + 1,
      wins: before.wins + (outcome === 'win' ? 1 : 0),
      losses: before.losses + (outcome === 'loss' ? 1 : 0),
      draws: before.draws + (outcome === 'draw' ? 1 : 0),
    };
    tx.set(playerRef(uid), { ...player, ladders: { ...player.ladders, [room.ladder]: standing }, updatedAt: nowMs });
    tx.create(historyRef(uid, room.id), {
      roomId: room.id,
      mode: room.mode,
      ladder: room.ladder,
      outcome,
      ratingBefore: update.before,
      ratingAfter: update.after,
      delta: update.delta,
      settledAt: nowMs,
    });
  }
  const ratingChanges = Object.fromEntries(
    outcomes.map(({ uid, update }) => [uid, { before: update.before, after: update.after, delta: update.delta }]),
  );
  return { ...room, status: 'settled', result, ratingChanges, updatedAt: nowMs, endedAt: nowMs, endReason: 'settled' };
}

async function apply(tx: Tx, room: RoomDoc, verdict: Verdict, nowMs: number): Promise<RoomDoc> {
  switch (verdict.kind) {
    case 'settle':
      return settle(tx, room, verdict.result, nowMs);
    case 'void':
      return { ...room, status: 'voided', updatedAt: nowMs, endedAt: nowMs, endReason: verdict.reason };
    case 'dispute':
      return { ...room, status: 'disputed', updatedAt: nowMs };
    case 'wait':
      return { ...room, status: 'active', updatedAt: nowMs };
  }
}

export interface Reporter {
  uid: string;
  /** A trusted game server (custom claim): reports for any room and settles it at once. */
  authoritative: boolean;
}

/** Records a result report and settles, disputes or waits as the reports now decide. Repeating a report changes nothing. */
export function reportResult(reporter: Reporter, roomId: string, reported: Result) {
  return transaction(async (tx) => {
    const room = (await tx.get(roomRef(roomId))).data();
    if (!room) fail('not-found', `There is no room ${roomId}.`);
    if (!reporter.authoritative && !room.memberUids.includes(reporter.uid)) {
      fail('permission-denied', 'Only the players of a room (or a trusted game server) can report its result.');
    }
    if (room.status === 'settled') return room;
    if (room.status === 'pending')
      fail('failed-precondition', 'The game has not started: the ready check is still open.');
    if (!isLive(room.status)) fail('failed-precondition', `The room is ${room.status}; there is nothing to report.`);
    const result = validateResult(room, reported);
    const previous = room.reports[reporter.uid];
    if (
      previous &&
      JSON.stringify(previous.result) === JSON.stringify(result) &&
      previous.authoritative === reporter.authoritative
    ) {
      return room;
    }
    const now = Date.now();
    const reportedRoom = {
      ...room,
      reports: { ...room.reports, [reporter.uid]: { result, at: now, authoritative: reporter.authoritative } },
    };
    const next = await apply(tx, reportedRoom, verdictNow(reportedRoom), now);
    tx.set(roomRef(roomId), next);
    return next;
  });
}

/** Run by the matcher at a room's report deadline: settle what the reports allow, void the rest. */
export function closeOverdueRoom(roomId: string) {
  return transaction(async (tx) => {
    const room = (await tx.get(roomRef(roomId))).data();
    const now = Date.now();
    if (
      !room ||
      room.status === 'pending' ||
      !isLive(room.status) ||
      room.reportDeadline === null ||
      room.reportDeadline > now
    ) {
      return room ?? null;
    }
    const next = await apply(tx, room, verdictAtDeadline(room, config.results), now);
    tx.set(roomRef(roomId), next);
    return next;
  });
}
