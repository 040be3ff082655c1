import type { Mode, TeamFormat } from '../mode/modes.js';
import { sortByKey } from './order.js';
import { balanceUnit, sideShapes } from './premade.js';
import { makeProposal, type MatchProposal } from './proposal.js';
import { bestSplit } from './sides.js';
import type { Ticket } from './ticket.js';
import { capAt } from './widening.js';

/** What forming sides first made of a pool: its matches, and the tickets of sides left without an opponent. */
export interface SidesFirst {
  proposals: MatchProposal[];
  /** Indices of the tickets those matches seat. */
  seated: number[];
  /** Indices of the tickets held back from the rest of the sweep (see `BusySweepRule.holdSeconds`). */
  held: number[];
}

/** Mates a party may pair with on each side of its score in `pairOldestFirst`. */
const MATES_IN_REACH = 64;

/** A side formed from the pool: ticket indices, its oldest enqueue, and what pairing it needs. */
interface Side {
  tickets: number[];
  oldest: number;
  /** Average score per player. */
  average: number;
  low: number;
  high: number;
  /** What an opponent must share: the premade count (`sameCount`) or the party sizes (`mirror`). */
  kind: number;
}

/**
 * The sweep of a busy pool, first step (`BUSY_SWEEP`): whole sides are formed before any match,
 * and then paired. A side is one of the ways `teamSize` players can be made of parties, largest party first
 * (in 5v5: 5, 4+1, 3+2, 3+1+1, 2+2+1, 2+1+1+1, 1+1+1+1+1). A two-party side of unequal sizes (4+1, 3+2) takes
 * the largest pairing of those parties with their mates within the spread cap, older parties served first: those
 * parties have no other way to play where their mates are scarce. The other shapes take, for each anchor of their
 * largest size, oldest first, the nearest free tickets of the other sizes. Sides then face the side of the same
 * premade count (or, under `mirror`, the same sizes) nearest in average, oldest side first: first within the side
 * cap of a fresh match, then within the widened one, and the match is split the most even way the policy allows.
 *
 * Why: where the middle of the scale holds more parties than their mates, a sweep that goes by score seats
 * whoever its order reaches, and a party that cannot play without a scarce mate waits while newer ones play.
 * Forming sides first, oldest first, gives every scarce mate to the oldest party that needs it, and pairing whole
 * sides keeps those mates from being spent on sides that had other ways to play. The tickets of a side left
 * without an opponent are held back from the rest of the sweep while they have waited less than `holdSeconds`:
 * spent elsewhere at once, its solo would strand the party it completes.
 */
export function formSidesFirst(mode: Mode, tickets: readonly Ticket[], nowMs: number, holdSeconds: number): SidesFirst {
  if (mode.format.kind !== 'team') return { proposals: [], seated: [], held: [] };
  const format = mode.format;
  const spreadAt = (enqueuedAt: number) => capAt(mode.spreadCap, (nowMs - enqueuedAt) / 1000);
  const sides = formSides(format, tickets, spreadAt).map((side) => describe(side, tickets, format));
  const sideCapAt = (enqueuedAt: number) => capAt(format.sideDifferenceCap, (nowMs - enqueuedAt) / 1000);
  const pairs = pairSides(sides, spreadAt, sideCapAt, capAt(format.sideDifferenceCap, 0));
  const paired = new Set(pairs.flat());
  const held = sides
    .filter((side) => !paired.has(side))
    .flatMap((side) => side.tickets)
    .filter((t) => nowMs - (tickets[t]?.enqueuedAt ?? nowMs) < holdSeconds * 1000);
  return {
    proposals: pairs.map(([a, b]) => evenSplit(ticketsOf(a, tickets), ticketsOf(b, tickets), format, nowMs)),
    seated: pairs.flat().flatMap((side) => side.tickets),
    held,
  };
}

/** The pool's sides (ticket indices), shape by shape (see `formSidesFirst`), each ticket in one side at most. */
export function formSides(
  format: TeamFormat,
  tickets: readonly Ticket[],
  spreadAt: (enqueuedAt: number) => number,
): number[][] {
  const taken = new Uint8Array(tickets.length);
  const all = Int32Array.from(tickets.keys());
  const enqueuedAt = tickets.map((t) => t.enqueuedAt);
  const scores = tickets.map((t) => t.score);
  const free = (size: number, key: number[]) =>
    sortByKey(
      all.filter((t) => !taken[t] && tickets[t]?.members.length === size),
      key,
    );
  const sides: number[][] = [];
  const take = (side: number[]) => {
    for (const t of side) taken[t] = 1;
    sides.push(side);
  };
  for (const shape of sideShapes(format.teamSize)) {
    const [largest = 0, second = 0] = shape;
    if (shape.length === 2 && largest !== second) {
      for (const pair of pairOldestFirst(free(largest, enqueuedAt), free(second, scores), tickets, spreadAt))
        take(pair);
      continue;
    }
    const bySize = new Map(shape.slice(1).map((size) => [size, new OpenBySize(free(size, scores), taken)]));
    for (const anchor of free(largest, enqueuedAt)) {
      if (taken[anchor]) continue;
      const side = nearestSide(anchor, shape.slice(1), bySize, tickets, spreadAt);
      if (side) take(side);
    }
  }
  return sides;
}

