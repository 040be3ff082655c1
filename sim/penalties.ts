/**
 * The fair-play penalties a run left in the database, for the report: dodges remembered, leaves and the rooms
 * they decided, reports that contradicted a settled result and the players flagged for review.
 */
import type { AppConfig } from '../functions/src/core/config.js';
import { forfeitVerdict } from '../functions/src/core/leaving.js';
import type { Snapshot } from './invariants.js';

export interface Penalties {
  /** Players whose last dodge is on record, and the highest cooldown step any of them reached. */
  dodgers: number;
  highestDodgeStep: number;
  /** Players cooling down when the run ended. */
  coolingDownAtEnd: number;
  leaves: number;
  leavers: number;
  /** Settled rooms a whole side (or all but one free-for-all player) left. */
  roomsDecidedByLeaving: number;
  falseReports: number;
  flaggedForReview: number;
}

export function penalties(snapshot: Snapshot, config: AppConfig, endedAt: number): Penalties {
  const states = snapshot.states;
  return {
    dodgers: states.filter((s) => (s.dodges?.count ?? 0) > 0).length,
    highestDodgeStep: Math.max(0, ...states.map((s) => s.dodges?.count ?? 0)),
    coolingDownAtEnd: states.filter((s) => (s.cooldownUntil ?? 0) > endedAt).length,
    leaves: states.reduce((sum, s) => sum + s.leaves, 0),
    leavers: states.filter((s) => s.leaves > 0).length,
    roomsDecidedByLeaving: snapshot.rooms.filter((r) => r.status === 'settled' && forfeitVerdict(r) !== null).length,
    falseReports: states.reduce((sum, s) => sum + s.falseReports, 0),
    flaggedForReview: states.filter((s) => s.falseReports >= config.fairPlay.reportAbuse.flagAfter).length,
  };
}
