import { firstClash } from '../functions/src/core/fairplay/avoidance.js';
import { firstRematch, type FarmingConfig } from '../functions/src/core/fairplay/rematchWindow.js';
import { packingCeiling } from '../functions/src/core/match/ceiling.js';
import { makeProposal, type MatchProposal } from '../functions/src/core/match/proposal.js';
import { bestSplit } from '../functions/src/core/match/sides.js';
import { waitSeconds, type Ticket } from '../functions/src/core/match/ticket.js';
import { currentCaps } from '../functions/src/core/match/widening.js';
import type { Mode } from '../functions/src/core/mode/modes.js';
import { mayPlayIn, type Regions, type Rtts } from '../functions/src/core/mode/regions.js';
import type { GuardedTicket } from '../functions/src/core/queue/ticket.js';

/**
 * The exact yardstick for small pools (issue 30): the most players any set of disjoint valid matches seats, by
 * branch and bound. A match is valid by the matcher's own predicates: both caps at the wait of its oldest ticket
 * (`currentCaps`), sides of whole parties that the premade policy allows, split as evenly as `bestSplit` finds,
 * and whatever `admissible` adds (blocks and the farming window, `guardRules`; regions, `regionRule`).
 *
 * The search takes the lowest-scoring undecided ticket: it either plays in one of the valid matches with free
 * tickets scoring at or above it, or in none. A branch is cut when what it has seated plus the matcher's own
 * ceiling over the tickets still undecided (`packingCeiling`) cannot beat the best packing known, and a state
 * seen before (the same lowest ticket, the same tickets above it taken) is cut when it was already searched with
 * as many seated. The tickets taken above the lowest lie within a hard spread cap of it, so states repeat often.
 */
export interface OptimumOptions {
  /** A rule beyond caps, premade balance and the split; gets the sides of the best split. */
  admissible?: (sides: readonly (readonly Ticket[])[]) => boolean;
  /** A packing known to be valid (the matcher's): the search starts from its count, and returns it if none beats it. */
  incumbent?: readonly MatchProposal[];
  /** Search nodes after which the search stops without proof. */
  nodeBudget?: number;
}

export interface Optimum {
  seated: number;
  proposals: MatchProposal[];
  /** Whether the search ran to the end, so that `seated` is the optimum and not only the best found. */
  proven: boolean;
  nodes: number;
}

const DEFAULT_NODE_BUDGET = 2_000_000;

/** Team modes only: a free-for-all room has no sides to split. */
export function exactOptimum(mode: Mode, tickets: readonly Ticket[], nowMs: number, options: OptimumOptions = {}) {
  if (mode.format.kind !== 'team') throw new RangeError('the exact optimum covers team modes');
  const search = new PackingSearch(mode, tickets, nowMs, options);
  return search.run();
}

class PackingSearch {
  private readonly sorted: Ticket[];
  private readonly taken: Uint8Array;
  private readonly chosen: Ticket[][][] = [];
  private readonly seen = new Map<string, number>();
  private best: number;
  private bestMatches: Ticket[][][];
  private nodes = 0;
  private stopped = false;
  private readonly perMatch: number;
  /** The widest spread any match may have: the hard cap. */
  private readonly reach: number;

  constructor(
    private readonly mode: Mode,
    tickets: readonly Ticket[],
    private readonly nowMs: number,
    private readonly options: OptimumOptions,
  ) {
    const limit = mode.format.kind === 'team' ? mode.format.teamSize : 0;
    this.perMatch = 2 * limit;
    this.reach = mode.spreadCap.hard;
    const placeable = tickets.filter((t) => t.members.length <= limit).sort((a, b) => a.score - b.score);
    // A ticket no valid match of the whole pool holds plays in none: out of the search from the start.
    this.sorted = placeable.filter((t) => this.inSomeMatch(t, placeable));
    this.taken = new Uint8Array(this.sorted.length);
    const incumbent = options.incumbent ?? [];
    this.best = incumbent.reduce((n, p) => n + p.sides.flat().reduce((m, t) => m + t.members.length, 0), 0);
    this.bestMatches = incumbent.map((p) => p.sides.map((side) => [...side]));
  }

  run(): Optimum {
    this.search(0, 0);
    return {
      seated: this.best,
      proposals: this.bestMatches.map((sides) => makeProposal(sides, this.nowMs)),
      proven: !this.stopped,
      nodes: this.nodes,
    };
  }

  private search(from: number, seated: number): void {
    let i = from;
    while (i < this.sorted.length && this.taken[i]) i++;
    if (seated > this.best) {
      this.best = seated;
      this.bestMatches = this.chosen.map((sides) => sides.map((side) => [...side]));
    }
    if (i >= this.sorted.length || this.stopped) return;
    if (++this.nodes > (this.options.nodeBudget ?? DEFAULT_NODE_BUDGET)) {
      this.stopped = true;
      return;
    }
    const key = this.stateKey(i);
    const searched = this.seen.get(key);
    if (searched !== undefined && searched >= seated) return;
    if (seated + this.ceiling(i) <= this.best) return;
    this.seen.set(key, seated);
    for (const sides of this.matchesOf(i)) {
      const tickets = sides.flat();
      const indices = tickets.map((t) => this.sorted.indexOf(t, i));
      for (const k of indices) this.taken[k] = 1;
      this.chosen.push(sides);
      this.search(i + 1, seated + this.perMatch);
      this.chosen.pop();
      for (const k of indices) this.taken[k] = 0;
      if (this.stopped) return;
    }
    // Or ticket i plays in no match.
    this.taken[i] = 1;
    this.search(i + 1, seated);
    this.taken[i] = 0;
  }

