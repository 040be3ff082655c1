/**
 * Plays Cloud Scheduler for the simulation, in this process, as `npm start` does: a matcher run every tick (back
 * to back by default), each sweeping every interval for the configured run length. Each run's reads and writes
 * are taken from the store layer's process-wide `opCounts`, which only the matcher moves in this process.
 */
import { config } from '../functions/src/config.js';
import { emptyRunReport, runMatcher, type RunReport } from '../functions/src/jobs/matcherRun.js';
import { opCounts } from '../functions/src/store/metrics.js';

export interface MatcherRun extends RunReport {
  reads: number;
  writes: number;
  error: string | null;
}

export class ScheduledMatcher {
  readonly runs: MatcherRun[] = [];
  private stopping = false;
  private wake: () => void = () => {};
  private readonly done: Promise<void>;
  private readonly abort = new AbortController();

  constructor(
    readonly intervalMs: number,
    readonly runMs = config.matcher.runSeconds * 1000,
    readonly tickMs = runMs,
  ) {
    this.done = this.loop();
  }

  private async loop() {
    while (!this.stopping) {
      const started = Date.now();
      const before = { ...opCounts };
      let report: RunReport | null = null;
      let error: string | null = null;
      try {
        report = await runMatcher({ durationMs: this.runMs, intervalMs: this.intervalMs, signal: this.abort.signal });
      } catch (e) {
        error = String(e);
      }
      this.runs.push({
        ...(report ?? emptyRunReport()),
        reads: opCounts.reads - before.reads,
        writes: opCounts.writes - before.writes,
        error,
      });
      const gap = this.tickMs - (Date.now() - started);
      if (gap > 0 && !this.stopping)
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          setTimeout(resolve, gap);
        });
    }
  }

  /** Starts no more runs and ends the current one at its next sweep, leaving its digests and leases as usual. */
  async stop() {
    this.stopping = true;
    this.wake();
    this.abort.abort();
    await this.done;
  }

  get running() {
    return !this.stopping;
  }
}
