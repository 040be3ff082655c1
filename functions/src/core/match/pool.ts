import type { Mode } from '../mode/modes.js';
import { MAX_PARTY_SIZE, waitSeconds, type Ticket } from './ticket.js';
import { FreeForAllMatcher } from './freeForAll.js';
import { NO_PARTNER, pairScarceSolos } from './packing.js';
import { makeProposal, type MatchProposal } from './proposal.js';
import type { Attempt, UnmatchedReason } from './reasons.js';
import { sortByKey } from './order.js';
import { ScoreIndex } from './scoreIndex.js';
import { TeamMatcher } from './teamMatch.js';
import { capAt } from './widening.js';

/** The largest party a mode can place. */
function partyLimit(mode: Mode): number {
  return mode.format.kind === 'team' ? mode.format.teamSize : Math.min(MAX_PARTY_SIZE, mode.format.maxPlayers);
}

/**
 * Which tickets a pool pairs ahead of matching (see `pairScarceSolos`): none, the parties one short of a side
 * with solos, or (the sweep) also the 3-stacks that have waited with 2-stacks.
 */
export type Pairing = 'none' | 'solos' | 'solosAndTwos';

/**
 * A snapshot of queued tickets at `nowMs`, indexed for matching. Tickets are referred to by their index
 * in `tickets`, which is never modified; matching only marks indices as taken.
 */
export class QueuedPool {
  private readonly index: ScoreIndex;
  private readonly matcher: TeamMatcher | FreeForAllMatcher;
  private readonly waits: Float64Array;
  private readonly enqueuedAt: Float64Array;
  private readonly scores: Float64Array;
  private readonly partners: Int32Array;
  private readonly hardSpread: number;
  /** The side cap of a fresh match (team modes). */
  private readonly freshSideCap: number;
  /** Scratch space for `freeSoloNear`. */
  private readonly probe = new Int32Array(1);
  /** Players a side, or 0 in free-for-all. */
  private readonly teamSize: number;
  /** Paired parties (the larger ticket of each pair), by the average score of the side the pair makes. */
  private readonly pairs: Int32Array;
  private readonly pairScores: Float64Array;
  /**
   * Why a ticket cannot be matched at all (too large a party), or null if it can. How long a ticket has
   * waited never excludes it: heartbeats keep a ticket alive past its time-to-live, and expiring dead
   * tickets is the shell's business.
   */
  readonly excluded: (UnmatchedReason | null)[] = [];

  /**
   * With `pairing`, scarce solos are paired with the parties only they can complete (see `pairScarceSolos`);
   * paired tickets are hidden from every search, and match as a pair, through `attemptPair`.
   */
  constructor(
    mode: Mode,
    readonly tickets: readonly Ticket[],
    private readonly nowMs: number,
    pairing: Pairing = 'none',
  ) {
    const limit = partyLimit(mode);
    this.hardSpread = mode.spreadCap.hard;
    this.freshSideCap = mode.format.kind === 'team' ? capAt(mode.format.sideDifferenceCap, 0) : 0;
    this.teamSize = mode.format.kind === 'team' ? mode.format.teamSize : 0;
    const sizes = new Int32Array(tickets.length);
    const scores = new Float64Array(tickets.length);
    this.scores = scores;
    this.waits = new Float64Array(tickets.length);
    this.enqueuedAt = new Float64Array(tickets.length);
    tickets.forEach((ticket, t) => {
      sizes[t] = ticket.members.length;
      scores[t] = ticket.score;
      this.waits[t] = waitSeconds(ticket, nowMs);
      this.enqueuedAt[t] = ticket.enqueuedAt;
      this.excluded.push(ticket.members.length > limit ? 'partyTooLarge' : null);
    });
    const matchable = (t: number) => this.excluded[t] === null;
    this.partners =
      pairing === 'none'
        ? new Int32Array(0)
        : pairScarceSolos(mode, sizes, scores, matchable, this.enqueuedAt, pairing === 'solosAndTwos');
    const paired: number[] = [];
    this.pairScores = new Float64Array(this.partners.length);
    this.partners.forEach((partner, t) => {
      if (partner === NO_PARTNER || (sizes[t] ?? 0) < (sizes[partner] ?? 0)) return;
      paired.push(t);
      const players = (sizes[t] ?? 0) + (sizes[partner] ?? 0);
      this.pairScores[t] =
        ((sizes[t] ?? 0) * (scores[t] ?? 0) + (sizes[partner] ?? 0) * (scores[partner] ?? 0)) / players;
    });
    this.pairs = sortByKey(Int32Array.from(paired), this.pairScores);
    this.index = new ScoreIndex(sizes, scores, (t) =>
      !matchable(t) ? 'excluded' : this.partnerOf(t) === NO_PARTNER ? 'listed' : 'hidden',
    );
    this.matcher =
      mode.format.kind === 'team'
        ? new TeamMatcher(this.index, mode.format, mode.spreadCap)
        : new FreeForAllMatcher(this.index, mode.format, mode.spreadCap);
  }

  isAvailable(ticket: number): boolean {
    return this.index.isAvailable(ticket);
  }

  /** Whether a match of this pool has taken the ticket. */
  isTaken(ticket: number): boolean {
    return this.index.isTaken(ticket);
  }

  /** Matchable tickets, longest waiting first: the order in which they get to pick their match. */
  oldestFirst(): Int32Array {
    return sortByKey(this.matchable(), this.enqueuedAt);
  }

  /** Matchable tickets, lowest score first. */
  lowestFirst(): Int32Array {
    return sortByKey(this.matchable(), this.scores);
  }

  private matchable(): Int32Array {
    const matchable: number[] = [];
    for (let t = 0; t < this.tickets.length; t++) if (this.excluded[t] === null) matchable.push(t);
    return Int32Array.from(matchable);
  }

