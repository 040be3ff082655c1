import { proposalTickets, violations, type MatchProposal } from '../functions/src/core/match/index.js';
import type { Mode } from '../functions/src/core/mode/modes.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import { packingBound } from './bound.js';
import { percentile } from '../functions/src/core/ops/percentile.js';
import { FAIR_BAND } from './metrics.js';
import { PARTY_BONUS, TicketFactory, UNIFORM_MIX, uniformRating } from './pools.js';
import { Random } from '../tools/random.js';
import type { SimulationResult } from './simulate.js';

/** Seed 004's pools, every ticket having waited this long: the caps have widened as far as they will in 40 s. */
export const PACKING_WAIT_SECONDS = 30;

/** A pool of seed 004's population (party sizes and member ratings uniform), all queued `PACKING_WAIT_SECONDS` ago. */
export function packingPool(seed: number, players: number, nowMs: number): Ticket[] {
  const factory = new TicketFactory(new Random(seed), uniformRating);
  return factory.pool({ players, mix: UNIFORM_MIX, maxAgeSeconds: 0, nowMs: nowMs - PACKING_WAIT_SECONDS * 1000 });
}

export interface PackingFigures {
  matchedFraction: number;
  /** The most any matcher keeping the caps could seat, as a share of the pool (see bound.ts). */
  boundFraction: number;
  /** Proposals breaking any rule of the mode. */
  violations: number;
  fairShare: number | null;
  /** 4-stacks (parties one short of a side) left queued, of how many there were. */
  shortPartiesLeft: number;
  shortParties: number;
}

export function packingFigures(
  mode: Mode,
  pool: readonly Ticket[],
  proposals: readonly MatchProposal[],
): PackingFigures {
  const short = mode.format.kind === 'team' ? mode.format.teamSize - 1 : 0;
  const players = pool.reduce((n, t) => n + t.members.length, 0);
  const matched = proposals.flatMap(proposalTickets);
  const fair = proposals.filter((p) => {
    const probability = p.quality.winProbabilityA;
    return probability !== null && probability >= FAIR_BAND[0] && probability <= FAIR_BAND[1];
  }).length;
  const shortParties = pool.filter((t) => t.members.length === short).length;
  return {
    matchedFraction: matched.reduce((n, t) => n + t.members.length, 0) / players,
    boundFraction: packingBound(mode, pool) / players,
    violations: proposals.filter((p) => violations(mode, p, PARTY_BONUS).length > 0).length,
    fairShare: proposals.length === 0 ? null : fair / proposals.length,
    shortPartiesLeft: shortParties - matched.filter((t) => t.members.length === short).length,
    shortParties,
  };
}

export interface StreamFigures {
  /** Per party size 1..5: tickets that arrived, wait p50/p95 of those matched, how many are still waiting. */
  bySize: { size: number; tickets: number; waitP50: number | null; waitP95: number | null; left: number }[];
  /** Players still waiting at the end, and those of them waiting for over two minutes. */
  playersLeft: number;
  playersLeftOver120s: number;
  /** 4-stacks waiting for over two minutes with a waiting solo within the hard spread cap (none should be). */
  shortPartiesStrandedBesideASolo: number;
  fairShare: number | null;
}

/** Waits by party size, and who is left waiting, after a stream of arrivals ending at `endMs`. */
export function streamFigures(
  mode: Mode,
  arrivals: readonly Ticket[],
  result: SimulationResult,
  endMs: number,
): StreamFigures {
  const waiting = arrivals.filter((t) => !result.matchedAt.has(t));
  const longWaiting = waiting.filter((t) => endMs - t.enqueuedAt > 120_000);
  const short = mode.format.kind === 'team' ? mode.format.teamSize - 1 : 0;
  const reach = mode.spreadCap.hard;
  const waitingSolos = waiting.filter((t) => t.members.length === 1);
  const bySize = [1, 2, 3, 4, 5].map((size) => {
    const ofSize = arrivals.filter((t) => t.members.length === size);
    const waits = ofSize
      .flatMap((t) => {
        const at = result.matchedAt.get(t);
        return at === undefined ? [] : [(at - t.enqueuedAt) / 1000];
      })
      .sort((a, b) => a - b);
    return {
      size,
      tickets: ofSize.length,
      waitP50: percentile(waits, 50),
      waitP95: percentile(waits, 95),
      left: ofSize.length - waits.length,
    };
  });
  const players = (tickets: readonly Ticket[]) => tickets.reduce((n, t) => n + t.members.length, 0);
  return {
    bySize,
    playersLeft: players(waiting),
    playersLeftOver120s: players(longWaiting),
    shortPartiesStrandedBesideASolo: longWaiting.filter(
      (t) => t.members.length === short && waitingSolos.some((solo) => Math.abs(solo.score - t.score) <= reach),
    ).length,
    fairShare: result.fairShare,
  };
}
