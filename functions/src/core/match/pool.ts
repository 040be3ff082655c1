import type { Mode } from '../modes.js';
import { MAX_PARTY_SIZE, waitSeconds, type Ticket } from './ticket.js';
import { FreeForAllMatcher } from './freeForAll.js';
import { makeProposal, type MatchProposal } from './proposal.js';
import type { Attempt, UnmatchedReason } from './reasons.js';
import { sortByKey } from './order.js';
import { ScoreIndex } from './scoreIndex.js';
import { TeamMatcher } from './teamMatch.js';

/** The largest party a mode can place. */
function partyLimit(mode: Mode): number {
  return mode.format.kind === 'team' ? mode.format.teamSize : Math.min(MAX_PARTY_SIZE, mode.format.maxPlayers);
}

/**
 * A snapshot of queued tickets at `nowMs`, indexed for matching. Tickets are referred to by their index
 * in `tickets`, which is never modified; matching only marks indices as taken.
 */
export class QueuedPool {
  private readonly index: ScoreIndex;
  private readonly matcher: TeamMatcher | FreeForAllMatcher;
  private readonly waits: Float64Array;
  private readonly enqueuedAt: Float64Array;
  /**
   * Why a ticket cannot be matched at all (too large a party), or null if it can. How long a ticket has
   * waited never excludes it: heartbeats keep a ticket alive past its time-to-live, and expiring dead
   * tickets is the shell's business.
   */
  readonly excluded: (UnmatchedReason | null)[] = [];

  constructor(
    mode: Mode,
    readonly tickets: readonly Ticket[],
    private readonly nowMs: number,
  ) {
    const limit = partyLimit(mode);
    const sizes = new Int32Array(tickets.length);
    const scores = new Float64Array(tickets.length);
    this.waits = new Float64Array(tickets.length);
    this.enqueuedAt = new Float64Array(tickets.length);
    tickets.forEach((ticket, t) => {
      sizes[t] = ticket.members.length;
      scores[t] = ticket.score;
      this.waits[t] = waitSeconds(ticket, nowMs);
      this.enqueuedAt[t] = ticket.enqueuedAt;
      this.excluded.push(ticket.members.length > limit ? 'partyTooLarge' : null);
    });
    this.index = new ScoreIndex(sizes, scores, (t) => this.excluded[t] === null);
    this.matcher =
      mode.format.kind === 'team'
        ? new TeamMatcher(this.index, mode.format, mode.spreadCap)
        : new FreeForAllMatcher(this.index, mode.format, mode.spreadCap);
  }

  isAvailable(ticket: number): boolean {
    return this.index.isAvailable(ticket);
  }

  /** Matchable tickets, longest waiting first: the order in which they get to pick their match. */
  oldestFirst(): Int32Array {
    const matchable: number[] = [];
    for (let t = 0; t < this.tickets.length; t++) if (this.excluded[t] === null) matchable.push(t);
    return sortByKey(Int32Array.from(matchable), this.enqueuedAt);
  }

  /**
   * Tries to build a match around `mandatory` (all available). Caps are widened by the longest wait among
   * them; any other ticket in the match waited no longer or widens the caps further, so they always hold.
   */
  attempt(mandatory: readonly number[]): Attempt {
    let oldestWait = 0;
    for (const t of mandatory) oldestWait = Math.max(oldestWait, this.waits[t] ?? 0);
    return this.matcher.build(mandatory, oldestWait);
  }

  /** Takes the tickets of a built match out of the pool and returns its proposal. */
  commit(sides: readonly number[][]): MatchProposal {
    for (const side of sides) for (const t of side) this.index.take(t);
    return makeProposal(
      sides.map((side) => side.map((t) => this.ticketAt(t))),
      this.nowMs,
    );
  }

  private ticketAt(t: number): Ticket {
    const ticket = this.tickets[t];
    if (!ticket) throw new RangeError(`no ticket at ${t}`);
    return ticket;
  }
}