/**
 * The largest pairing of `parties` (indices of `tickets`, oldest first) with `mates` (by score) within the spread
 * cap at the older one's wait, the older parties served first: augmenting paths tried from each party in turn.
 * A search that fails keeps its marks until one succeeds, since the pairing it searched has not changed. Each
 * party reaches its `MATES_IN_REACH` nearest mates either way: where mates are that plentiful every party gets
 * one anyway, and a pool of thousands of solos within reach of each 4-stack made the pairing quadratic.
 */
export function pairOldestFirst(
  parties: Int32Array,
  mates: Int32Array,
  tickets: readonly Ticket[],
  spreadAt: (enqueuedAt: number) => number,
): number[][] {
  const ticket = (t: number) => tickets[t] as Ticket;
  const widest = spreadAt(-Infinity);
  const reach = (party: number) => {
    const { score, enqueuedAt } = ticket(party);
    const fits = (m: number) => {
      const mate = ticket(mates[m] ?? 0);
      const within = Math.abs(mate.score - score) <= spreadAt(Math.min(mate.enqueuedAt, enqueuedAt));
      return { past: Math.abs(mate.score - score) > widest, within };
    };
    const start = lowerBound(mates, tickets, score);
    const below: number[] = [];
    for (let m = start - 1; m >= 0 && below.length < MATES_IN_REACH; m--) {
      const { past, within } = fits(m);
      if (past) break;
      if (within) below.push(m);
    }
    const found = below.reverse();
    const most = found.length + MATES_IN_REACH;
    for (let m = start; m < mates.length && found.length < most; m++) {
      const { past, within } = fits(m);
      if (past) break;
      if (within) found.push(m);
    }
    return found;
  };
  const edges = Array.from(parties, reach);
  const holder = new Int32Array(mates.length).fill(-1);
  // A mark per search: `seen[m] === round` means searched in this round, so a new round needs no fresh array.
  const seen = new Int32Array(mates.length);
  let round = 1;
  const augment = (p: number): boolean => {
    for (const m of edges[p] ?? []) {
      if (seen[m] === round) continue;
      seen[m] = round;
      const owner = holder[m] ?? -1;
      if (owner === -1 || augment(owner)) {
        holder[m] = p;
        return true;
      }
    }
    return false;
  };
  for (let p = 0; p < parties.length; p++) if (augment(p)) round++;
  const pairs: number[][] = [];
  holder.forEach((p, m) => {
    if (p >= 0) pairs.push([parties[p] ?? 0, mates[m] ?? 0]);
  });
  return pairs;
}

/**
 * The tickets of one size by score, where the nearest untaken one either way is found past taken runs by jumps
 * that are shortened as they are followed: walking them one by one was quadratic where most are taken (five-solo
 * sides in a pool of solos: 8.7 s for 22,777 tickets).
 */
class OpenBySize {
  private readonly up: Int32Array;
  private readonly down: Int32Array;

  constructor(
    readonly sorted: Int32Array,
    private readonly taken: Uint8Array,
  ) {
    this.up = Int32Array.from(sorted.keys());
    this.down = Int32Array.from(sorted.keys());
  }

  /** The first position from `i` on, going `step`, whose ticket is not taken: -1 or the length if none. */
  next(i: number, step: 1 | -1): number {
    const jump = step === 1 ? this.up : this.down;
    const beyond = (k: number) => k < 0 || k >= this.sorted.length;
    const after = (k: number) => (jump[k] === k ? k + step : (jump[k] ?? k + step));
    let j = i;
    while (!beyond(j) && this.taken[this.sorted[j] ?? 0]) j = after(j);
    // Every position on the way now jumps straight to `j`: tickets are only ever taken, so none between is free.
    for (let k = i; k !== j && !beyond(k); ) {
      const following = after(k);
      jump[k] = j;
      k = following;
    }
    return j;
  }
}

