import { logger } from 'firebase-functions/v2';
import { onSchedule } from 'firebase-functions/v2/scheduler';

/** Cloud Scheduler fires this every minute; the emulator ignores schedules, so `npm start` calls `.run()` itself. */
export const matcherTick = onSchedule({ schedule: 'every 1 minutes', timeoutSeconds: 60 }, async () => {
  logger.debug('matcher tick: no queue yet');
});
