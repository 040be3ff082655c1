import type { TeamFormat, WidenedCap } from '../mode/modes.js';
import { MAX_PARTY_SIZE } from './ticket.js';
import { exhaustiveMatch } from './exhaustive.js';
import { balancedCompositions, type Composition } from './premade.js';
import type { Attempt } from './reasons.js';
import type { ScoreIndex } from './scoreIndex.js';
import { bestSplit, type Split } from './sides.js';
import { capAt } from './widening.js';

/** Extra parties per size gathered as swap candidates once the nearest ones miss the side cap. */
const SPARES = 2;
/** Exact splits the swap search may try per attempt, which bounds the cost of an anchor that fails. */
const SWAP_BUDGET = 32;
/** Room per party size in the scratch arrays: at most ten parties of one size in a match, plus spares. */
const STRIDE = 2 * MAX_PARTY_SIZE + SPARES + 1;
/**
 * When the nearest parties and their swaps make no match, every mix of the parties within the spread cap
 * is searched, as long as they are at most this many: a sparse neighbourhood is where a match can hide
 * from the nearest-first choice, and a dense one almost never fails it.
 */
const NEIGHBOURHOOD_LIMIT = 40;

/** Tickets for a match, and their best split into sides. */
interface Candidate {
  tickets: number[];
  split: Split;
}

/** The mandatory tickets of an attempt and the caps it runs under. */
interface Frame {
  mandatory: readonly number[];
  lowest: number;
  highest: number;
  players: number;
  /** Summed size × score of the mandatory tickets. */
  weight: number;
  spreadCap: number;
  sideDifferenceCap: number;
}

/**
 * Builds team matches from a pool. For each mix of party sizes the premade policy allows, it takes the
 * parties of each size nearest the anchor's score, and tries those mixes from the tightest spread up.
 * When the nearest parties split too unevenly, a short local search swaps parties for others of the same
 * size nearby. The first optimal split within the side cap of a fresh match is taken; failing that, the
 * most even one the widened cap allows. That is a few binary searches and a bounded number of exact
 * splits of at most ten parties per anchor, whatever the pool size.
 */
export class TeamMatcher {
  private readonly compositions: readonly Composition[];
  private readonly anyCompositions: readonly Composition[];
  /** The compositions the nearest parties can fill within the spread cap, by index, tightest first. */
  private readonly viable: Int32Array;
  private readonly spreads: Float64Array;
  /** Parties per size among the mandatory tickets of the current attempt. */
  private readonly fixed = new Int32Array(MAX_PARTY_SIZE + 1);
  /** `nearby[size * STRIDE + k]`: the k-th nearest available party of that size. */
  private readonly nearby = new Int32Array((MAX_PARTY_SIZE + 1) * STRIDE);
  private readonly found = new Int32Array(MAX_PARTY_SIZE + 1);
  /** Score bounds of the mandatory tickets and the first k nearby parties of a size, at `size * STRIDE + k`. */
  private readonly lowest = new Float64Array((MAX_PARTY_SIZE + 1) * STRIDE);
  private readonly highest = new Float64Array((MAX_PARTY_SIZE + 1) * STRIDE);
  /** The anchor of a duel, as the list of tickets its search leaves out. */
  private readonly anchorOnly: number[] = [-1];
  private readonly frame: Frame = {
    mandatory: [],
    lowest: 0,
    highest: 0,
    players: 0,
    weight: 0,
    spreadCap: 0,
    sideDifferenceCap: 0,
  };

  constructor(
    private readonly index: ScoreIndex,
    private readonly format: TeamFormat,
    private readonly spreadCap: WidenedCap,
  ) {
    this.compositions = balancedCompositions(format.teamSize, format.premade);
    this.anyCompositions = balancedCompositions(format.teamSize, 'any');
    this.viable = new Int32Array(this.anyCompositions.length);
    this.spreads = new Float64Array(this.anyCompositions.length);
  }

