/**
 * Cloud Scheduler for `npm start`: the Functions emulator ignores `onSchedule`, so this process runs the scheduled
 * functions' handlers itself. The matcher runs back to back, so the configured sweep interval is the wait for a
 * match however short `advanced.matcher.runSeconds` is; the season close and the calibration run at start and
 * then on the schedules they are deployed with. When a season ends (its configured end, or the later one an
 * operator extended it to), the close also runs then, and again every few seconds while it waits for the
 * season's last games, so a local season is seen closing within seconds.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ScheduleFunction } from 'firebase-functions/v2/scheduler';

/** How often a close waiting for a season's last games is tried again. */
const CLOSE_RETRY_MS = 5_000;
/** The longest delay a Node timer takes; a season ending later than this is left to the periodic close. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Milliseconds between runs of an App Engine style schedule (`every 5 minutes`, `every 1 hours`). */
export function scheduleEveryMs(schedule: string): number {
  const match = /^every (\d+) (minute|hour)s?$/.exec(schedule.trim());
  if (!match) throw new Error(`npm start cannot follow the schedule "${schedule}": only "every N minutes|hours"`);
  return Number(match[1]) * (match[2] === 'hour' ? 3_600_000 : 60_000);
}

/** A scheduled function's deployed schedule, from the endpoint firebase-functions describes it by. */
export function scheduleOf(job: ScheduleFunction): string {
  const trigger = job.__endpoint.scheduleTrigger;
  if (!trigger || typeof trigger.schedule !== 'string') throw new Error('not a scheduled function');
  return trigger.schedule;
}

export interface SchedulerJobs {
  /** Every matcher run, each a scheduled function of its own (more than one with `advanced.matcher.runs`). */
  matcherRuns: ScheduleFunction[];
  seasonClose: ScheduleFunction;
  calibrate: ScheduleFunction;
  /** Closes every ended season it can now; true when none is left open. */
  closeEndedSeasons: () => Promise<boolean>;
  /** Season ends still to come, extensions included, soonest first (read again after each end). */
  seasonEnds: () => Promise<number[]>;
  onError: (job: string, error: unknown) => void;
}

/** Starts every job; the returned function starts no more (a run under way finishes on its own). */
export function startScheduler(jobs: SchedulerJobs): () => void {
  const { matcherRuns, seasonClose, calibrate, onError } = jobs;
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const fire = (job: string, run: ScheduleFunction) =>
    Promise.resolve(run.run({ scheduleTime: new Date().toISOString() })).catch((error: unknown) => onError(job, error));
  // Each run sweeps for advanced.matcher.runSeconds and the next starts as it ends, as overlapping runs would.
  for (const run of matcherRuns)
    void (async () => {
      while (!stopped) {
        const started = Date.now();
        await fire('matcher run', run);
        // A run that failed at once (the emulators stopping, say) is not retried in a busy loop.
        if (Date.now() - started < 1_000) await sleep(1_000);
      }
    })();
  const periodic = (job: string, run: ScheduleFunction) => {
    void fire(job, run);
    timers.push(setInterval(() => void fire(job, run), scheduleEveryMs(scheduleOf(run))));
  };
  periodic('season close', seasonClose);
  periodic('calibration', calibrate);
  const closeAfterEnd = async () => {
    for (;;) {
      const closed = await jobs.closeEndedSeasons().catch((error: unknown) => void onError('season close', error));
      if (closed || stopped) return;
      await sleep(CLOSE_RETRY_MS);
    }
  };
  // One timer, for the next end as stored now; armed again after each end, so an end an operator moved later
  // (an extension) is followed: the timer at the old end finds nothing ended and arms the new one.
  const arm = async () => {
    const next = (await jobs.seasonEnds().catch((error: unknown) => void onError('season calendar', error)))?.[0];
    const delay = next === undefined ? MAX_TIMER_MS + 1 : next - Date.now() + 1_000;
    if (stopped || delay > MAX_TIMER_MS) return;
    timers.push(setTimeout(() => void closeAfterEnd().then(arm), delay));
  };
  void arm();
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}
