import { z } from 'zod';
import { fail } from './errors.js';
import type { Player } from './player.js';
import type { PlayerOutcome, Verdict } from './result.js';
import { sideUids, type RoomDoc } from './room.js';

export const leavingConfigSchema = z.strictObject({
  /**
   * The share of their usual rating loss that the team-mates of a player who left lose (1: all of it; 0:
   * none). Below 1, a room with a leaver is no longer zero-sum.
   */
  teammateLossShare: z.number().min(0).max(1).default(1),
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
  if (room.status !== 'active' && room.status !== 'disputed') {
    fail('failed-precondition', `The room is ${room.status}; there is no game to leave.`);
  }
  return { ...room, forfeits: [...room.forfeits, uid], updatedAt: nowMs };
}

/**
 * What the players who left decide on their own: a team room whose whole side left is won by the other side;
 * a free-for-all room left by all but one is won by that one, everyone else tied last. Null while the game
 * goes on.
 */
export function forfeitVerdict(room: RoomDoc): Extract<Verdict, { kind: 'settle' }> | null {
  const left = new Set(room.forfeits);
  if (room.kind === 'team') {
    const [a, b] = sideUids(room);
    if (a!.every((uid) => left.has(uid))) return { kind: 'settle', result: { outcome: 'B' } };
    if (b!.every((uid) => left.has(uid))) return { kind: 'settle', result: { outcome: 'A' } };
    return null;
  }
  const staying = room.memberUids.filter((uid) => !left.has(uid));
  if (staying.length > 1) return null;
  return {
    kind: 'settle',
    result: { placements: Object.fromEntries(room.memberUids.map((uid) => [uid, staying.includes(uid) ? 1 : 2])) },
  };
}

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