  /**
   * A match containing every `mandatory` ticket (the anchor, and when a ticket arrives, the arrival),
   * under the caps widened by `oldestWaitSeconds`; with `fairOnly`, under the side cap of a fresh match.
   */
  build(mandatory: readonly number[], oldestWaitSeconds: number, fairOnly = false): Attempt {
    // One frame, reused: a sweep builds an attempt per ticket.
    const frame = this.frame;
    frame.mandatory = mandatory;
    frame.lowest = Infinity;
    frame.highest = -Infinity;
    frame.players = 0;
    frame.weight = 0;
    frame.spreadCap = capAt(this.spreadCap, oldestWaitSeconds);
    frame.sideDifferenceCap = capAt(this.format.sideDifferenceCap, fairOnly ? 0 : oldestWaitSeconds);
    this.fixed.fill(0);
    for (const ticket of mandatory) {
      const size = this.index.size(ticket);
      this.fixed[size] = (this.fixed[size] ?? 0) + 1;
      frame.players += size;
      frame.weight += size * this.index.score(ticket);
      frame.lowest = Math.min(frame.lowest, this.index.score(ticket));
      frame.highest = Math.max(frame.highest, this.index.score(ticket));
    }
    if (frame.players > 2 * this.format.teamSize || frame.highest - frame.lowest > frame.spreadCap) {
      return { matched: false, reason: 'noCandidatesWithinCaps' };
    }
    if (this.format.teamSize === 1) return this.duel(frame);
    if (frame.players === 2 * this.format.teamSize) return this.whole(frame);

    this.gather(frame, 0);
    const viable = this.fillable(this.compositions, frame);
    // Settle for a split within the widened side cap only when none fits the cap a fresh match gets.
    const fairDifference = Math.min(frame.sideDifferenceCap, capAt(this.format.sideDifferenceCap, 0));
    let fallback: Candidate | undefined;
    for (const candidate of this.candidates(frame, viable)) {
      const difference = candidate.split.sideDifference;
      if (difference <= fairDifference) return sidesOf(candidate);
      if (difference <= frame.sideDifferenceCap && difference < (fallback?.split.sideDifference ?? Infinity)) {
        fallback = candidate;
      }
    }
    if (fallback) return sidesOf(fallback);
    const searched = this.searchNeighbourhood(frame);
    if (searched) return sidesOf(searched);
    if (viable === 0 && this.fillable(this.anyCompositions, frame) > 0) {
      return { matched: false, reason: 'premadeImbalance' };
    }
    return { matched: false, reason: 'noCandidatesWithinCaps' };
  }

  /**
   * When the mandatory tickets fill both sides they are the only candidate: their best split, if it keeps
   * the side cap (the spread is checked already). What the general search would find, without searching.
   */
  private whole(frame: Frame): Attempt {
    const tickets = [...frame.mandatory];
    const split = this.split(tickets);
    if (!split) return { matched: false, reason: 'premadeImbalance' };
    if (split.sideDifference > frame.sideDifferenceCap) return { matched: false, reason: 'noCandidatesWithinCaps' };
    return sidesOf({ tickets, split });
  }

  /**
   * 1v1: the nearest available player within both caps, which is the fairest match there is (the spread
   * and the side difference are one and the same) and is found if any is.
   */
  private duel(frame: Frame): Attempt {
    const [anchor = -1, arrival] = frame.mandatory;
    if (arrival !== undefined) {
      return frame.highest - frame.lowest <= frame.sideDifferenceCap
        ? { matched: true, sides: [[anchor], [arrival]] }
        : { matched: false, reason: 'noCandidatesWithinCaps' };
    }
    const rival = this.rivalWithin(anchor, Math.min(frame.spreadCap, frame.sideDifferenceCap));
    return rival < 0
      ? { matched: false, reason: 'noCandidatesWithinCaps' }
      : { matched: true, sides: [[anchor], [rival]] };
  }

