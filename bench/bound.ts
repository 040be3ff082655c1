import type { Mode } from '../functions/src/core/mode/modes.js';
import { packingCeiling } from '../functions/src/core/match/ceiling.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import { GainNetwork } from './flow.js';

/**
 * The most players any matcher keeping the caps can seat from a pool in a team mode: the matcher's own ceiling
 * (`packingCeiling`, core/match/ceiling.ts), which counts the parties one short of a side that no solo within
 * the hard cap can join and, in 5v5, the 3-stacks no 2-stack or spare solos can, tightened in 5v5 by the flow
 * below. Why the ceiling holds: a party one short of a side plays only beside a solo of its side, within the
 * cap, and a solo sits beside one such party at most, so no more of them play than the largest pairing of them
 * with solos (P1). A 3-stack plays 3+2 or 3+1+1; the 2-stacks and solos beside 3-stacks and the solos beside
 * 4-stacks are all different tickets, so at most min(3-stacks, P2 + floor((solos - f) / 2)) 3-stacks play with
 * f 4-stacks playing, and since each 4-stack seats four players and costs at most one 3-stack, the count is
 * largest at f = P1. Both pairings are the largest there are (`largestPairing`).
 */
export function packingBound(mode: Mode, pool: readonly Ticket[]): number {
  const ceiling = packingCeiling(mode, pool);
  if (mode.format.kind !== 'team' || mode.format.teamSize !== 5) return ceiling;
  const players = pool.reduce((n, t) => n + t.members.length, 0);
  if (players > FLOW_LIMIT) return ceiling;
  const scores = (size: number) =>
    pool
      .filter((t) => t.members.length === size)
      .map((t) => t.score)
      .sort((a, b) => a - b);
  const stranded = strandedByFlow(scores(1), scores(2), scores(3), scores(4), mode.spreadCap.hard);
  return Math.min(ceiling, 10 * Math.floor((players - stranded) / 10));
}

/** Pools up to this many players also get the flow bound; above it the graph grows too large to solve here. */
const FLOW_LIMIT = 5_000;

/**
 * In 5v5, the 4-stack and 3-stack players no matcher keeping the caps can seat, counted jointly rather than
 * one size after the other. A seated 4-stack sits beside a solo within reach; a seated 3-stack beside a
 * 2-stack or two solos within reach; no solo or 2-stack completes two parties. So the players seated in
 * 4-stacks and 3-stacks are at most the most valuable flow in which each solo carries one unit and each
 * 2-stack two, a 4-stack takes one unit (worth 4 players), and a 3-stack takes two (1.5 players each) from
 * tickets within reach. Every packing is such a flow, so the flow's value bounds them all; it is tighter
 * than the count above where the solos left over from the 4-stacks are out of the 3-stacks' reach.
 */
function strandedByFlow(
  solos: readonly number[],
  twos: readonly number[],
  threes: readonly number[],
  fours: readonly number[],
  reach: number,
): number {
  const source = 0;
  const sink = 1;
  const firstSolo = 2;
  const firstTwo = firstSolo + solos.length;
  const firstThree = firstTwo + twos.length;
  const firstFour = firstThree + threes.length;
  const network = new GainNetwork(firstFour + fours.length);
  /** Edges from each of `from` (first node `fromNode`) to each party of `parties` within reach. */
  const reaching = (from: readonly number[], fromNode: number, parties: readonly number[], partyNode: number) => {
    from.forEach((score, i) => {
      parties.forEach((party, k) => {
        if (Math.abs(score - party) <= reach) network.addEdge(fromNode + i, partyNode + k, 2, gainOf(partyNode));
      });
    });
  };
  const gainOf = (partyNode: number) => (partyNode === firstFour ? 4 : 1.5);
  for (let i = 0; i < solos.length; i++) network.addEdge(source, firstSolo + i, 1);
  for (let j = 0; j < twos.length; j++) network.addEdge(source, firstTwo + j, 2);
  reaching(solos, firstSolo, fours, firstFour);
  reaching(solos, firstSolo, threes, firstThree);
  reaching(twos, firstTwo, threes, firstThree);
  for (let k = 0; k < threes.length; k++) network.addEdge(firstThree + k, sink, 2);
  for (let k = 0; k < fours.length; k++) network.addEdge(firstFour + k, sink, 1);
  return 4 * fours.length + 3 * threes.length - network.maxGain(source, sink);
}