  /** The lowest undecided ticket and the tickets above it that matches have taken. */
  private stateKey(i: number): string {
    let key = `${i}`;
    for (let k = i + 1; k < this.sorted.length && this.sorted[k]!.score <= this.reachOf(i); k++) {
      if (this.taken[k]) key += `,${k}`;
    }
    return key;
  }

  private reachOf(i: number): number {
    return this.sorted[i]!.score + this.reach;
  }

  /** The most the undecided tickets from i on can still seat. */
  private ceiling(i: number): number {
    const rest: Ticket[] = [];
    for (let k = i; k < this.sorted.length; k++) if (!this.taken[k]) rest.push(this.sorted[k]!);
    return packingCeiling(this.mode, rest);
  }

  /** Whether some valid match among `pool` (ascending by score) holds `ticket`. */
  private inSomeMatch(ticket: Ticket, pool: readonly Ticket[]): boolean {
    const near = pool.filter((t) => t !== ticket && Math.abs(t.score - ticket.score) <= this.reach);
    return this.firstMatch([ticket], near, 0, ticket.members.length);
  }

  /** Whether `picked` and some of `near` from `start` on make a valid match. */
  private firstMatch(picked: Ticket[], near: readonly Ticket[], start: number, players: number): boolean {
    if (players === this.perMatch) return validSides(this.mode, picked, this.nowMs, this.options.admissible) !== null;
    for (let k = start; k < near.length; k++) {
      const next = near[k]!;
      if (players + next.members.length > this.perMatch) continue;
      picked.push(next);
      const found = this.firstMatch(picked, near, k + 1, players + next.members.length);
      picked.pop();
      if (found) return true;
    }
    return false;
  }

  /** Every valid match holding ticket i and free tickets scoring at or above it, as the sides of its best split. */
  private matchesOf(i: number): Ticket[][][] {
    const anchor = this.sorted[i]!;
    const window: Ticket[] = [];
    for (let k = i + 1; k < this.sorted.length && this.sorted[k]!.score <= this.reachOf(i); k++) {
      if (!this.taken[k]) window.push(this.sorted[k]!);
    }
    const found: Ticket[][][] = [];
    const picked: Ticket[] = [anchor];
    const pick = (start: number, players: number) => {
      if (players === this.perMatch) {
        const sides = validSides(this.mode, picked, this.nowMs, this.options.admissible);
        if (sides) found.push(sides);
        return;
      }
      for (let k = start; k < window.length; k++) {
        const next = window[k]!;
        if (players + next.members.length > this.perMatch) continue;
        picked.push(next);
        pick(k + 1, players + next.members.length);
        picked.pop();
      }
    };
    pick(0, anchor.members.length);
    return found;
  }
}

/**
 * The sides of these tickets as one match, split as the matcher must split them, or null when they make no valid
 * match: two full sides the premade policy allows, and both caps at the wait of the oldest of them.
 */
export function validSides(
  mode: Mode,
  tickets: readonly Ticket[],
  nowMs: number,
  admissible?: (sides: readonly (readonly Ticket[])[]) => boolean,
): Ticket[][] | null {
  if (mode.format.kind !== 'team') return null;
  const waits = tickets.map((t) => waitSeconds(t, nowMs));
  const oldest = Math.max(0, ...waits);
  const caps = currentCaps(mode, oldest);
  const scores = tickets.map((t) => t.score);
  if (Math.max(...scores) - Math.min(...scores) > caps.spread) return null;
  const { teamSize, premade } = mode.format;
  const split = bestSplit(
    tickets.map((t) => ({ size: t.members.length, score: t.score })),
    teamSize,
    premade,
  );
  if (!split || split.sideDifference > (caps.sideDifference ?? Infinity)) return null;
  const sides = [tickets.filter((_, k) => split.onSideA[k]), tickets.filter((_, k) => !split.onSideA[k])];
  return !admissible || admissible(sides) ? sides : null;
}

/** Blocks and the farming window, as the sweep keeps them (`sweepAvoiding`): no clash in the room, no rematch too soon. */
export function guardRules(farming: FarmingConfig, nowMs: number) {
  return (sides: readonly (readonly Ticket[])[]) => {
    const guarded = sides as readonly (readonly GuardedTicket[])[];
    return firstClash(guarded.flat()) === null && firstRematch(guarded, farming, nowMs) === null;
  };
}

/** Regions: a match is played in one region, which every ticket of it must be allowed to play in by its wait. */
export function regionRule(
  regions: Regions,
  homeOf: ReadonlyMap<string, { home: string; rtts: Rtts | null }>,
  nowMs: number,
) {
  const ids = Object.keys(regions.neighbours);
  return (sides: readonly (readonly Ticket[])[]) =>
    ids.some((region) =>
      sides.flat().every((t) => {
        const player = homeOf.get(t.id);
        return player !== undefined && mayPlayIn(regions, player, region, waitSeconds(t, nowMs));
      }),
    );
}
