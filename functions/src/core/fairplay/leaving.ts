import { z } from 'zod';
import { fail } from '../errors.js';
import { withOpening } from '../mode/backfill.js';
import type { Mode } from '../mode/modes.js';
import type { Player } from '../player/player.js';
import type { PlayerOutcome, Verdict } from '../room/results.js';
import { sideUids, type RoomDoc } from '../room/room.js';

export const leavingConfigSchema = z.strictObject({
  /**
   * The share of their usual rating loss that the team-mates of a player who left lose (1: all of it; 0:
   * none). Below 1, a room with a leaver is no longer zero-sum.
   */
  teammateLossShare: z.number().min(0).max(1).default(1),
  /**
   * Seconds past a mode's `leaveAfterSilentSeconds` that the server waits before taking a silent player to have
   * left: a beat is stamped when its call starts and seen once it commits, so under load a beat sent in time
   * lands late. The SDK beats every half window, so half the window plus this must cover the heartbeat's round
   * trip at its tail (`npm run simulate` prints its p99; docs/lab/operations.md has the figure behind the default).
   */
  silenceGraceSeconds: z.number().min(0).max(120).default(15),
});
export type LeavingConfig = z.infer<typeof leavingConfigSchema>;

/**
 * A player leaves a game that has started: they are recorded as having forfeited it (a loss for their side
 * once it settles). Leaving twice changes nothing; a game not yet started is left by declining its ready check.
 */
export function forfeitRoom(room: RoomDoc, uid: string, nowMs: number): RoomDoc {
  if (!room.memberUids.includes(uid)) fail('permission-denied', 'You are not a player in this room.');
  if (room.forfeits.includes(uid)) return room;
  if (room.status === 'pending') {
    fail('failed-precondition', 'The game has not started: decline the ready check instead of leaving.');
  }
  if (!inPlay(room)) {
    fail('failed-precondition', `The room is ${room.status}; there is no game to leave.`);
  }
  // A free-for-all room with backfill may take a late joiner in the seat just left.
  return withOpening({ ...room, forfeits: [...room.forfeits, uid], updatedAt: nowMs });
}

/** Why a game every side left is void. */
export const EVERY_SIDE_LEFT = 'every side left the game, so nobody won it';

/**
 * What the players who left decide on their own. A side has left when all its players have (in free-for-all,
 * each player is a side): one player leaving a team leaves the game to their team-mates, as before. A team room
 * whose whole side left is won by the other side; a free-for-all room left by all but one is won by that one,
 * everyone else tied last. A room that every side has left (leaves found together: in one sweep, or a forfeit
 * while the others are past their silence) is void: nobody stayed to win, so no rating moves, and every leave
 * still counts. Null while the game goes on. Bots never leave: a room seated with bots is lost to them once its
 * humans have all left.
 */
export function forfeitVerdict(room: RoomDoc): Extract<Verdict, { kind: 'settle' | 'void' }> | null {
  const left = new Set(room.forfeits);
  if (room.kind === 'team') {
    // A side of bots alone (a room seated with bots) never leaves: its humans leaving lose to it.
    const [a, b] = sideUids(room).map((uids) => uids.length > 0 && uids.every((uid) => left.has(uid)));
    if (a && b) return { kind: 'void', reason: EVERY_SIDE_LEFT };
    if (a) return { kind: 'settle', result: { outcome: 'B' } };
    if (b) return { kind: 'settle', result: { outcome: 'A' } };
    return null;
  }
  const staying = room.memberUids.filter((uid) => !left.has(uid));
  // Bots play on while a human stays; once all have left, every human finishes behind them.
  if (room.bots.length > 0)
    return staying.length ? null : { kind: 'settle', result: { placements: placedLast(room.memberUids) } };
  if (staying.length > 1) return null;
  if (staying.length === 0) return { kind: 'void', reason: EVERY_SIDE_LEFT };
  return {
    kind: 'settle',
    result: { placements: Object.fromEntries(room.memberUids.map((uid) => [uid, staying.includes(uid) ? 1 : 2])) },
  };
}

const placedLast = (uids: readonly string[]) => Object.fromEntries(uids.map((uid) => [uid, 2]));

/**
 * Softens the loss of the players who stayed in a team game a team-mate left: each loses `teammateLossShare`
 * of their loss, rounded towards zero. Winners, leavers and free-for-all rooms are unchanged.
 */