  /**
   * The player a 1v1 attempt around `anchor` alone, widened by `oldestWaitSeconds`, would match it with, or -1:
   * what `build([anchor], oldestWaitSeconds)` finds, without building the attempt, for the sweep's hot loop.
   */
  duelRival(anchor: number, oldestWaitSeconds: number): number {
    const reach = Math.min(
      capAt(this.spreadCap, oldestWaitSeconds),
      capAt(this.format.sideDifferenceCap, oldestWaitSeconds),
    );
    return this.rivalWithin(anchor, reach);
  }

  /** The nearest available player within `reach` of the anchor's score, or -1. */
  private rivalWithin(anchor: number, reach: number): number {
    const score = this.index.score(anchor);
    this.anchorOnly[0] = anchor;
    const found = this.index.nearest(
      1,
      score,
      score - reach,
      score + reach,
      1,
      this.anchorOnly,
      this.nearby,
      0,
      anchor,
    );
    return found === 0 ? -1 : (this.nearby[0] ?? -1);
  }

  /**
   * Candidate matches, best first: for each composition, tightest spread first, its nearest parties,
   * then the swaps that narrow their side difference, within a budget of exact splits per attempt.
   */
  private *candidates(frame: Frame, viable: number): Generator<Candidate> {
    let budget = SWAP_BUDGET;
    let spares = false;
    for (let i = 0; i < viable; i++) {
      const composition = this.compositions[this.viable[i] ?? -1] ?? [];
      const tickets = this.nearest(frame, composition);
      const split = this.split(tickets);
      if (!split) continue;
      let current: Candidate = { tickets, split };
      yield current;
      if (!spares) {
        this.gather(frame, SPARES);
        spares = true;
      }
      while (budget > 0) {
        const swapped = this.bestSwap(frame, current, budget);
        budget -= swapped.tried;
        if (!swapped.better) break;
        current = swapped.better;
        yield current;
      }
    }
  }

  /**
   * Any match within the caps among the available parties within the spread cap of the mandatory ones, by
   * exhaustive search, if they are few enough (see NEIGHBOURHOOD_LIMIT).
   */
  private searchNeighbourhood(frame: Frame): Candidate | null {
    const lo = frame.highest - frame.spreadCap;
    const hi = frame.lowest + frame.spreadCap;
    const room = 2 * this.format.teamSize - frame.players;
    const found = new Int32Array(NEIGHBOURHOOD_LIMIT + 1);
    let count = 0;
    for (let size = 1; size <= Math.min(room, this.format.teamSize); size++) {
      count += this.index.ascending(size, lo, hi, found.length - count, frame.mandatory, found, count);
      if (count > NEIGHBOURHOOD_LIMIT) return null;
    }
    const rules = {
      teamSize: this.format.teamSize,
      policy: this.format.premade,
      spreadCap: frame.spreadCap,
      sideDifferenceCap: frame.sideDifferenceCap,
    };
    const tickets = exhaustiveMatch(rules, this.index, frame.mandatory, Array.from(found.subarray(0, count)));
    const split = tickets && this.split(tickets);
    return tickets && split && split.sideDifference <= frame.sideDifferenceCap ? { tickets, split } : null;
  }

  /** Finds the nearest available parties of each size (and `extra` more) within the spread cap of the frame. */
  private gather(frame: Frame, extra: number): void {
    // Around the mandatory tickets' average per player: the parties that keep the sides even are found there.
    const center = frame.weight / frame.players;
    const room = 2 * this.format.teamSize - frame.players;
    for (let size = 1; size <= this.format.teamSize; size++) {
      const base = size * STRIDE;
      const limit = Math.floor(room / size) + extra;
      const lo = frame.highest - frame.spreadCap;
      const hi = frame.lowest + frame.spreadCap;
      const found = this.index.nearest(size, center, lo, hi, limit, frame.mandatory, this.nearby, base);
      this.found[size] = found;
      this.lowest[base] = frame.lowest;
      this.highest[base] = frame.highest;
      for (let k = 0; k < found; k++) {
        const score = this.index.score(this.nearby[base + k] ?? -1);
        this.lowest[base + k + 1] = Math.min(this.lowest[base + k] ?? Infinity, score);
        this.highest[base + k + 1] = Math.max(this.highest[base + k] ?? -Infinity, score);
      }
    }
  }

