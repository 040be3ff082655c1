import * as current from '../functions/src/core/match/index.js';
import { proposalTickets, type MatchProposal } from '../functions/src/core/match/index.js';
import type { Mode } from '../functions/src/core/mode/modes.js';
import { matcherConfigSchema } from '../functions/src/core/config.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import { BaselineA } from './baselineA.js';
import { baselineB } from './baselineB.js';
import type { MatcherApi } from './before.js';

/** A matchmaker as the simulation drives it: tickets arrive one by one, and a scheduled tick runs. */
export interface Matchmaker {
  readonly name: string;
  /** Tickets already queued when the simulation starts, put in the pool without matching. */
  seed(tickets: readonly Ticket[]): void;
  /** Matches made at once for an arriving ticket. */
  arrive(ticket: Ticket, nowMs: number): MatchProposal[];
  /** The scheduled tick: expires old tickets, and for batch designs, matches. */
  tick(nowMs: number): MatchProposal[];
}

/** How many candidates the shell reads on each side of an arriving ticket's score. */
const CANDIDATES_PER_SIDE = 50;

/**
 * The queued tickets by integer score, answering the shell's two bounded range queries (nearest at or
 * above, nearest below) the way Firestore would with an index on score.
 */
class ScoreBuckets {
  private readonly buckets = new Map<number, Set<Ticket>>();
  readonly tickets = new Set<Ticket>();
  /** The queued tickets by party size, in the order they were queued (arrivals come in time order). */
  private readonly bySize = new Map<number, Set<Ticket>>();

  add(ticket: Ticket): void {
    const size = ticket.members.length;
    const sameSize = this.bySize.get(size) ?? new Set();
    this.bySize.set(size, sameSize.add(ticket));
    const key = Math.floor(ticket.score);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new Set();
      this.buckets.set(key, bucket);
    }
    bucket.add(ticket);
    this.tickets.add(ticket);
  }

  remove(ticket: Ticket): void {
    this.bySize.get(ticket.members.length)?.delete(ticket);
    this.buckets.get(Math.floor(ticket.score))?.delete(ticket);
    this.tickets.delete(ticket);
  }

  /** Up to `limit` tickets at or above `score` and up to `limit` below it, within [min, max], nearest first. */
  near(score: number, min: number, max: number, limit: number): Ticket[] {
    const found: Ticket[] = [];
    const start = Math.floor(score);
    let above = 0;
    for (let key = start; key <= max && above < limit; key++) {
      for (const t of this.buckets.get(key) ?? []) {
        if (t.score >= score && above < limit) {
          found.push(t);
          above++;
        }
      }
    }
    let below = 0;
    for (let key = start; key >= Math.floor(min) && below < limit; key--) {
      for (const t of this.buckets.get(key) ?? []) {
        if (t.score < score && t.score >= min && below < limit) {
          found.push(t);
          below++;
        }
      }
    }
    return found;
  }

  /** Up to `limit` tickets of `size` scoring within [min, max], those queued longest ago first. */
  oldest(size: number, min: number, max: number, limit: number): Ticket[] {
    const found: Ticket[] = [];
    for (const t of this.bySize.get(size) ?? []) {
      if (found.length === limit) break;
      if (t.score >= min && t.score <= max) found.push(t);
    }
    return found;
  }

  expire(nowMs: number, ttlSeconds: number): void {
    for (const t of this.tickets) if (nowMs - t.enqueuedAt > ttlSeconds * 1000) this.remove(t);
  }
}

/**
 * A read the shell does not make (issue 30, a what-if): beside its nearest candidates, an arrival also sees
 * this many of the longest-waiting parties of each size with few ways to play (in 5v5 the 4-stacks and the
 * 3-stacks) within its candidate range, so that it can complete those rather than the nearest.
 */
export const NEEDY_IN_VIEW = 5;

/** How often the shell publishes a pool's statistics by default (`advanced.matcher.statsEverySeconds`). */
const STATS_EVERY_MS = matcherConfigSchema.parse({}).statsEverySeconds * 1000;

