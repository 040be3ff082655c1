import { fail } from '../core/errors.js';
import { config } from '../config.js';
import { audit } from './audit.js';
import { seasonCloseRef } from './firestore/refs.js';
import { closeSeason, type CloseOutcome } from './seasons.js';
import { transaction } from './firestore/tx.js';

/** How long one call may keep closing before it answers; the scheduled close (or another call) goes on from there. */
const BUDGET_MS = 60_000;

/**
 * Closes an ended season now, instead of at the scheduled close's next run: the same idempotent batches
 * (store/seasons.ts), so it may run beside the scheduler or twice at once. A season still running is refused
 * with its end. The audit row is written once the close has changed something (a close done already changes
 * nothing and writes none), recording its phase before and after.
 */
export async function closeSeasonNow(
  actor: string,
  ladderId: string,
  season: string,
  reason: string,
): Promise<{ outcome: CloseOutcome['kind']; auditId: string | null }> {
  const ladder = config.ladders[ladderId];
  if (!ladder)
    fail(
      'invalid-argument',
      `ladder: no ladder is named "${ladderId}"; ladders: ${Object.keys(config.ladders).join(', ')}.`,
    );
  const calendar = ladder.seasons.find((s) => s.id === season);
  if (!calendar) {
    fail(
      'invalid-argument',
      `season: ladder "${ladderId}" has no season "${season}"; seasons: ${ladder.seasons.map((s) => s.id).join(', ') || 'none'}.`,
    );
  }
  if (calendar.end > Date.now()) {
    fail(
      'failed-precondition',
      `season: "${season}" runs until ${new Date(calendar.end).toISOString()}; it closes after its end.`,
    );
  }
  const before = (await seasonCloseRef(ladderId, season).get()).data() ?? null;
  const deadline = Date.now() + BUDGET_MS;
  let outcome: CloseOutcome;
  do outcome = await closeSeason(ladderId, season, { maxBatches: 10 });
  while (outcome.kind === 'paused' && Date.now() < deadline);
  if (before?.phase === 'done') return { outcome: outcome.kind, auditId: null };
  const after =
    outcome.kind === 'done' || outcome.kind === 'paused'
      ? { phase: outcome.close.phase, archived: outcome.close.archived }
      : outcome;
  const target = `${ladderId}/${season}`;
  const auditId = await transaction(async (tx) => {
    const row = audit(
      tx,
      {
        action: 'closeSeasonNow',
        actor,
        target,
        reason,
        before: before && { phase: before.phase, archived: before.archived },
        after,
      },
      Date.now(),
    );
    return row.id;
  });
  return { outcome: outcome.kind, auditId };
}
