/**
 * The matcher as it was before issue 14 (no exhaustive search, no packing), or at another commit, unpacked from
 * git into node_modules/.cache so one benchmark run measures it beside today's on the same pools.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type * as Current from '../functions/src/core/match/index.js';

/** The last commit of main before the matcher changed. */
export const BEFORE_COMMIT = 'a737767';
/** main's matcher before issue 30 (wait-aware allocation): the baseline of the streaming tables. */
export const PREVIOUS_COMMIT = '0eee8d5';
/** main's matcher before 3-stacks were given 2-stacks (issue 30, second part): beside today's in `--single`/streams. */
export const UNRESERVED_COMMIT = '13ddb10';
/** The name the tables give the matcher of UNRESERVED_COMMIT. */
export const UNRESERVED = `main@${UNRESERVED_COMMIT}`;

/** main's matcher before busy pools left some arrivals to the sweep (issue 30, third part): beside today's on streams. */
export const ON_ARRIVAL_COMMIT = '923f573';
/** The name the tables give the matcher of ON_ARRIVAL_COMMIT. */
export const ON_ARRIVAL = `main@${ON_ARRIVAL_COMMIT}`;

/** main's matcher before busy pools formed sides first (issue 30, fourth part): beside today's on streams. */
export const PACKED_COMMIT = 'a51a30f';
/** The name the tables give the matcher of PACKED_COMMIT. */
export const PACKED = `main@${PACKED_COMMIT}`;

/**
 * main's matcher before busy pools held arrivals for the sweep sooner (issue 30, fifth part): its `leaveToSweep`
 * knows no `busy` wait, so on the streams it waits `afterSeconds` in every pool.
 */
export const ONE_WAIT_COMMIT = 'ee8f16f';
/** The name the tables give the matcher of ONE_WAIT_COMMIT. */
export const ONE_WAIT = `main@${ONE_WAIT_COMMIT}`;

/**
 * What the benchmark calls on a matcher. `leaveToSweep` is absent from matchers older than it: their arrivals
 * are always matched at once when they can be.
 */
export type MatcherApi = Pick<typeof Current, 'sweepPool' | 'matchTicketNow' | 'candidateScoreRange'> &
  Partial<Pick<typeof Current, 'leaveToSweep'>>;

export async function loadBefore(commit = BEFORE_COMMIT): Promise<MatcherApi> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const directory = `${root}node_modules/.cache/matcher-${commit}`;
  if (!existsSync(`${directory}/functions`)) {
    mkdirSync(directory, { recursive: true });
    const archive = execFileSync('git', ['archive', commit, 'functions/src/core'], {
      cwd: root,
      maxBuffer: 1 << 28,
    });
    execFileSync('tar', ['-x', '-C', directory], { input: archive });
  }
  return (await import(`${directory}/functions/src/core/match/index.ts`)) as MatcherApi;
}
