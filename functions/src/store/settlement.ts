import { contradictingReporters, type ReviewFlag } from '../core/fairplay/reportAbuse.js';
import { idleState, type Player, type PlayerState } from '../core/player/player.js';
import {
  alreadyDecided,
  recordReport,
  roomAfterVerdict,
  verdictAtDeadline,
  verdictNow,
  type Reporter,
  type Verdict,
} from '../core/room/results.js';
import { isLive, reportOverdue, requireRoom, type Result, type RoomDoc } from '../core/room/room.js';
import { planSettlement } from '../core/room/settlement.js';
import { changeDocument } from './firestore/optimistic.js';
import { playerRef, playerStateRef, reviewFlagRef, roomRef, seasonArchiveRef } from './firestore/refs.js';
import { transaction, type Tx } from './firestore/tx.js';
import type { Answered } from './rooms.js';
import type { LadderContext } from '../context.js';

/**
 * Settles a room inside the caller's transaction: reads its players' profiles and private states and the
 * review flags of those whose reports contradict the result, asks core for the plan (core/room/settlement.ts)
 * and writes it. The room leaving its live status is what makes a second settlement impossible.
 */
async function settle(tx: Tx, room: RoomDoc, result: Result, nowMs: number): Promise<RoomDoc> {
  const uids = room.memberUids;
  const reporters = contradictingReporters(room, result);
  const snaps = await tx.getAll([
    ...uids.map((id: string) => playerRef(tx, id)),
    ...uids.map((id: string) => playerStateRef(tx, id)),
    ...reporters.map((id: string) => reviewFlagRef(tx, id)),
  ]);
  const stateSnap = (i: number) => snaps[uids.length + i]!;
  const plan = planSettlement({
    room,
    result,
    ladder: tx.ctx.ladderOf(room.ladder),
    fairPlay: tx.ctx.config.fairPlay,
    players: new Map(uids.map((uid, i) => [uid, snaps[i]!.data() as Player])),
    states: new Map(uids.map((uid, i) => [uid, (stateSnap(i).data() as PlayerState | undefined) ?? idleState(nowMs)])),
    flags: new Map(
      reporters.map((uid, i) => [uid, (snaps[2 * uids.length + i]!.data() as ReviewFlag | undefined) ?? null]),
    ),
    nowMs,
  });
  for (const { uid, archive } of plan.archives) tx.create(seasonArchiveRef(tx, uid, archive.season), archive);
  for (const player of plan.players) tx.set(playerRef(tx, player.uid), player);
  for (const { uid, change } of plan.states) {
    const i = uids.indexOf(uid);
    // Only these fields, so that a leave counted in the same transaction (store/leaving.ts) stands beside them.
    if (stateSnap(i).exists) tx.update(playerStateRef(tx, uid), change);
    else tx.set(playerStateRef(tx, uid), { ...idleState(nowMs), ...change });
  }
  for (const flag of plan.flags) tx.set(reviewFlagRef(tx, flag.uid), flag);
  return plan.room;
}

export const apply = (tx: Tx, room: RoomDoc, verdict: Verdict, nowMs: number): Promise<RoomDoc> =>
  verdict.kind === 'settle'
    ? settle(tx, room, verdict.result, nowMs)
    : Promise.resolve(roomAfterVerdict(room, verdict, nowMs));

/** Whether a player of the room has yet to report: their report may arrive while this one settles the room. */
const othersMayReport = (room: RoomDoc) => room.memberUids.some((uid) => !room.reports[uid]);

