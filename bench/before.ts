/**
 * The matcher as it was before issue 14 (no exhaustive search, no packing), or at another commit, unpacked from
 * git into node_modules/.cache so one benchmark run measures it beside today's on the same pools.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type * as Current from '../functions/src/core/match/index.js';
import type { Mode } from '../functions/src/core/mode/modes.js';

/** The last commit of main before the matcher changed. */
export const BEFORE_COMMIT = 'a737767';
/**
 * main's matcher before issue 45, the baseline of the streams and single sweeps: its busy-pool steps were
 * switches of the mode, off by default, so a studio's default modes matched every arrival at once.
 */
export const PREVIOUS_COMMIT = '50efc07';
/** The name the tables give the matcher of PREVIOUS_COMMIT. */
export const PREVIOUS = `main@${PREVIOUS_COMMIT}`;
/** main's matcher before 3-stacks were given 2-stacks (issue 30, second part): beside today's on streams. */
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
 * What the benchmark calls on a matcher. `waitsForSweep` is today's; matchers of issue 30 have the opt-in
 * `leaveToSweep` instead (the same call, applied only where a mode set it), and older ones neither: their
 * arrivals are always matched at once when they can be.
 */
export type MatcherApi = Pick<typeof Current, 'sweepPool' | 'matchTicketNow' | 'candidateScoreRange'> &
  Partial<Pick<typeof Current, 'waitsForSweep'>> & { leaveToSweep?: typeof Current.waitsForSweep };

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

/**
 * The switches issue 30's streams turned on (the mode fields `leaveToSweep` and `sidesFirst`, which issue 45
 * made the default behaviour and took out of the configuration), for the matchers from before: the rows named
 * after those commits are measured as they were.
 */
const SWITCHES = {
  leaveToSweep: { afterSeconds: 6, busy: { minQueued: 400, afterSeconds: 3 } },
  sidesFirst: { minQueued: 500, holdSeconds: 10 },
};

/** An older matcher with the switches on in every mode it is given. */
export function withSwitches(matcher: MatcherApi): MatcherApi {
  const on = (mode: Mode) => ({ ...mode, ...SWITCHES }) as Mode;
  const leave = matcher.leaveToSweep;
  return {
    candidateScoreRange: matcher.candidateScoreRange,
    matchTicketNow: (mode, ticket, candidates, nowMs) => matcher.matchTicketNow(on(mode), ticket, candidates, nowMs),
    sweepPool: (mode, tickets, nowMs) => matcher.sweepPool(on(mode), tickets, nowMs),
    ...(leave
      ? {
          leaveToSweep: (mode, ticket, candidates, nowMs, queued) => leave(on(mode), ticket, candidates, nowMs, queued),
        }
      : {}),
  };
}
