import { historyRow } from '../core/history.js';
import { recordGame, standingOn, type Player } from '../core/player.js';
import {
  recordReport,
  roomAfterVerdict,
  settledRoom,
  settleRoom,
  verdictAtDeadline,
  verdictNow,
  type Reporter,
  type Verdict,
} from '../core/result.js';
import { reportOverdue, requireRoom, type Result, type RoomDoc } from '../core/room.js';
import { config } from '../config.js';
import { historyRef, playerRef, roomRef } from './refs.js';
import { transaction, type Tx } from './tx.js';

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
  for (const outcome of outcomes) {
    const player = players.get(outcome.uid)!;
    const standing = recordGame(standings.get(outcome.uid)!, outcome.update.after, outcome.outcome);
    tx.set(playerRef(outcome.uid), {
      ...player,
      ladders: { ...player.ladders, [room.ladder]: standing },
      updatedAt: nowMs,
    });
    tx.create(historyRef(outcome.uid, room.id), historyRow(room, outcome, nowMs));
  }
  return settledRoom(room, result, outcomes, nowMs);
}

const apply = (tx: Tx, room: RoomDoc, verdict: Verdict, nowMs: number): Promise<RoomDoc> =>
  verdict.kind === 'settle'
    ? settle(tx, room, verdict.result, nowMs)
    : Promise.resolve(roomAfterVerdict(room, verdict, nowMs));

/** Records a result report and settles, disputes or waits as the reports now decide. Repeating a report changes nothing. */
export function reportResult(reporter: Reporter, roomId: string, reported: Result) {
  return transaction(async (tx) => {
    const room = requireRoom((await tx.get(roomRef(roomId))).data(), roomId);
    const now = Date.now();
    const reportedRoom = recordReport(room, reporter, reported, now);
    if (reportedRoom === room) return room;
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
    if (!room || !reportOverdue(room, now)) return room ?? null;
    const next = await apply(tx, room, verdictAtDeadline(room, config.results), now);
    tx.set(roomRef(roomId), next);
    return next;
  });
}
