/**
 * One matcher run in a process of its own, as one Cloud Functions instance runs it: against the emulators when
 * FIRESTORE_EMULATOR_HOST is set. Tests and the scale simulation start several of these to show runs sharing the
 * pools. SIGTERM ends the run at its next sweep; the run's report, with the reads and writes it made, is printed
 * as one JSON line at the end.
 *
 *   tsx scripts/matcher.ts --seconds 55 --interval-ms 2000 [--lease-ms 15000] [--name A]
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '55' },
    'interval-ms': { type: 'string', default: '2000' },
    'lease-ms': { type: 'string' },
    name: { type: 'string', default: 'matcher' },
  },
});
const number = (flag: string, text: string) => {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${flag} must be a non-negative number, not "${text}"`);
  return value;
};

// Loaded after the flags are read, so a bad flag fails before the functions' configuration is.
const { runMatcher } = await import('../functions/src/jobs/matcherRun.js');
const { envContext } = await import('./ladderContext.js');
const abort = new AbortController();
process.once('SIGTERM', () => abort.abort());
const ctx = envContext();
const report = await runMatcher(ctx, {
  durationMs: number('seconds', values.seconds) * 1000,
  intervalMs: number('interval-ms', values['interval-ms']),
  leaseMs: values['lease-ms'] === undefined ? undefined : number('lease-ms', values['lease-ms']),
  name: values.name,
  signal: abort.signal,
});
// The run's report and the reads and writes it made: the only Firestore work of this process.
process.stdout.write(`${JSON.stringify({ ...report, ...ctx.ops.totals, kinds: ctx.ops.byKind })}\n`);
process.exit(0);
