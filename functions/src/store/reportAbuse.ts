import { idleState, type PlayerState } from '../core/player.js';
import { contradictingReporters, flagAfterReport, type ReviewFlag } from '../core/reportAbuse.js';
import type { Result, RoomDoc } from '../core/room.js';
import { config } from '../config.js';
import { playerStateRef, reviewFlagRef } from './refs.js';
import type { Tx } from './tx.js';

/**
 * For a room settling in this transaction: reads what counting its contradicting reports needs (nothing when
 * every report agreed), and returns the writes to make once the transaction's reads are done.
 */
export async function countFalseReports(tx: Tx, room: RoomDoc, result: Result, nowMs: number): Promise<() => void> {
  const reporters = contradictingReporters(room, result);
  if (reporters.length === 0) return () => {};
  const snaps = await tx.getAll([...reporters.map(playerStateRef), ...reporters.map(reviewFlagRef)]);
  return () =>
    reporters.forEach((uid, i) => {
      const state = (snaps[i]!.data() as PlayerState | undefined) ?? idleState(nowMs);
      const falseReports = state.falseReports + 1;
      tx.set(playerStateRef(uid), { ...state, falseReports, updatedAt: nowMs });
      const existing = (snaps[reporters.length + i]!.data() as ReviewFlag | undefined) ?? null;
      const flag = flagAfterReport(uid, falseReports, room.id, existing, config.fairPlay.reportAbuse, nowMs);
      if (flag) tx.set(reviewFlagRef(uid), flag);
    });
}
