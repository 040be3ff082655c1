/**
 * One matcher run in a process of its own (scripts/matcher.ts), on the emulators this process uses (it inherits
 * the environment): how the simulation, the drain and the tests run several matchers side by side.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RunReport } from '../functions/src/jobs/matcherRun.js';
import type { OpsByKind } from '../functions/src/store/firestore/metrics.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The run's report with the reads and writes its process made. */
export type ProcessReport = RunReport & { reads: number; writes: number; kinds: OpsByKind };

export interface MatcherProcess {
  child: ChildProcess;
  /** The report the run prints as it ends; null when it ended without one (killed, or failed: see `why`). */
  report: Promise<ProcessReport | null>;
  /** How it exited and the last lines it wrote to stderr. */
  why: () => string;
}

export function startMatcherProcess(
  name: string,
  { seconds, intervalMs, leaseMs }: { seconds: number; intervalMs: number; leaseMs?: number },
): MatcherProcess {
  const args = ['--import', 'tsx', 'scripts/matcher.ts', '--name', name, '--seconds', String(seconds)];
  args.push('--interval-ms', String(intervalMs), ...(leaseMs === undefined ? [] : ['--lease-ms', String(leaseMs)]));
  const child = spawn(process.execPath, args, { cwd: ROOT, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let exit = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const report = new Promise<ProcessReport | null>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = `matcher process ${name} exited with ${signal ?? code}`;
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as ProcessReport);
      } catch {
        resolve(null);
      }
    }),
  );
  return { child, report, why: () => `${exit}: ${err.trim().split('\n').slice(-3).join(' ')}` };
}