/** The anchor with the free tickets of `sizes` nearest its score, if their spread keeps the cap. */
function nearestSide(
  anchor: number,
  sizes: readonly number[],
  bySize: ReadonlyMap<number, OpenBySize>,
  tickets: readonly Ticket[],
  spreadAt: (enqueuedAt: number) => number,
): number[] | null {
  const side = [anchor];
  const score = (t: number) => tickets[t]?.score ?? 0;
  const at = score(anchor);
  for (const size of sizes) {
    const open = bySize.get(size);
    if (!open) return null;
    const { sorted } = open;
    const start = lowerBound(sorted, tickets, at);
    // Tickets already in this side are not taken yet: step past them.
    let up = open.next(start, 1);
    while (up < sorted.length && side.includes(sorted[up] ?? 0)) up = open.next(up + 1, 1);
    let down = open.next(start - 1, -1);
    while (down >= 0 && side.includes(sorted[down] ?? 0)) down = open.next(down - 1, -1);
    const above = up < sorted.length ? (sorted[up] ?? 0) : null;
    const below = down >= 0 ? (sorted[down] ?? 0) : null;
    const nearest = above !== null && (below === null || score(above) - at <= at - score(below)) ? above : below;
    if (nearest === null) return null;
    side.push(nearest);
  }
  const scores = side.map(score);
  const oldest = Math.min(...side.map((t) => tickets[t]?.enqueuedAt ?? 0));
  return Math.max(...scores) - Math.min(...scores) <= spreadAt(oldest) ? side : null;
}

const ticketsOf = (side: Side, tickets: readonly Ticket[]) => side.tickets.map((t) => tickets[t] as Ticket);

function describe(side: number[], tickets: readonly Ticket[], format: TeamFormat): Side {
  const parties = side.map((t) => tickets[t] as Ticket);
  const scores = parties.map((t) => t.score);
  return {
    tickets: side,
    oldest: Math.min(...parties.map((t) => t.enqueuedAt)),
    average: parties.reduce((sum, t) => sum + t.members.length * t.score, 0) / format.teamSize,
    low: Math.min(...scores),
    high: Math.max(...scores),
    kind: parties.reduce((sum, t) => sum + balanceUnit(format.premade, t.members.length), 0),
  };
}

/**
 * Sides, oldest first, each facing the free side of its kind nearest in average within the caps at the older
 * side's wait: a first round only within `freshSideCap`, so a fair match is never passed over for a nearer
 * old one, then within the widened cap.
 */
function pairSides(
  sides: readonly Side[],
  spreadAt: (enqueuedAt: number) => number,
  sideCapAt: (enqueuedAt: number) => number,
  freshSideCap: number,
): [Side, Side][] {
  const byAverage = [...sides].sort((a, b) => a.average - b.average || a.oldest - b.oldest);
  const position = new Map(byAverage.map((side, i) => [side, i]));
  const oldestFirst = [...sides].sort((a, b) => a.oldest - b.oldest || a.average - b.average);
  const paired = new Set<Side>();
  const pairs: [Side, Side][] = [];
  const widest = sideCapAt(-Infinity);
  for (const fairOnly of [true, false]) {
    for (const side of oldestFirst) {
      if (paired.has(side)) continue;
      const fits = (other: Side) => {
        const oldest = Math.min(side.oldest, other.oldest);
        const spread = Math.max(side.high, other.high) - Math.min(side.low, other.low);
        const cap = fairOnly ? freshSideCap : sideCapAt(oldest);
        return other.kind === side.kind && spread <= spreadAt(oldest) && Math.abs(side.average - other.average) <= cap;
      };
      const from = position.get(side) ?? 0;
      let best: Side | null = null;
      for (const step of [1, -1]) {
        for (let i = from + step; i >= 0 && i < byAverage.length; i += step) {
          const other = byAverage[i] as Side;
          const gap = Math.abs(other.average - side.average);
          if (gap > widest || (best && gap >= Math.abs(best.average - side.average))) break;
          if (!paired.has(other) && fits(other)) best = other;
          if (best === other) break;
        }
      }
      if (!best) continue;
      paired.add(side);
      paired.add(best);
      pairs.push([side, best]);
    }
  }
  return pairs;
}

/** The two sides' tickets split the most even way the premade policy allows (the sides given are one such way). */
export function evenSplit(
  sideA: readonly Ticket[],
  sideB: readonly Ticket[],
  format: TeamFormat,
  nowMs: number,
): MatchProposal {
  const parties = [...sideA, ...sideB];
  const best = bestSplit(
    parties.map((t) => ({ size: t.members.length, score: t.score })),
    format.teamSize,
    format.premade,
  );
  const onA = best?.onSideA ?? parties.map((_, i) => i < sideA.length);
  return makeProposal([parties.filter((_, i) => onA[i]), parties.filter((_, i) => !onA[i])], nowMs);
}

/** The first position of `sorted` (ticket indices by score) whose score is at least `score`. */
function lowerBound(sorted: Int32Array, tickets: readonly Ticket[], score: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((tickets[sorted[mid] ?? 0]?.score ?? 0) < score) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
