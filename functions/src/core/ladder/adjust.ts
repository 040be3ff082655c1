import { z } from 'zod';
import { fail } from '../errors.js';
import { ranked, type Standing } from './standing.js';
import type { HistoryRow } from '../room/history.js';
import type { Ladder } from './ladder.js';

/** The largest correction one call may make; a bigger one is several audited calls, each with its reason. */
export const MAX_ADJUSTMENT = 1000;

export const adjustmentDeltaSchema = z
  .number()
  .int('must be a whole number of rating points')
  .min(-MAX_ADJUSTMENT, `must be at least -${MAX_ADJUSTMENT}`)
  .max(MAX_ADJUSTMENT, `must be at most ${MAX_ADJUSTMENT}`)
  .refine((delta) => delta !== 0, 'must not be 0: an adjustment changes the rating');

/**
 * A standing moved by `delta` rating points outside any game: the record stays, the season's peak follows a
 * rise, and the visible rank is recomputed. On an OpenSkill ladder the belief's mean moves with it (by
 * delta / scale), so the next game starts from the corrected rating.
 */
export function shiftStanding(standing: Standing, delta: number, ladder: Ladder, nowMs: number): Standing {
  const rating = standing.rating + delta;
  const rules = ladder.rating;
  const skill =
    standing.skill && rules?.system === 'openskill'
      ? { ...standing.skill, mu: standing.skill.mu + delta / rules.scale }
      : standing.skill;
  const { visible: _, ...fields } = standing;
  return ranked(
    { ...fields, rating, peak: Math.max(standing.peak, rating), ...(skill ? { skill } : {}) },
    ladder,
    nowMs,
  );
}

/** An operator's adjustment of a standing, refused when it would take the rating below zero. */
export function adjustStanding(standing: Standing, delta: number, ladder: Ladder, nowMs: number): Standing {
  if (standing.rating + delta < 0) {
    fail('invalid-argument', `delta: ${delta} would take the rating ${standing.rating} below 0.`);
  }
  return shiftStanding(standing, delta, ladder, nowMs);
}

/** The history row an adjustment leaves: no game, no room, the change and the operator's reason. */
export function adjustmentRow(
  ladder: string,
  before: number,
  after: number,
  reason: string,
  nowMs: number,
): HistoryRow {
  return {
    roomId: null,
    mode: null,
    ladder,
    outcome: null,
    ratingBefore: before,
    ratingAfter: after,
    delta: after - before,
    settledAt: nowMs,
    unrated: null,
    kind: 'adjustment',
    reason,
    voidedAt: null,
    bots: false,
  };
}
