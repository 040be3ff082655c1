/**
 * Plays Cloud Scheduler for the simulation, as `npm start` does: a matcher run every tick (back to back by
 * default), each sweeping every interval for the configured run length. With one matcher the runs are in this
 * process, and each run's reads and writes are taken from the op counters of the context it runs on, which only
 * the matcher moves here. With more, each matcher is a process of its own (scripts/matcher.ts, one run per
 * process, as one function instance runs it), which reports its run and its own counts when it ends.
 */
import type { ChildProcess } from 'node:child_process';
import type { LadderContext } from '../functions/src/context.js';
import { emptyRunReport, runMatcher, type RunReport } from '../functions/src/jobs/matcherRun.js';
import type { OpsByKind } from '../functions/src/store/firestore/metrics.js';
import { startMatcherProcess } from './matcherProcess.js';

export interface MatcherRun extends RunReport {
  reads: number;
  writes: number;
  /** The reads and writes by kind of document (collection id). */
  kinds: OpsByKind;
  error: string | null;
}

export class ScheduledMatcher {
  readonly runs: MatcherRun[] = [];
  private stopping = false;
  private wake: () => void = () => {};
  private readonly done: Promise<void>;
  private readonly abort = new AbortController();
  private child: ChildProcess | null = null;

  constructor(
    private readonly ctx: LadderContext,
    readonly intervalMs: number,
    readonly runMs = ctx.config.advanced.matcher.runSeconds * 1000,
    readonly tickMs = runMs,
    /** Run in a process of its own, named so in the leases it holds. */
    readonly processName: string | null = null,
  ) {
    this.done = this.loop();
  }

  private async loop() {
    while (!this.stopping) {
      const started = Date.now();
      this.runs.push(await (this.processName ? this.runInProcess(this.processName) : this.runHere()));
      const gap = this.tickMs - (Date.now() - started);
      if (gap > 0 && !this.stopping)
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          setTimeout(resolve, gap);
        });
    }
  }

  private async runHere(): Promise<MatcherRun> {
    const { totals, byKind } = this.ctx.ops;
    const before = { ...totals };
    const kindsBefore = structuredClone(byKind);
    let report: RunReport | null = null;
    let error: string | null = null;
    try {
      report = await runMatcher(this.ctx, {
        durationMs: this.runMs,
        intervalMs: this.intervalMs,
        signal: this.abort.signal,
      });
    } catch (e) {
      error = String(e);
    }
    const kinds = Object.fromEntries(
      Object.entries(byKind).map(([kind, now]) => {
        const was = kindsBefore[kind] ?? { reads: 0, writes: 0 };
        return [kind, { reads: now.reads - was.reads, writes: now.writes - was.writes }];
      }),
    );
    const counts = { reads: totals.reads - before.reads, writes: totals.writes - before.writes, kinds };
    return { ...(report ?? emptyRunReport()), ...counts, error };
  }

  private async runInProcess(name: string): Promise<MatcherRun> {
    const run = startMatcherProcess(name, { seconds: this.runMs / 1000, intervalMs: this.intervalMs });
    this.child = run.child;
    const report = await run.report;
    this.child = null;
    return report
      ? { ...report, error: null }
      : { ...emptyRunReport(), reads: 0, writes: 0, kinds: {}, error: run.why() };
  }

  /** Starts no more runs and ends the current one at its next sweep, leaving its digests and leases as usual. */
  async stop() {
    this.stopping = true;
    this.wake();
    this.abort.abort();
    this.child?.kill('SIGTERM');
    await this.done;
  }

  get running() {
    return !this.stopping;
  }
}
