import { onSchedule } from 'firebase-functions/v2/scheduler';
import { config } from '../config.js';
import { runMatcher } from './matcherRun.js';

/**
 * Cloud Scheduler fires this every minute; each run keeps sweeping every few seconds for most of the minute,
 * so the wait for a match is seconds. The emulator ignores schedules, so `npm start` calls `.run()` itself.
 */
export const matcherTick = onSchedule(
  { schedule: 'every 1 minutes', timeoutSeconds: Math.ceil(config.matcher.runSeconds) + 60, retryCount: 0 },
  async () => {
    await runMatcher({
      durationMs: config.matcher.runSeconds * 1000,
      intervalMs: config.matcher.sweepIntervalSeconds * 1000,
    });
  },
);