export function softenForLeavers(room: RoomDoc, outcomes: PlayerOutcome[], config: LeavingConfig): PlayerOutcome[] {
  if (room.kind !== 'team' || config.teammateLossShare === 1 || room.forfeits.length === 0) return outcomes;
  const left = new Set(room.forfeits);
  const sideOf = new Map(sideUids(room).flatMap((uids, side) => uids.map((uid) => [uid, side])));
  const sidesLeft = new Set(room.forfeits.map((uid) => sideOf.get(uid)));
  return outcomes.map((o) => {
    if (o.outcome !== 'loss' || left.has(o.uid) || !sidesLeft.has(sideOf.get(o.uid)) || o.update.delta >= 0) return o;
    // `|| 0`: a share of 0 would leave -0, which reads as a loss of nothing but compares unequal to 0.
    const delta = Math.trunc(o.update.delta * config.teammateLossShare) || 0;
    return { ...o, update: { ...o.update, after: o.update.before + delta, delta } };
  });
}

/** A player's leaving record as the profile shows it: games left, games played, and the share left. */
export interface LeaveStanding {
  leaves: number;
  games: number;
  /** Leaves per game played, 0 to 1. */
  leaveRate: number;
}

export function leaveStanding(player: Pick<Player, 'ladders'>, leaves: number): LeaveStanding {
  const games = Object.values(player.ladders).reduce((sum, s) => sum + s.games, 0);
  return { leaves, games, leaveRate: leaves === 0 ? 0 : leaves / Math.max(games, leaves) };
}

/**
 * `rooms/{id}/beats/{uid}`: a player's latest heartbeat in a started game of a mode that counts silence as
 * leaving (`leaveAfterSilentSeconds`); one document per player, beside the room rather than in it.
 */
export const gameBeatSchema = z.object({ uid: z.string(), at: z.number().int() });
export type GameBeat = z.infer<typeof gameBeatSchema>;

/**
 * Whether a game beat pays for itself: it comes a quarter of the silence allowance or more after the player's last
 * one (the SDK beats every half of it), so a player records at most four such beats per allowance in a room. An
 * earlier beat is counted against the rate limit.
 */
export const gameBeatPaid = (lastAt: number | null, silentSeconds: number, nowMs: number) =>
  lastAt === null || nowMs - lastAt >= (silentSeconds * 1000) / 4;

/** A game that has started and is not over: what a player can leave, and where their heartbeats count. */
export const inPlay = (room: Pick<RoomDoc, 'status'>) => room.status === 'active' || room.status === 'disputed';

/** When a started room's game began: its report deadline, set as it started, less the mode's report time. */
export function gameStartedAt(room: Pick<RoomDoc, 'reportDeadline'>, mode: Pick<Mode, 'reportTimeoutSeconds'>) {
  if (room.reportDeadline === null) throw new Error('a room that has not started has no start');
  return room.reportDeadline - mode.reportTimeoutSeconds * 1000;
}

/** Who has gone silent in a started game, and when the next of the others would, if they stay silent. */
export interface Silence {
  silent: string[];
  nextCheckAt: number | null;
}

/**
 * The players of a started game (active or disputed) who sent no heartbeat for `silentAfterSeconds` and the
 * grace after it (`silenceGraceSeconds`, for beats in flight), counted from their last beat, the start of the
 * game or when they joined it late, whichever is latest: they are taken to have left it. Players who left already
 * are not counted again.
 */
export function goneSilent(
  room: Pick<RoomDoc, 'status' | 'memberUids' | 'forfeits' | 'late'>,
  beats: ReadonlyMap<string, number>,
  silentAfterSeconds: number,
  startedAt: number,
  nowMs: number,
  graceSeconds: number,
): Silence {
  if (!inPlay(room)) return { silent: [], nextCheckAt: null };
  const quietMs = Math.round((silentAfterSeconds + graceSeconds) * 1000);
  const quietFrom = room.memberUids
    .filter((uid) => !room.forfeits.includes(uid))
    // A late joiner's silence counts from when they joined, not from the start of a game they were not in.
    .map((uid) => ({ uid, until: Math.max(startedAt, room.late[uid] ?? 0, beats.get(uid) ?? 0) + quietMs }));
  const waiting = quietFrom.filter((p) => p.until > nowMs).map((p) => p.until);
  return {
    silent: quietFrom.filter((p) => p.until <= nowMs).map((p) => p.uid),
    nextCheckAt: waiting.length ? Math.min(...waiting) : null,
  };
}
