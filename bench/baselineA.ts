import { measureQuality, type MatchProposal } from '../functions/src/core/match/index.js';
import type { Ticket } from '../functions/src/core/ticket.js';

/** The original's constants: candidates within 100 points, and 4 players of buffer beyond the need. */
const MAX_SCORE_DIFF = 100;
const BUFFER = 4;

const players = (side: readonly Ticket[]) => side.reduce((n, t) => n + t.members.length, 0);
const total = (side: readonly Ticket[]) => side.reduce((n, t) => n + t.members.length * t.score, 0);

/**
 * Baseline A, the original Java matcher (a TreeMap of score → queue, matched per arriving ticket),
 * rebuilt from its design with its evident intent where the code slips (its sort comparator is not a
 * valid order, its balancing compares team sizes and its result drops the balanced copy):
 * 1. take candidates alternately at or above and at or below the arrival's score, within 100 points,
 *    until the players needed plus a buffer of 4 are collected;
 * 2. sort them parties of the arrival's size first, then by closeness in score;
 * 3. fill the sides alternately, side B always taking a party the size of side A's last one;
 * 4. swap pairs between the sides where that narrows the difference of their total scores.
 * Scores are integers (ratings and party bonus are), so the map is an array of queues by score.
 */
export class BaselineA {
  private readonly queues: Ticket[][] = [];
  private queued = 0;

  constructor(private readonly teamSize: number) {}

  get size(): number {
    return this.queued;
  }

  private queue(score: number): Ticket[] {
    let queue = this.queues[score];
    if (!queue) {
      queue = [];
      this.queues[score] = queue;
    }
    return queue;
  }

  /** Queues a ticket without trying to match it. */
  add(ticket: Ticket): void {
    this.queue(ticket.score).push(ticket);
    this.queued++;
  }

  /** Matches an arriving ticket against the pool, or queues it. */
  arrive(ticket: Ticket, nowMs: number): MatchProposal | null {
    if (ticket.members.length > this.teamSize) return null;
    const picked = this.collect(ticket);
    const sides = picked.need <= BUFFER ? this.fill(ticket, picked.tickets) : null;
    if (!sides) {
      for (const t of picked.tickets) this.add(t);
      this.add(ticket);
      return null;
    }
    const inMatch = new Set([...sides[0], ...sides[1]]);
    for (const t of picked.tickets) if (!inMatch.has(t)) this.add(t);
    const balanced = balance(sides[0], sides[1]);
    return { proposedAt: nowMs, sides: balanced, quality: measureQuality(balanced, nowMs) };
  }

  /** Step 1: polls candidates from the queues nearest the score, one above and one below per round. */
  private collect(ticket: Ticket): { tickets: Ticket[]; need: number } {
    const score = ticket.score;
    let need = 2 * this.teamSize - ticket.members.length + BUFFER;
    const tickets: Ticket[] = [];
    let high: number | null = score;
    let low: number | null = score;
    while (need > 0 && (high !== null || low !== null)) {
      while (high !== null && high - score <= MAX_SCORE_DIFF && !this.queues[high]?.length) high++;
      if (high !== null) {
        const polled = high - score <= MAX_SCORE_DIFF ? this.queues[high]?.shift() : undefined;
        if (polled) {
          tickets.push(polled);
          this.queued--;
          need -= polled.members.length;
        } else high = null;
      }
      while (low !== null && score - low <= MAX_SCORE_DIFF && low >= 0 && !this.queues[low]?.length) low--;
      if (low !== null) {
        const polled = score - low <= MAX_SCORE_DIFF && low >= 0 ? this.queues[low]?.shift() : undefined;
        if (polled) {
          tickets.push(polled);
          this.queued--;
          need -= polled.members.length;
        } else low = null;
      }
    }
    return { tickets, need };
  }

  /** Steps 2 and 3: the sides, or null when they cannot both be filled. */
  private fill(ticket: Ticket, candidates: readonly Ticket[]): [Ticket[], Ticket[]] | null {
    const size = ticket.members.length;
    const rest = [...candidates].sort(
      (a, b) =>
        Number(a.members.length !== size) - Number(b.members.length !== size) ||
        Math.abs(a.score - ticket.score) - Math.abs(b.score - ticket.score),
    );
    const sideA = [ticket];
    const sideB: Ticket[] = [];
    let lastA: Ticket = ticket;
    for (;;) {
      const mirror =
        players(sideB) < this.teamSize ? rest.findIndex((t) => t.members.length === lastA.members.length) : -1;
      if (mirror < 0) break;
      sideB.push(...rest.splice(mirror, 1));
      const next =
        players(sideA) < this.teamSize ? rest.findIndex((t) => t.members.length + players(sideA) <= this.teamSize) : -1;
      if (next < 0) break;
      lastA = rest.splice(next, 1)[0] ?? lastA;
      sideA.push(lastA);
    }
    return players(sideA) === this.teamSize && players(sideB) === this.teamSize ? [sideA, sideB] : null;
  }

  /** Drops tickets that have waited longer than `ttlSeconds`. */
  expire(nowMs: number, ttlSeconds: number): void {
    for (const [score, queue] of this.queues.entries()) {
      if (!queue) continue;
      const kept = queue.filter((t) => nowMs - t.enqueuedAt <= ttlSeconds * 1000);
      this.queued -= queue.length - kept.length;
      this.queues[score] = kept;
    }
  }
}

/** Step 4: pair i of side A and pair i of side B (same sizes) swap when that narrows the running difference. */
function balance(sideA: readonly Ticket[], sideB: readonly Ticket[]): Ticket[][] {
  const a: Ticket[] = [];
  const b: Ticket[] = [];
  for (const [i, first] of sideA.entries()) {
    const second = sideB[i];
    if (!second) {
      a.push(first);
      continue;
    }
    const aAhead = total(a) - total(b) > 0;
    const secondStronger = second.score > first.score;
    if (aAhead !== secondStronger) {
      a.push(second);
      b.push(first);
    } else {
      a.push(first);
      b.push(second);
    }
  }
  b.push(...sideB.slice(sideA.length));
  return [a, b];
}