/**
 * Records a result report and settles, disputes or waits as the reports now decide. Repeating a report changes
 * nothing. A report that leaves the room's verdict as it was changes the room alone and is written
 * optimistically, so a whole room reporting at once doesn't queue on locks.
 *
 * The report that makes the room settleable settles it. When the room's other players have all reported, its
 * sender's settling transaction records it too, so the room is written once. Otherwise the report is first
 * written optimistically, like any other: that write is what the rest of the room sees, so a report arriving
 * meanwhile finds the room settleable and, when it agrees, is not written at all (the room settles by the same
 * result without it) rather than starting a settlement of its own or queueing behind the other writes. Without
 * that, every player of the second side to report would run the settlement at once, each transaction holding
 * locks on the room and all its players that the others' commits and the room's other reports wait for (on the
 * emulator, seconds and lock timeouts for the nine players of a 5v5 behind the first). A room still settleable
 * SETTLING_GRACE_MS after it became so is settled by the next report or a repeated one, so a room whose settling
 * sender died is finished by a retry (and otherwise by the report deadline).
 */
export async function reportResult(
  ctx: LadderContext,
  reporter: Reporter,
  roomId: string,
  reported: Result,
): Promise<Answered> {
  const answer = await changeDocument<RoomDoc, Answered & { settle?: true }>(
    ctx,
    roomRef(ctx, roomId),
    (current) => {
      const room = requireRoom(current, roomId);
      const reportedRoom = recordReport(room, reporter, reported, ctx.clock.now());
      const settleable = isLive(room.status) && verdictNow(room).kind === 'settle';
      if (reportedRoom === room)
        return settleable ? { kind: 'transaction' } : { kind: 'unchanged', result: { room, first: false } };
      // Nothing to write: the room settles by this very result, being settled by whoever made it settleable.
      if (alreadyDecided(room, reporter, reported, ctx.clock.now()))
        return { kind: 'unchanged', result: { room, first: false } };
      const verdict = verdictNow(reportedRoom);
      if (verdict.kind === 'settle' && !settleable) {
        if (!othersMayReport(reportedRoom)) return { kind: 'transaction' };
        return { kind: 'write', document: reportedRoom, result: { room: reportedRoom, first: true, settle: true } };
      }
      // Settleable, and this report is to be written (past the grace, or a dissent the majority outweighs): it settles.
      if (verdict.kind === 'settle') return { kind: 'transaction' };
      const next = roomAfterVerdict(reportedRoom, verdict, ctx.clock.now());
      return { kind: 'write', document: next, result: { room: next, first: true } };
    },
    () => reportResultInTransaction(ctx, reporter, roomId, reported),
  );
  if (!answer.settle) return answer;
  // Recorded: this transaction finds the report there and settles by it (or sees the room settled already).
  const { room } = await reportResultInTransaction(ctx, reporter, roomId, reported);
  return { room, first: true };
}

function reportResultInTransaction(
  ctx: LadderContext,
  reporter: Reporter,
  roomId: string,
  reported: Result,
): Promise<Answered> {
  return transaction(ctx, async (tx) => {
    const room = requireRoom((await tx.get(roomRef(ctx, roomId))).data(), roomId);
    const now = ctx.clock.now();
    const reportedRoom = recordReport(room, reporter, reported, now);
    const verdict = verdictNow(reportedRoom);
    const first = reportedRoom !== room;
    // A repeated report still settles a room whose reports allow it (its first sender may have died before).
    if (!first && !(isLive(room.status) && verdict.kind === 'settle')) return { room, first };
    const next = await apply(tx, reportedRoom, verdict, now);
    tx.set(roomRef(ctx, roomId), next);
    return { room: next, first };
  });
}

/** Run by the matcher at a room's report deadline: settle what the reports allow, void the rest. */
export function closeOverdueRoom(ctx: LadderContext, roomId: string) {
  return transaction(ctx, async (tx) => {
    const room = (await tx.get(roomRef(ctx, roomId))).data();
    const now = ctx.clock.now();
    if (!room || !reportOverdue(room, now)) return room ?? null;
    const next = await apply(tx, room, verdictAtDeadline(room, ctx.config.results), now);
    tx.set(roomRef(ctx, roomId), next);
    return next;
  });
}
