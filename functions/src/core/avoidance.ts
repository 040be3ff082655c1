import type { Mode } from './modes.js';
import { matchTicketNow, proposalTickets, sweepPool, type MatchProposal, type SweepResult } from './match/index.js';
import type { Ticket } from './match/ticket.js';

/**
 * The matcher's ticket with the players it must not share a room with (its members' block lists), carried on
 * the ticket so that checking a candidate costs no read.
 */
export interface GuardedTicket extends Ticket {
  avoid: readonly string[];
}

/** Whether either ticket avoids a member of the other (a party's own members never clash). */
export function clash(a: Pick<GuardedTicket, 'members' | 'avoid'>, b: Pick<GuardedTicket, 'members' | 'avoid'>) {
  return a.members.some((m) => b.avoid.includes(m.uid)) || b.members.some((m) => a.avoid.includes(m.uid));
}

/** The first pair of tickets in a room that must not meet, or null when everyone may play together. */
export function firstClash<T extends Pick<GuardedTicket, 'members' | 'avoid'>>(tickets: readonly T[]): [T, T] | null {
  for (let i = 0; i < tickets.length; i++) {
    for (let j = i + 1; j < tickets.length; j++) {
      if (clash(tickets[i]!, tickets[j]!)) return [tickets[i]!, tickets[j]!];
    }
  }
  return null;
}

/** Sweeps after the first; a clash is rare, and each further round settles at least one more. */
const MAX_ROUNDS = 4;

const younger = <T extends Pick<GuardedTicket, 'enqueuedAt'>>([a, b]: [T, T]) => (a.enqueuedAt > b.enqueuedAt ? a : b);

/**
 * `sweepPool` that never proposes a room holding tickets that avoid each other. The matcher itself knows
 * nothing of avoidance: its proposals are checked in the order it made them (longest waiting first). Those
 * before the first clash stand; the younger ticket of the clashing pair steps aside, and everything after
 * is swept again, so the ticket that lost its rival may take the players a later proposal had taken. Once
 * a round is clean, whoever stepped aside is swept again with those still unmatched. The last round keeps
 * every proposal without a clash; a ticket left out then waits for the next sweep.
 */
export function sweepAvoiding(mode: Mode, tickets: readonly GuardedTicket[], nowMs: number): SweepResult {
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const guarded = (proposal: MatchProposal) => proposalTickets(proposal).map((t) => byId.get(t.id)!);
  const accepted: MatchProposal[] = [];
  let pool: readonly GuardedTicket[] = tickets;
  let aside: GuardedTicket[] = [];
  for (let round = 0; ; round++) {
    const last = round === MAX_ROUNDS;
    const { proposals, unmatched, reasonOf } = sweepPool(mode, pool, nowMs);
    const settled = new Set<string>();
    let clashed: GuardedTicket | null = null;
    for (const proposal of proposals) {
      const pair = firstClash(guarded(proposal));
      if (pair && !last) {
        clashed = younger(pair);
        break;
      }
      if (pair) continue;
      accepted.push(proposal);
      for (const t of proposalTickets(proposal)) settled.add(t.id);
    }
    const left = pool.filter((t) => !settled.has(t.id) && t.id !== clashed?.id);
    if (clashed) aside.push(clashed);
    else if (aside.length === 0 || last) {
      unmatched.noCandidatesWithinCaps += aside.length;
      for (const t of aside) reasonOf.set(t.id, 'noCandidatesWithinCaps');
      return { proposals: accepted, unmatched, reasonOf };
    } else {
      left.push(...aside);
      aside = [];
    }
    pool = left;
  }
}

/**
 * `matchTicketNow` that never proposes a room holding tickets that avoid each other: candidates the new
 * ticket avoids (or who avoid it) are left out, and a proposal where two candidates clash is tried again
 * without the younger of them, a few times at most.
 */
export function matchNowAvoiding(
  mode: Mode,
  ticket: GuardedTicket,
  candidates: readonly GuardedTicket[],
  nowMs: number,
): MatchProposal | null {
  let allowed = candidates.filter((c) => c.id !== ticket.id && !clash(ticket, c));
  const byId = new Map(allowed.map((t) => [t.id, t]));
  for (let round = 0; round <= MAX_ROUNDS; round++) {
    const proposal = matchTicketNow(mode, ticket, allowed, nowMs);
    if (!proposal) return null;
    const others = proposalTickets(proposal)
      .filter((t) => t.id !== ticket.id)
      .map((t) => byId.get(t.id)!);
    const pair = firstClash(others);
    if (!pair) return proposal;
    const out = younger(pair);
    allowed = allowed.filter((c) => c.id !== out.id);
  }
  return null;
}
