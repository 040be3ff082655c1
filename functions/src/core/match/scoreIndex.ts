import { MAX_PARTY_SIZE } from './ticket.js';
import { sortByKey } from './order.js';

/** The tickets of one party size, sorted by score, with taken tickets skipped by union-find. */
class SizeClass {
  readonly scores: Float64Array;
  readonly tickets: Int32Array;
  /** `runStart[p]`: the first position with the score at p, which is where `lowerBound` of that score lands. */
  readonly runStart: Int32Array;
  /** `right[p]` leads to the first untaken position ≥ p; `length` is the sentinel. */
  private readonly right: Int32Array;
  /** `left[p + 1]` leads to one past the last untaken position ≤ p; 0 is the sentinel. */
  private readonly left: Int32Array;

  constructor(members: Int32Array, scores: ArrayLike<number>) {
    this.tickets = sortByKey(members, scores);
    this.scores = new Float64Array(this.tickets.length);
    this.right = new Int32Array(this.tickets.length + 1);
    this.left = new Int32Array(this.tickets.length + 1);
    this.runStart = new Int32Array(this.tickets.length);
    for (let p = 0; p <= this.tickets.length; p++) {
      this.right[p] = p;
      this.left[p] = p;
      if (p < this.tickets.length) {
        this.scores[p] = scores[this.tickets[p] ?? -1] ?? Number.NaN;
        this.runStart[p] = p > 0 && this.scores[p - 1] === this.scores[p] ? (this.runStart[p - 1] ?? p) : p;
      }
    }
  }

  get length(): number {
    return this.tickets.length;
  }

  /** First untaken position at or after `p` (`length` if none). */
  untakenFrom(p: number): number {
    return find(this.right, p);
  }

  /** Last untaken position at or before `p` (-1 if none). */
  untakenUpTo(p: number): number {
    return find(this.left, p + 1) - 1;
  }

  take(p: number): void {
    this.right[p] = p + 1;
    this.left[p + 1] = p;
  }

  /** First position whose score is ≥ `score`. */
  lowerBound(score: number): number {
    let lo = 0;
    let hi = this.scores.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.scores[mid] ?? Infinity) < score) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Root of `p` in a forest of "next candidate" links, halving the path as it goes. */
function find(parent: Int32Array, p: number): number {
  let node = p;
  for (;;) {
    const next = parent[node] ?? node;
    if (next === node) return node;
    const grand = parent[next] ?? next;
    parent[node] = grand;
    node = grand;
  }
}

/** Party sizes start at 1, so class 0 holds the hidden tickets. */
const HIDDEN = 0;

/**
 * Queued tickets indexed by party size and score, so that finding the nearest untaken parties of a size
 * around a score costs a binary search and a short walk, and taking a ticket costs nearly nothing: the
 * sweep stays O(n log n) however many matches it makes.
 */
export class ScoreIndex {
  private readonly classes: SizeClass[];
  /** The class each ticket is listed in: its party size, HIDDEN, or -1 when it is not in the index. */
  private readonly listedIn: Int8Array;
  private readonly position: Int32Array;
  private readonly taken: Uint8Array;

  /**
   * `listing(ticket)` says where a ticket goes: `'listed'` (found by the searches below), `'hidden'` (available,
   * and taken when a match names it, but never found by a search) or `'excluded'` (not matchable at all).
   */
  constructor(
    private readonly sizes: ArrayLike<number>,
    private readonly scores: ArrayLike<number>,
    listing: (ticket: number) => 'listed' | 'hidden' | 'excluded',
  ) {
    const members: number[][] = [];
    for (let size = 0; size <= MAX_PARTY_SIZE; size++) members.push([]);
    this.listedIn = new Int8Array(sizes.length).fill(-1);
    for (let t = 0; t < sizes.length; t++) {
      const where = listing(t);
      if (where === 'excluded') continue;
      this.listedIn[t] = where === 'hidden' ? HIDDEN : (sizes[t] ?? 0);
      members[this.listedIn[t] ?? 0]?.push(t);
    }
    this.classes = members.map((list) => new SizeClass(Int32Array.from(list), scores));
    this.position = new Int32Array(sizes.length).fill(-1);
    for (const sizeClass of this.classes) {
      for (let p = 0; p < sizeClass.length; p++) this.position[sizeClass.tickets[p] ?? -1] = p;
    }
    this.taken = new Uint8Array(sizes.length);
  }

