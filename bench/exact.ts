import { proposalTickets, type MatchProposal } from '../functions/src/core/match/index.js';
import type { Mode } from '../functions/src/core/mode/modes.js';
import { packingBound } from './bound.js';
import { FAIR_BAND } from './metrics.js';
import { exactOptimum } from './optimum.js';
import { packingPool } from './packing.js';

/**
 * The single sweep against the exact optimum (issue 30): seed 004's pools small enough for the branch and bound
 * to finish (`bench/optimum.ts`), each swept once by the matcher, beside the most any packing of the pool seats
 * and the bound. Pools of 200 players (about 65 tickets) take about a second; the search gives up, unproven, past
 * `NODE_BUDGET` nodes, and the table says so.
 */
export const EXACT_SIZES = [100, 150, 200, 250];
export const EXACT_SEEDS = 4;
const NODE_BUDGET = 1_000_000;

export interface ExactRun {
  players: number;
  seed: number;
  tickets: number;
  matcher: number;
  optimum: number;
  proven: boolean;
  bound: number;
  matcherFair: number | null;
  optimumFair: number | null;
  searchMs: number;
}

const seatedBy = (proposals: readonly MatchProposal[]) =>
  proposals.flatMap(proposalTickets).reduce((n, t) => n + t.members.length, 0);

const fairShare = (proposals: readonly MatchProposal[]) => {
  if (proposals.length === 0) return null;
  const fair = proposals.filter((p) => {
    const chance = p.quality.winProbabilityA;
    return chance !== null && chance >= FAIR_BAND[0] && chance <= FAIR_BAND[1];
  });
  return fair.length / proposals.length;
};

/** One sweep of each pool by `sweep`, and the exact optimum of the pool from the sweep's packing on. */
export function exactRuns(
  mode: Mode,
  firstSeed: number,
  nowMs: number,
  sweep: (pool: ReturnType<typeof packingPool>) => MatchProposal[],
): ExactRun[] {
  const runs: ExactRun[] = [];
  for (const players of EXACT_SIZES) {
    for (let k = 0; k < EXACT_SEEDS; k++) {
      const seed = firstSeed + players + k;
      const pool = packingPool(seed, players, nowMs);
      const proposals = sweep(pool);
      const started = performance.now();
      const optimum = exactOptimum(mode, pool, nowMs, { incumbent: proposals, nodeBudget: NODE_BUDGET });
      const searchMs = performance.now() - started;
      runs.push({
        players,
        seed,
        tickets: pool.length,
        matcher: seatedBy(proposals),
        optimum: optimum.seated,
        proven: optimum.proven,
        bound: packingBound(mode, pool),
        matcherFair: fairShare(proposals),
        optimumFair: fairShare(optimum.proposals),
        searchMs,
      });
      process.stderr.write(`  exact optimum ${players} players, seed ${seed}: ${searchMs.toFixed(0)} ms\n`);
    }
  }
  return runs;
}

export function exactTable(runs: readonly ExactRun[], markdown: (h: string[], r: string[][]) => string): string {
  const share = (seated: number, r: ExactRun) => `${((100 * seated) / r.players).toFixed(1)}%`;
  const fair = (value: number | null) => (value === null ? '—' : `${(100 * value).toFixed(0)}%`);
  const header = [
    'players',
    'seed',
    'tickets',
    'matcher',
    'exact optimum',
    'gap (players)',
    'bound',
    'fair: matcher / optimum',
    'search ms',
  ];
  const rows = runs.map((r) => [
    String(r.players),
    String(r.seed),
    String(r.tickets),
    share(r.matcher, r),
    `${share(r.optimum, r)}${r.proven ? '' : ' (unproven)'}`,
    String(r.optimum - r.matcher),
    share(r.bound, r),
    `${fair(r.matcherFair)} / ${fair(r.optimumFair)}`,
    r.searchMs.toFixed(0),
  ]);
  return markdown(header, rows);
}
