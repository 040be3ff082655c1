import { logger } from 'firebase-functions/v2';
import { scheduled } from '../define.js';
import { utcDay } from '../core/ops/calibration.js';
import { calibrateDay, type CalibrationRun } from '../store/calibration.js';
import type { LadderContext } from '../context.js';

const DAY_MS = 86_400_000;

/** Yesterday (final once its last rooms ended) and today so far, UTC. */
export async function calibrateRecent(
  ctx: LadderContext,
  nowMs = ctx.clock.now(),
  pageSize?: number,
): Promise<CalibrationRun[]> {
  return [await calibrateDay(ctx, utcDay(nowMs - DAY_MS), pageSize), await calibrateDay(ctx, utcDay(nowMs), pageSize)];
}

/** Cloud Scheduler fires this every hour; each run recomputes both days whole, so a failed run costs nothing. */
export const calibrateTick = scheduled(
  () => ({ schedule: 'every 60 minutes', timeoutSeconds: 540, retryCount: 1 }),
  async (ctx) => {
    const runs = await calibrateRecent(ctx);

    logger.info('calibration written', { runs });
  },
);