  isAvailable(ticket: number): boolean {
    return (this.position[ticket] ?? -1) >= 0 && this.taken[ticket] === 0;
  }

  isTaken(ticket: number): boolean {
    return this.taken[ticket] === 1;
  }

  take(ticket: number): void {
    const p = this.position[ticket] ?? -1;
    const sizeClass = this.classes[this.listedIn[ticket] ?? -1];
    if (p < 0 || !sizeClass || this.taken[ticket] === 1) return;
    this.taken[ticket] = 1;
    sizeClass.take(p);
  }

  /**
   * Writes to `out` from `offset` up to `limit` untaken tickets of party size `size` scoring in [lo, hi],
   * nearest to `center` first, leaving out `exclude`; returns how many. `around`, if given, is a ticket scoring
   * `center` (a 1v1 sweep searches around each ticket in turn).
   */
  nearest(
    size: number,
    center: number,
    lo: number,
    hi: number,
    limit: number,
    exclude: readonly number[],
    out: Int32Array,
    offset: number,
    around = -1,
  ): number {
    const sizeClass = size === HIDDEN ? undefined : this.classes[size];
    if (!sizeClass) return 0;
    // A ticket listed with this size knows where its score starts in the class, which spares the binary search.
    const p = around >= 0 && this.listedIn[around] === size ? (this.position[around] ?? -1) : -1;
    const start = p >= 0 ? (sizeClass.runStart[p] ?? p) : sizeClass.lowerBound(center);
    let r = sizeClass.untakenFrom(start);
    let l = sizeClass.untakenUpTo(start - 1);
    let found = 0;
    while (found < limit) {
      const rightScore = r < sizeClass.length ? (sizeClass.scores[r] ?? Infinity) : Infinity;
      const leftScore = l >= 0 ? (sizeClass.scores[l] ?? -Infinity) : -Infinity;
      const rightDistance = rightScore <= hi ? rightScore - center : Infinity;
      const leftDistance = leftScore >= lo ? center - leftScore : Infinity;
      if (rightDistance === Infinity && leftDistance === Infinity) break;
      let ticket: number;
      if (rightDistance <= leftDistance) {
        ticket = sizeClass.tickets[r] ?? -1;
        r = sizeClass.untakenFrom(r + 1);
      } else {
        ticket = sizeClass.tickets[l] ?? -1;
        l = sizeClass.untakenUpTo(l - 1);
      }
      if (!exclude.includes(ticket)) out[offset + found++] = ticket;
    }
    return found;
  }

  /** Like `nearest`, but only scores in [from, hi], lowest first. */
  ascending(
    size: number,
    from: number,
    hi: number,
    limit: number,
    exclude: readonly number[],
    out: Int32Array,
    offset: number,
  ): number {
    const sizeClass = size === HIDDEN ? undefined : this.classes[size];
    if (!sizeClass) return 0;
    let found = 0;
    for (let p = sizeClass.untakenFrom(sizeClass.lowerBound(from)); found < limit && p < sizeClass.length; ) {
      if ((sizeClass.scores[p] ?? Infinity) > hi) break;
      const ticket = sizeClass.tickets[p] ?? -1;
      if (!exclude.includes(ticket)) out[offset + found++] = ticket;
      p = sizeClass.untakenFrom(p + 1);
    }
    return found;
  }

  /** Like `nearest`, but only scores in [lo, below), highest first. */
  descending(
    size: number,
    below: number,
    lo: number,
    limit: number,
    exclude: readonly number[],
    out: Int32Array,
    offset: number,
  ): number {
    const sizeClass = size === HIDDEN ? undefined : this.classes[size];
    if (!sizeClass) return 0;
    let found = 0;
    for (let p = sizeClass.untakenUpTo(sizeClass.lowerBound(below) - 1); found < limit && p >= 0; ) {
      if ((sizeClass.scores[p] ?? -Infinity) < lo) break;
      const ticket = sizeClass.tickets[p] ?? -1;
      if (!exclude.includes(ticket)) out[offset + found++] = ticket;
      p = sizeClass.untakenUpTo(p - 1);
    }
    return found;
  }

  score(ticket: number): number {
    return this.scores[ticket] ?? Number.NaN;
  }

  size(ticket: number): number {
    return this.sizes[ticket] ?? 0;
  }
}
