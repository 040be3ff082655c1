import type { Mode } from '../functions/src/core/mode/modes.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import { GainNetwork } from './flow.js';

/**
 * The most players any matcher keeping the caps can seat from a pool in a team mode (computed apart from the
 * matcher). Every player, less those of parties no such matcher can seat, rounded down to whole matches:
 *
 * - A party one player short of a side (a 4-stack in 5v5) can only play beside a solo, on the same side, so
 *   within the hard spread cap of it; a solo is on one side, beside one such party at most. So no more of
 *   those parties play than the largest pairing of them with solos within the cap, P1.
 * - In 5v5, a 3-stack plays on a side of 3+2 or 3+1+1. A side holds one 3-stack at most and no 4-stack
 *   beside one, so the 2-stacks beside 3-stacks, the solos beside 3-stacks and the solos beside 4-stacks
 *   are all different tickets. The 3-stacks on 3+2 sides are at most the largest pairing of 3-stacks with
 *   2-stacks within the hard spread cap, P2; those on 3+1+1 sides take two solos each, from the solos no
 *   4-stack has. With f 4-stacks playing (f <= P1), at most min(3-stacks, P2 + floor((solos - f) / 2))
 *   3-stacks play. Each more 4-stack seats four players and costs at most one 3-stack, three players, so
 *   the count of seatable players is largest at f = P1, and that is the bound.
 *
 * Both pairings are the largest there are: items in ascending score each take the lowest-scoring partner
 * still unpaired that reaches them, which is optimal because every item reaches an interval of one width.
 */
export function packingBound(mode: Mode, pool: readonly Ticket[]): number {
  const players = pool.reduce((n, t) => n + t.members.length, 0);
  if (mode.format.kind !== 'team') return players;
  const { teamSize } = mode.format;
  const perMatch = 2 * teamSize;
  if (teamSize < 3) return perMatch * Math.floor(players / perMatch);
  const reach = mode.spreadCap.hard;
  const scores = (size: number) =>
    pool
      .filter((t) => t.members.length === size)
      .map((t) => t.score)
      .sort((a, b) => a - b);
  const solos = scores(1);
  const short = scores(teamSize - 1);
  const shortPlaying = largestPairing(short, solos, reach);
  let stranded = (short.length - shortPlaying) * (teamSize - 1);
  if (teamSize === 5) {
    const threes = scores(3);
    const threesPlaying = Math.min(
      threes.length,
      largestPairing(threes, scores(2), reach) + Math.floor((solos.length - shortPlaying) / 2),
    );
    stranded += (threes.length - threesPlaying) * 3;
    if (players <= FLOW_LIMIT) stranded = Math.max(stranded, strandedByFlow(solos, scores(2), threes, short, reach));
  }
  return perMatch * Math.floor((players - stranded) / perMatch);
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

/** The largest number of pairs of an item of `a` with one of `b` (both ascending) at most `reach` apart. */
function largestPairing(a: readonly number[], b: readonly number[], reach: number): number {
  let paired = 0;
  let first = 0;
  for (const item of b) {
    // Items of `a` too far below this one are too far below every later one.
    while (first < a.length && (a[first] ?? 0) < item - reach) first++;
    if (first < a.length && (a[first] ?? 0) <= item + reach) {
      paired++;
      first++;
    }
  }
  return paired;
}