/** This project's matcher (today's, or another version of it), used as the shell uses it: match on queueing, sweep on every tick. */
export class CoreMatchmaker implements Matchmaker {
  private readonly pool = new ScoreBuckets();
  /** The waiting tickets the pool's statistics last counted, and when: what an arrival's `waitsForSweep` reads. */
  private published = { queued: 0, at: Number.NEGATIVE_INFINITY };

  /** With `needyInView`, arrivals also see the longest-waiting needy parties in reach (see NEEDY_IN_VIEW). */
  constructor(
    private readonly mode: Mode,
    private readonly matcher: MatcherApi = current,
    readonly name = 'this matcher',
    private readonly needyInView = 0,
  ) {}

  seed(tickets: readonly Ticket[]): void {
    for (const t of tickets) this.pool.add(t);
  }

  arrive(ticket: Ticket, nowMs: number): MatchProposal[] {
    const { min, max } = this.matcher.candidateScoreRange(this.mode, ticket);
    const candidates = this.pool.near(ticket.score, min, max, CANDIDATES_PER_SIDE);
    if (this.needyInView > 0 && this.mode.format.kind === 'team' && this.mode.format.teamSize === 5) {
      for (const size of [4, 3]) candidates.push(...this.pool.oldest(size, min, max, this.needyInView));
    }
    const wait = this.matcher.waitsForSweep ?? this.matcher.leaveToSweep;
    const left = wait?.(this.mode, ticket, candidates, nowMs, this.published.queued) ?? false;
    const proposal = left ? null : this.matcher.matchTicketNow(this.mode, ticket, candidates, nowMs);
    if (!proposal) {
      this.pool.add(ticket);
      return [];
    }
    for (const t of proposalTickets(proposal)) this.pool.remove(t);
    return [proposal];
  }

  /** Takes a waiting ticket out, as another pool's match of the same queueing does. */
  withdraw(ticket: Ticket): void {
    this.pool.remove(ticket);
  }

  tick(nowMs: number): MatchProposal[] {
    this.pool.expire(nowMs, this.mode.ticketTtlSeconds);
    const { proposals } = this.matcher.sweepPool(this.mode, [...this.pool.tickets], nowMs);
    for (const proposal of proposals) for (const t of proposalTickets(proposal)) this.pool.remove(t);
    // As the matcher publishes them: after the sweep, at most every `statsEverySeconds`.
    if (nowMs - this.published.at >= STATS_EVERY_MS) this.published = { queued: this.pool.tickets.size, at: nowMs };
    return proposals;
  }
}

/** Baseline A matches only when tickets arrive; the tick only expires. */
export class BaselineAMatchmaker implements Matchmaker {
  readonly name = 'baseline A';
  private readonly matcher: BaselineA;

  constructor(private readonly mode: Mode) {
    this.matcher = new BaselineA(mode.format.kind === 'team' ? mode.format.teamSize : 0);
  }

  seed(tickets: readonly Ticket[]): void {
    for (const t of tickets) this.matcher.add(t);
  }

  arrive(ticket: Ticket, nowMs: number): MatchProposal[] {
    const proposal = this.matcher.arrive(ticket, nowMs);
    return proposal ? [proposal] : [];
  }

  tick(nowMs: number): MatchProposal[] {
    this.matcher.expire(nowMs, this.mode.ticketTtlSeconds);
    return [];
  }
}

/** Baseline B queues arrivals and matches the whole pool in batches on the tick. */
export class BaselineBMatchmaker implements Matchmaker {
  readonly name = 'baseline B';
  private readonly pool = new Set<Ticket>();

  constructor(private readonly mode: Mode) {}

  seed(tickets: readonly Ticket[]): void {
    for (const t of tickets) this.pool.add(t);
  }

  arrive(ticket: Ticket): MatchProposal[] {
    this.pool.add(ticket);
    return [];
  }

  tick(nowMs: number): MatchProposal[] {
    for (const t of this.pool) if (nowMs - t.enqueuedAt > this.mode.ticketTtlSeconds * 1000) this.pool.delete(t);
    const proposals = baselineB([...this.pool], nowMs);
    for (const proposal of proposals) for (const t of proposalTickets(proposal)) this.pool.delete(t);
    return proposals;
  }
}