  /**
   * Tries to build a match around `mandatory` (all available). Caps are widened by the longest wait among
   * them; any other ticket in the match waited no longer or widens the caps further, so they always hold.
   */
  attempt(mandatory: readonly number[], fairOnly = false): Attempt {
    let oldestWait = 0;
    for (const t of mandatory) oldestWait = Math.max(oldestWait, this.waits[t] ?? 0);
    return this.matcher.build(mandatory, oldestWait, fairOnly);
  }

  /**
   * In 1v1, the player `attempt([anchor])` would match `anchor` with, or -1 (when it fails for want of a
   * player within the caps); null in other modes.
   */
  duelRival(anchor: number): number | null {
    if (!(this.matcher instanceof TeamMatcher) || this.teamSize !== 1) return null;
    return this.matcher.duelRival(anchor, this.waits[anchor] ?? 0);
  }

  /** The ticket `t` is paired with, or NO_PARTNER. */
  partnerOf(t: number): number {
    return this.partners[t] ?? NO_PARTNER;
  }

  /**
   * Tries to match the pair holding `t`: against anything the searches find (a full party, or parties with
   * unpaired solos), then against the other available pairs whose sides score nearest, up to `rivals` of them.
   */
  attemptPair(t: number, rivals: number, fairOnly: boolean): Attempt {
    const partner = this.partnerOf(t);
    const own = [t, partner];
    const alone = this.attempt(own, fairOnly);
    if (alone.matched) return alone;
    const owner = this.index.size(t) > this.index.size(partner) ? t : partner;
    const at = sortedIndexOf(this.pairs, this.pairScores, owner);
    const score = this.pairScores[owner] ?? 0;
    let below = at - 1;
    let above = at + 1;
    for (let tried = 0; tried < rivals && (below >= 0 || above < this.pairs.length); ) {
      const down = this.pairs[below];
      const up = this.pairs[above];
      const downGap = down === undefined ? Infinity : score - (this.pairScores[down] ?? 0);
      const upGap = up === undefined ? Infinity : (this.pairScores[up] ?? 0) - score;
      const rival = upGap <= downGap ? up : down;
      if (upGap <= downGap) above++;
      else below--;
      if (rival === undefined || !this.isAvailable(rival)) continue;
      tried++;
      const both = this.attempt([...own, rival, this.partnerOf(rival)], fairOnly);
      if (both.matched) return both;
    }
    return alone;
  }

  /**
   * The sides that are whole already, by their average score: every available party of a full side, and
   * every available pair (given by its larger ticket; see `sideOf`).
   */
  wholeSides(): Int32Array {
    const whole: number[] = [];
    const scores = new Float64Array(this.tickets.length);
    for (let t = 0; t < this.tickets.length; t++) {
      const partner = this.partnerOf(t);
      const full = partner === NO_PARTNER && this.index.size(t) === this.teamSize;
      const owner = partner !== NO_PARTNER && this.index.size(t) > this.index.size(partner);
      if (!this.isAvailable(t) || !(full || owner)) continue;
      scores[t] = this.sideScore(t);
      whole.push(t);
    }
    return sortByKey(Int32Array.from(whole), scores);
  }

  /** The tickets of the whole side `t` stands for: a full party alone, or a party with its paired solo. */
  sideOf(t: number): number[] {
    const partner = this.partnerOf(t);
    return partner === NO_PARTNER ? [t] : [t, partner];
  }

  /** Whether an available solo outside any pair scores within the hard spread cap of the whole side `t`. */
  freeSoloNear(t: number): boolean {
    const score = this.sideScore(t);
    const reach = this.hardSpread;
    return this.index.nearest(1, score, score - reach, score + reach, 1, this.sideOf(t), this.probe, 0) > 0;
  }

  /** Whether two sides are within the side cap of a fresh match. */
  isFair(sides: readonly number[][]): boolean {
    const [a = [], b = []] = sides;
    const weight = (side: readonly number[]) =>
      side.reduce((sum, t) => sum + this.index.size(t) * this.index.score(t), 0);
    return Math.abs(weight(a) - weight(b)) / this.teamSize <= this.freshSideCap;
  }

  /** The average score of the whole side `t` stands for. */
  private sideScore(t: number): number {
    return this.partnerOf(t) === NO_PARTNER ? this.index.score(t) : (this.pairScores[t] ?? 0);
  }

  /** Takes two solos out of the pool and returns their 1v1 proposal. */
  commitDuel(anchor: number, rival: number): MatchProposal {
    this.index.take(anchor);
    this.index.take(rival);
    return makeProposal([[this.ticketAt(anchor)], [this.ticketAt(rival)]], this.nowMs);
  }

  /** Takes the tickets of a built match out of the pool and returns its proposal. */
  commit(sides: readonly number[][]): MatchProposal {
    const ticketSides: Ticket[][] = [];
    for (const side of sides) {
      const tickets: Ticket[] = [];
      for (const t of side) {
        this.index.take(t);
        tickets.push(this.ticketAt(t));
      }
      ticketSides.push(tickets);
    }
    return makeProposal(ticketSides, this.nowMs);
  }

  private ticketAt(t: number): Ticket {
    const ticket = this.tickets[t];
    if (!ticket) throw new RangeError(`no ticket at ${t}`);
    return ticket;
  }
}

/** Where `item` sits in `sorted` (ascending by `keys`, ties by index, as `sortByKey` orders them). */
function sortedIndexOf(sorted: Int32Array, keys: ArrayLike<number>, item: number): number {
  const key = keys[item] ?? 0;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = sorted[mid] ?? 0;
    const otherKey = keys[other] ?? 0;
    if (otherKey < key || (otherKey === key && other < item)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
