import type { PlayerState } from '../core/player/player.js';
import { contradictingReporters, flagAfterReport, type ReviewFlag } from '../core/fairplay/reportAbuse.js';
import type { Result, RoomDoc } from '../core/room/room.js';
import { config } from '../config.js';
import { reviewFlagRef } from './refs.js';
import type { Tx } from './tx.js';

/**
 * For a room settling in this transaction, with its players' states as read by it: reads the review flags of
 * the players whose reports contradict the result (nothing when every report agreed). `counted` is the state
 * change of one player (none for the others), which the settlement writes with the rest of their state;
 * `flag` writes the flags, once the transaction's reads are done.
 */
export async function countFalseReports(
  tx: Tx,
  room: RoomDoc,
  result: Result,
  states: ReadonlyMap<string, PlayerState>,
  nowMs: number,
) {
  const reporters = contradictingReporters(room, result);
  const flags = reporters.length ? await tx.getAll(reporters.map(reviewFlagRef)) : [];
  const counts = new Map(reporters.map((uid) => [uid, states.get(uid)!.falseReports + 1]));
  return {
    counted: (uid: string): { falseReports?: number } => {
      const falseReports = counts.get(uid);
      return falseReports === undefined ? {} : { falseReports };
    },
    flag: () =>
      reporters.forEach((uid, i) => {
        const existing = (flags[i]!.data() as ReviewFlag | undefined) ?? null;
        const flag = flagAfterReport(uid, counts.get(uid)!, room.id, existing, config.fairPlay.reportAbuse, nowMs);
        if (flag) tx.set(reviewFlagRef(uid), flag);
      }),
  };
}
