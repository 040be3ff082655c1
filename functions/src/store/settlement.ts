import { afterGame, cappedPairs, opponentsIn, unratedReason } from '../core/fairplay/rematchWindow.js';
import { historyRow } from '../core/room/history.js';
import { softenForLeavers } from '../core/fairplay/leaving.js';
import { pointerAfterSettling } from '../core/queue/presence.js';
import { countFalseReports } from './reportAbuse.js';
import { idleState, recordGame, standingOn, type Player, type PlayerState } from '../core/player/player.js';
import {
  recordReport,
  roomAfterVerdict,
  settledRoom,
  settleRoom,
  verdictAtDeadline,
  verdictNow,
  withoutRatingChange,
  type Reporter,
  type Verdict,
} from '../core/room/results.js';
import { isLive, reportOverdue, requireRoom, type Result, type RoomDoc } from '../core/room/room.js';
import { config } from '../config.js';
import { historyRef, playerRef, playerStateRef, roomRef } from './refs.js';
import { changeDocument, type Decision } from './optimistic.js';
import { standingForRoom } from './seasons.js';
import { transaction, type Tx } from './tx.js';
import type { VisibleRank } from '../core/ladder/visibleRank.js';

/**
 * Settles a room inside the caller's transaction: the rating core's change for every player on the room's
 * ladder, their records, a history row each, whom each one met (their private state), and the changes on the
 * room for its listeners. A room holding a pair of opponents past the daily cap settles unrated: no rating or
 * record moves, and the room and history say why. The room leaving its live status is what frees the players
 * and what makes a second settlement impossible, so each game is counted once.
 */
async function settle(tx: Tx, room: RoomDoc, result: Result, nowMs: number): Promise<RoomDoc> {
  const ladder = config.ladders[room.ladder]!;
  const { farming } = config.fairPlay;
  const uids = room.memberUids;
  const snaps = await tx.getAll([...uids.map(playerRef), ...uids.map(playerStateRef)]);
  const players = new Map(uids.map((uid, i) => [uid, snaps[i]!.data() as Player]));
  const states = new Map(
    uids.map((uid, i) => [uid, (snaps[uids.length + i]!.data() as PlayerState | undefined) ?? idleState(nowMs)]),
  );
  const stateRead = new Map(uids.map((uid, i) => [uid, snaps[uids.length + i]!.exists]));
  const falseReports = await countFalseReports(tx, room, result, states, nowMs);
  // A player the season close has not reached yet is closed first: this game counts for the room's season.
  const standings = new Map(
    uids.map((uid) => [uid, standingForRoom(tx, uid, standingOn(players.get(uid)!, room.ladder, ladder), room, nowMs)]),
  );
  const capped = cappedPairs(room, new Map(uids.map((uid) => [uid, states.get(uid)!.meetings])), farming, nowMs);
  const unrated = capped.length
    ? { reason: unratedReason(capped, room.names, farming.dailyPairCap!), pairs: capped }
    : null;
  const rated = softenForLeavers(room, settleRoom(room, result, standings, ladder), config.fairPlay.leaving);
  const outcomes = unrated ? rated.map(withoutRatingChange) : rated;
  const ranks = new Map<string, { before: VisibleRank; after: VisibleRank }>();
  const ticketIds = room.sides.flatMap((side) => side.tickets.map((t) => t.ticketId));
  for (const outcome of outcomes) {
    const player = players.get(outcome.uid)!;
    const before = standings.get(outcome.uid)!;
    const standing = unrated
      ? before
      : recordGame(before, outcome.update.after, outcome.outcome, ladder, nowMs, outcome.update.skill);
    ranks.set(outcome.uid, { before: before.visible, after: standing.visible });
    tx.set(playerRef(outcome.uid), {
      ...player,
      ladders: { ...player.ladders, [room.ladder]: standing },
      updatedAt: nowMs,
    });
    tx.create(historyRef(outcome.uid, room.id), historyRow(room, outcome, nowMs, unrated?.reason ?? null));
    const opponents = opponentsIn(room, outcome.uid).map((uid) => ({ uid, displayName: room.names[uid] ?? uid }));
    const change = {
      meetings: afterGame(states.get(outcome.uid)!.meetings, opponents, farming, nowMs),
      ...falseReports.counted(outcome.uid),
      ...pointerAfterSettling(states.get(outcome.uid)!, ticketIds),
      updatedAt: nowMs,
    };
    // Only these fields, so that a leave counted in the same transaction (store/leaving.ts) stands beside them.
    if (stateRead.get(outcome.uid)) tx.update(playerStateRef(outcome.uid), change);
    else tx.set(playerStateRef(outcome.uid), { ...states.get(outcome.uid)!, ...change });
  }
  falseReports.flag();
  return { ...settledRoom(room, result, outcomes, ranks, nowMs), unrated };
}

export const apply = (tx: Tx, room: RoomDoc, verdict: Verdict, nowMs: number): Promise<RoomDoc> =>
  verdict.kind === 'settle'
    ? settle(tx, room, verdict.result, nowMs)
    : Promise.resolve(roomAfterVerdict(room, verdict, nowMs));

/**
 * Records a result report and settles, disputes or waits as the reports now decide. Repeating a report changes
 * nothing. A report that leaves the room's verdict as it was changes the room alone and is written
 * optimistically, so a whole room reporting at once doesn't queue on locks. The one report that makes the room
 * settleable is recorded by its sender's settling transaction, so the room is written once; a report arriving
 * while that runs finds the room settleable and is written optimistically beside it. A repeated report of a
 * settleable room settles too, so a room whose settling sender died is finished by a retry (and otherwise by
 * the report deadline).
 */
export function reportResult(reporter: Reporter, roomId: string, reported: Result): Promise<RoomDoc> {
  return changeDocument(
    roomRef(roomId),
    (current): Decision<RoomDoc, RoomDoc> => {
      const room = requireRoom(current, roomId);
      const reportedRoom = recordReport(room, reporter, reported, Date.now());
      const settleable = isLive(room.status) && verdictNow(room).kind === 'settle';
      if (reportedRoom === room) return settleable ? { kind: 'transaction' } : { kind: 'unchanged', result: room };
      const verdict = verdictNow(reportedRoom);
      if (verdict.kind === 'settle' && !settleable) return { kind: 'transaction' };
      const next = verdict.kind === 'settle' ? reportedRoom : roomAfterVerdict(reportedRoom, verdict, Date.now());
      return { kind: 'write', document: next, result: next };
    },
    () => reportResultInTransaction(reporter, roomId, reported),
  );
}

function reportResultInTransaction(reporter: Reporter, roomId: string, reported: Result) {
  return transaction(async (tx) => {
    const room = requireRoom((await tx.get(roomRef(roomId))).data(), roomId);
    const now = Date.now();
    const reportedRoom = recordReport(room, reporter, reported, now);
    const verdict = verdictNow(reportedRoom);
    // A repeated report still settles a room whose reports allow it (its first sender may have died before).
    if (reportedRoom === room && !(isLive(room.status) && verdict.kind === 'settle')) return room;
    const next = await apply(tx, reportedRoom, verdict, now);
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
