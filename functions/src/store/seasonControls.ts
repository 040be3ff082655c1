import { decideExtension, endedSeason, type ExtensionAsk } from '../core/ladder/extension.js';
import { requestedLadder } from '../core/ladder/ladder.js';
import { audit } from './audit.js';
import { calendarOf } from './extension.js';
import { seasonCloseRef, seasonExtensionRef } from './firestore/refs.js';
import { closeSeason, type CloseOutcome } from './seasons.js';
import { transaction } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

const ladderNamed = (ctx: LadderContext, ladderId: string) => requestedLadder(ctx.config.ladders, ladderId);

/** How long one call may keep closing before it answers; the scheduled close (or another call) goes on from there. */
const BUDGET_MS = 60_000;

/**
 * Closes an ended season now, instead of at the scheduled close's next run: the same idempotent batches
 * (store/seasons.ts), so it may run beside the scheduler or twice at once. A season still running is refused
 * with its end. The audit row is written once the close has changed something (a close done already changes
 * nothing and writes none), recording its phase before and after.
 */
export async function closeSeasonNow(
  ctx: LadderContext,
  actor: string,
  ladderId: string,
  season: string,
  reason: string,
): Promise<{ outcome: CloseOutcome['kind']; auditId: string | null }> {
  ladderNamed(ctx, ladderId);
  // The end as extended: a season run longer is still running until its new end.
  endedSeason(await calendarOf(ctx, ladderId), ladderId, season, ctx.clock.now());
  const before = (await seasonCloseRef(ctx, ladderId, season).get()).data() ?? null;
  const deadline = ctx.clock.now() + BUDGET_MS;
  let outcome: CloseOutcome;
  do outcome = await closeSeason(ctx, ladderId, season, { maxBatches: 10 });
  while (outcome.kind === 'paused' && ctx.clock.now() < deadline);
  if (before?.phase === 'done') return { outcome: outcome.kind, auditId: null };
  const after =
    outcome.kind === 'done' || outcome.kind === 'paused'
      ? { phase: outcome.close.phase, archived: outcome.close.archived }
      : outcome;
  const target = `${ladderId}/${season}`;
  const auditId = await transaction(ctx, async (tx) => {
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
      ctx.clock.now(),
    );
    return row.id;
  });
  return { outcome: outcome.kind, auditId };
}

/**
 * Runs a season longer than configured, as data (`ladders/{ladder}/extensions/{season}`), in one transaction
 * with its audit row: every reader of the season's end (rooms forming, the close, the scheduler, the calendar
 * players see) applies it. The same call again changes nothing and writes no row (`auditId: null`).
 */
export function extendSeason(
  ctx: LadderContext,
  actor: string,
  ladderId: string,
  season: string,
  ask: ExtensionAsk,
  reason: string,
) {
  const ladder = ladderNamed(ctx, ladderId);
  return transaction(ctx, async (tx) => {
    const [extensionSnap, closeSnap] = await tx.getAll([
      seasonExtensionRef(ctx, ladderId, season),
      seasonCloseRef(ctx, ladderId, season),
    ]);
    const extension = extensionSnap!.data() ?? null;
    const now = ctx.clock.now();
    const state = { ladder: ladderId, seasons: ladder.seasons, season, extension, closing: closeSnap!.exists };
    const decision = decideExtension(state, ask, now);
    const target = `${ladderId}/${season}`;
    if (decision.kind === 'unchanged') return { season, end: decision.end, auditId: null };
    const after = {
      ladder: ladderId,
      season,
      end: decision.end,
      configuredEnd: decision.configuredEnd,
      by: actor,
      at: now,
    };
    tx.set(seasonExtensionRef(ctx, ladderId, season), after);
    const before = extension ?? {
      ladder: ladderId,
      season,
      end: decision.before,
      configuredEnd: decision.configuredEnd,
    };
    const row = audit(tx, { action: 'extendSeason', actor, target, reason, before, after }, now);
    return { season, end: decision.end, auditId: row.id as string | null };
  });
}
