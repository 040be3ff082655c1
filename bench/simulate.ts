import { proposalTickets, type MatchProposal } from '../functions/src/core/match/index.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import type { Matchmaker } from './matchmakers.js';
import { FAIR_BAND } from './metrics.js';
import type { TicketFactory } from './pools.js';
import type { Random } from '../tools/random.js';

export interface SimulationSpec {
  startMs: number;
  durationSeconds: number;
  /** The scheduled tick's period. */
  tickSeconds: number;
  /** Waits are measured for tickets arriving in the first this many seconds, so each has time to resolve. */
  measureSeconds: number;
}

export interface SimulationResult {
  /** Seconds from queueing to match, one entry per matched player among the measured arrivals, ascending. */
  waits: number[];
  /** Share of the measured arrivals' players that were matched before the end. */
  matchedFraction: number;
  /** Share of all team matches made in the simulation whose predicted win probability is in the fair band. */
  fairShare: number | null;
  /** When each matched ticket was matched. */
  matchedAt: ReadonlyMap<Ticket, number>;
}

/** Tickets arriving as a Poisson process of `playersPerSecond` players, over `durationSeconds`. */
export function poissonArrivals(
  factory: TicketFactory,
  random: Random,
  mix: readonly number[],
  playersPerSecond: number,
  startMs: number,
  durationSeconds: number,
): Ticket[] {
  const meanSize = mix.reduce((sum, share, i) => sum + share * (i + 1), 0) / mix.reduce((a, b) => a + b, 0);
  const ticketsPerSecond = playersPerSecond / meanSize;
  const arrivals: Ticket[] = [];
  for (
    let at = random.exponential(ticketsPerSecond);
    at < durationSeconds;
    at += random.exponential(ticketsPerSecond)
  ) {
    arrivals.push(factory.ticket(factory.size(mix), startMs + Math.floor(at * 1000)));
  }
  return arrivals;
}

/**
 * Time-stepped: the queue at the start is already in the pool; between ticks the arrivals are handed
 * over one by one at their own times; on each tick, the first at the start, the matchmaker runs its
 * scheduled work.
 */
export function simulate(
  matchmaker: Matchmaker,
  initial: readonly Ticket[],
  arrivals: readonly Ticket[],
  spec: SimulationSpec,
): SimulationResult {
  const matchedAt = new Map<Ticket, number>();
  const teamMatches = { all: 0, fair: 0 };
  const record = (proposals: readonly MatchProposal[]) => {
    for (const proposal of proposals) {
      for (const t of proposalTickets(proposal)) matchedAt.set(t, proposal.proposedAt);
      const probability = proposal.quality.winProbabilityA;
      if (probability === null) continue;
      teamMatches.all++;
      if (probability >= FAIR_BAND[0] && probability <= FAIR_BAND[1]) teamMatches.fair++;
    }
  };
  matchmaker.seed(initial);
  let next = 0;
  for (let elapsed = 0; elapsed <= spec.durationSeconds; elapsed += spec.tickSeconds) {
    const tickMs = spec.startMs + elapsed * 1000;
    for (let t = arrivals[next]; t && t.enqueuedAt < tickMs; t = arrivals[++next])
      record(matchmaker.arrive(t, t.enqueuedAt));
    record(matchmaker.tick(tickMs));
  }

  const measuredUntil = spec.startMs + spec.measureSeconds * 1000;
  const waits: number[] = [];
  let players = 0;
  for (const t of arrivals) {
    if (t.enqueuedAt >= measuredUntil) break;
    players += t.members.length;
    const at = matchedAt.get(t);
    for (let member = 0; at !== undefined && member < t.members.length; member++)
      waits.push((at - t.enqueuedAt) / 1000);
  }
  return {
    waits: waits.sort((a, b) => a - b),
    matchedFraction: players === 0 ? 0 : waits.length / players,
    fairShare: teamMatches.all === 0 ? null : teamMatches.fair / teamMatches.all,
    matchedAt,
  };
}