  /**
   * How many of `compositions` the nearest parties can fill within the spread cap; their indices go to
   * `viable`, tightest spread first (an insertion sort: there are a few dozen at most).
   */
  private fillable(compositions: readonly Composition[], frame: Frame): number {
    let count = 0;
    for (const [c, composition] of compositions.entries()) {
      let lowest = frame.lowest;
      let highest = frame.highest;
      let available = true;
      for (let size = 1; size <= this.format.teamSize && available; size++) {
        const need = (composition[size] ?? 0) - (this.fixed[size] ?? 0);
        if (need < 0 || need > (this.found[size] ?? 0)) available = false;
        else {
          lowest = Math.min(lowest, this.lowest[size * STRIDE + need] ?? Infinity);
          highest = Math.max(highest, this.highest[size * STRIDE + need] ?? -Infinity);
        }
      }
      const spread = highest - lowest;
      if (!available || spread > frame.spreadCap) continue;
      let at = count++;
      for (; at > 0 && (this.spreads[at - 1] ?? 0) > spread; at--) {
        this.spreads[at] = this.spreads[at - 1] ?? 0;
        this.viable[at] = this.viable[at - 1] ?? 0;
      }
      this.spreads[at] = spread;
      this.viable[at] = c;
    }
    return count;
  }

  /** The mandatory tickets and, for the rest of the composition, the nearest parties of each size. */
  private nearest(frame: Frame, composition: Composition): number[] {
    const tickets = [...frame.mandatory];
    for (let size = 1; size <= this.format.teamSize; size++) {
      const need = (composition[size] ?? 0) - (this.fixed[size] ?? 0);
      for (let k = 0; k < need; k++) tickets.push(this.nearby[size * STRIDE + k] ?? -1);
    }
    return tickets;
  }

  private split(tickets: readonly number[]): Split | null {
    return bestSplit(
      tickets.map((ticket) => ({ size: this.index.size(ticket), score: this.index.score(ticket) })),
      this.format.teamSize,
      this.format.premade,
    );
  }

  /**
   * The swap of one chosen party for a nearby unchosen one of the same size that most narrows the best
   * split's side difference while keeping the spread within the cap, trying at most `budget` splits.
   */
  private bestSwap(frame: Frame, current: Candidate, budget: number): { better: Candidate | null; tried: number } {
    let better: Candidate | null = null;
    let tried = 0;
    const { tickets } = current;
    for (let p = frame.mandatory.length; p < tickets.length && tried < budget; p++) {
      const size = this.index.size(tickets[p] ?? -1);
      for (let k = 0; k < (this.found[size] ?? 0) && tried < budget; k++) {
        const spare = this.nearby[size * STRIDE + k] ?? -1;
        if (tickets.includes(spare)) continue;
        const trial = tickets.with(p, spare);
        const scores = trial.map((ticket) => this.index.score(ticket));
        if (Math.max(...scores) - Math.min(...scores) > frame.spreadCap) continue;
        tried++;
        const split = this.split(trial);
        if (split && split.sideDifference < (better ?? current).split.sideDifference)
          better = { tickets: trial, split };
      }
    }
    return { better, tried };
  }
}

function sidesOf({ tickets, split }: Candidate): Attempt {
  return {
    matched: true,
    sides: [tickets.filter((_, i) => split.onSideA[i]), tickets.filter((_, i) => !split.onSideA[i])],
  };
}
