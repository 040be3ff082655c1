import type { Mode } from '../functions/src/core/mode/modes.js';
import { packingCeiling } from '../functions/src/core/match/ceiling.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import { FlowNetwork } from './flow.js';

/** The scores of a 5v5 pool's solos, 2-stacks, 3-stacks and 4-stacks, each ascending. */
export interface PartyScores {
  solos: readonly number[];
  twos: readonly number[];
  threes: readonly number[];
  fours: readonly number[];
}
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
  const scores = (size: number) =>
    pool
      .filter((t) => t.members.length === size)
      .map((t) => t.score)
      .sort((a, b) => a - b);
  const stranded = strandedByFlow(
    { solos: scores(1), twos: scores(2), threes: scores(3), fours: scores(4) },
    mode.spreadCap.hard,
  );
  return Math.min(ceiling, 10 * Math.floor((players - stranded) / 10));
}

/**
 * In 5v5, the 4-stack and 3-stack players no matcher keeping the caps can seat, counted jointly rather than
 * one size after the other (scores ascending). A seated 4-stack sits beside a solo within reach; a seated
 * 3-stack beside a 2-stack or two solos within reach; no solo or 2-stack completes two parties. So the players
 * seated in 4-stacks and 3-stacks are at most the most valuable flow in which each solo carries one unit and
 * each 2-stack two, a 4-stack takes one unit (worth 4 players) and a 3-stack two (1.5 players each), from
 * tickets within reach. Every packing is such a flow, so the flow's value bounds them all; it is tighter than
 * the count above where the solos left over from the 4-stacks are out of the 3-stacks' reach.
 *
 * The most valuable flow is found from two largest flows. The sets of party units that one flow can fill
 * together form a matroid (a transversal matroid: split every ticket into its units), and a matroid's
 * heaviest independent set is the greedy one: as many 4-stack units as any flow fills (`intoFours`), then
 * as many units in all as any flow fills (`intoAll`), the rest going to 3-stacks. Its value is
 * 4 × intoFours + 1.5 × (intoAll − intoFours).
 */
export function strandedByFlow(parties: PartyScores, reach: number): number {
  const { threes, fours } = parties;
  const intoFours = mostUnitsFilled({ ...parties, twos: [], threes: [] }, reach);
  const intoAll = mostUnitsFilled(parties, reach);
  return 4 * fours.length + 3 * threes.length - (4 * intoFours + 1.5 * (intoAll - intoFours));
}

/**
 * The most units a flow moves from solos (one each) and 2-stacks (two each) into 4-stacks (one each, from
 * solos only) and 3-stacks (two each) within reach. A ticket reaches the parties whose scores lie in an
 * interval, so rather than an edge to each party it has one to each node of a segment tree (over the parties
 * of a size, by score) that together cover that interval; tree edges lead down to the parties without limit.
 * The same flows pass as through the edges to each party, on a graph of n log n edges instead of n².
 */
function mostUnitsFilled({ solos, twos, threes, fours }: PartyScores, reach: number): number {
  const source = 0;
  const sink = 1;
  const firstSolo = 2;
  const firstTwo = firstSolo + solos.length;
  const fourTree = new PartyTree(fours, firstTwo + twos.length);
  const threeTree = new PartyTree(threes, fourTree.end);
  const network = new FlowNetwork(threeTree.end);
  fourTree.build(network, sink, 1);
  threeTree.build(network, sink, 2);
  solos.forEach((score, i) => {
    network.addEdge(source, firstSolo + i, 1);
    fourTree.reach(network, firstSolo + i, score, reach);
    threeTree.reach(network, firstSolo + i, score, reach);
  });
  twos.forEach((score, j) => {
    network.addEdge(source, firstTwo + j, 2);
    threeTree.reach(network, firstTwo + j, score, reach);
  });
  return network.maxFlow(source, sink);
}

/** A segment tree over parties sorted by score: node 1 the root, node i's children 2i and 2i + 1, leaves last. */
class PartyTree {
  /** Leaves in the tree, a power of two: the parties' leaves come first, the rest lead nowhere. */
  private readonly leaves: number;
  /** The first node after this tree's. */
  readonly end: number;

  constructor(
    private readonly scores: readonly number[],
    private readonly firstNode: number,
  ) {
    let leaves = 1;
    while (leaves < scores.length) leaves *= 2;
    this.leaves = leaves;
    this.end = firstNode + 2 * this.leaves;
  }

  /** Edges down the tree without limit, and from each party's leaf to `sink`, as many units as it takes. */
  build(network: FlowNetwork, sink: number, units: number): void {
    for (let node = 1; node < this.leaves; node++) {
      network.addEdge(this.firstNode + node, this.firstNode + 2 * node, Infinity);
      network.addEdge(this.firstNode + node, this.firstNode + 2 * node + 1, Infinity);
    }
    for (let k = 0; k < this.scores.length; k++) network.addEdge(this.firstNode + this.leaves + k, sink, units);
  }

  /** Edges from `from` to the fewest tree nodes whose leaves are exactly the parties within reach of `score`. */
  reach(network: FlowNetwork, from: number, score: number, reach: number): void {
    // The same test as |score − party| ≤ reach, split in two: each half holds on one end of the sorted scores.
    let low = this.leaves + firstWhere(this.scores, (party) => score - party <= reach);
    let high = this.leaves + firstWhere(this.scores, (party) => party - score > reach);
    while (low < high) {
      if (low & 1) network.addEdge(from, this.firstNode + low++, Infinity);
      if (high & 1) network.addEdge(from, this.firstNode + --high, Infinity);
      low >>= 1;
      high >>= 1;
    }
  }
}

/** The first index of ascending `items` where `holds` does, given that it holds from some index on. */
function firstWhere(items: readonly number[], holds: (item: number) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (holds(items[middle] ?? 0)) high = middle;
    else low = middle + 1;
  }
  return low;
}
