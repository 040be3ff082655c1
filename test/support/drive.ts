import { MatcherRun, type RunReport } from '../../functions/src/jobs/matcherRun.js';
import type { LadderContext } from '../../functions/src/context.js';
import type { HandClock } from './clock.js';

export interface DriveOptions {
  /** How much of the clock's time the run covers. */
  forMs: number;
  /** The clock's step between two sweeps, as a deployed run's interval. */
  stepMs?: number;
  /** What happens in the world before each sweep, `elapsed` ms of clock time into the run (a client's beat, say). */
  beforeSweep?: (elapsed: number) => Promise<void>;
}

/**
 * A matcher run on a context with a hand-driven clock, swept once every `stepMs` of that clock for `forMs`: what a
 * scheduled run does over that time, at the speed of its reads and writes instead of the wall clock's.
 */
export async function driveMatcher(
  ctx: LadderContext,
  clock: HandClock,
  { forMs, stepMs = 250, beforeSweep }: DriveOptions,
): Promise<RunReport> {
  const run = new MatcherRun(ctx, { durationMs: 0, intervalMs: stepMs });
  try {
    for (let elapsed = 0; elapsed <= forMs; elapsed += stepMs) {
      await beforeSweep?.(elapsed);
      await run.sweepOnce();
      clock.advance(stepMs);
    }
  } catch (error) {
    await run.finish();
    throw error;
  }
  return run.finish();
}
