import { deferred, scheduled } from '../define.js';
import { runMatcher } from './matcherRun.js';

/**
 * Cloud Scheduler fires each tick every minute; each run keeps sweeping every few seconds for most of the minute,
 * so the wait for a match is seconds. The emulator ignores schedules, so `npm start` calls `.run()` itself.
 */
const tick = (name: string) =>
  scheduled(
    ({ config }) => ({
      schedule: 'every 1 minutes',
      timeoutSeconds: Math.ceil(config.advanced.matcher.runSeconds) + 60,
      retryCount: 0,
    }),
    async (ctx) => {
      await runMatcher(ctx, {
        durationMs: ctx.config.advanced.matcher.runSeconds * 1000,
        intervalMs: ctx.config.advanced.matcher.sweepIntervalSeconds * 1000,
        name,
      });
    },
  );

export const matcherTick = tick('tick1');

/**
 * With `advanced.matcher.runs` above 1, the other runs, deployed as `ladder-matcherTicks-run2` and so on: each
 * its own scheduled function and instance, sharing the pools with the first through the pools' leases.
 */
export const matcherTicks = deferred((ctx) =>
  Object.fromEntries(
    Array.from({ length: ctx.config.advanced.matcher.runs - 1 }, (_, i) => [
      `run${i + 2}`,
      tick(`tick${i + 2}`).build(ctx),
    ]),
  ),
);
