import { logger } from 'firebase-functions/v2';
import { scheduled } from '../define.js';
import { endedSeasons } from '../core/ladder/season.js';
import type { LadderContext } from '../context.js';
import { calendarOf } from '../store/extension.js';
import { closeSeason, type CloseOutcome } from '../store/seasons.js';

/** One season close's outcome, for the log and the operator's command. */
export interface SeasonCloseReport {
  ladder: string;
  season: string;
  outcome: CloseOutcome['kind'];
}

/**
 * Closes every ended season of every ladder that is not closed yet, oldest first, for at most `budgetMs`:
 * what is left is picked up by the next run. Safe to run at any moment and any number of times at once.
 */
export async function closeEndedSeasons(
  ctx: LadderContext,
  budgetMs: number,
  batchSize = 200,
): Promise<SeasonCloseReport[]> {
  const deadline = ctx.clock.now() + budgetMs;
  const reports: SeasonCloseReport[] = [];
  for (const ladder of Object.keys(ctx.config.ladders)) {
    // Extensions applied: a season run longer is not closed at its configured end.
    for (const { id } of endedSeasons(await calendarOf(ctx, ladder), ctx.clock.now())) {
      let outcome: CloseOutcome;
      do outcome = await closeSeason(ctx, ladder, id, { batchSize, maxBatches: 10 });
      while (outcome.kind === 'paused' && ctx.clock.now() < deadline);
      reports.push({ ladder, season: id, outcome: outcome.kind });
      // A season still waiting for its rooms holds back the later ones: a player is closed oldest season first.
      if (outcome.kind !== 'done') break;
    }
  }
  return reports;
}

/**
 * Cloud Scheduler fires this every five minutes; a run costs one read per ladder with seasons (its extensions)
 * and one per closed season.
 */
export const seasonCloseTick = scheduled(
  () => ({ schedule: 'every 5 minutes', timeoutSeconds: 540, retryCount: 0 }),
  async (ctx) => {
    const reports = await closeEndedSeasons(ctx, 480_000);

    const open = reports.filter((r) => r.outcome !== 'done');
    if (open.length > 0) logger.info('season closes still under way', { open });
  },
);
