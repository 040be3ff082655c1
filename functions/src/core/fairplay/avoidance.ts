import { firstRematch, NO_FARMING_RULES, type FarmingConfig } from './rematchWindow.js';
import type { Mode } from '../mode/modes.js';
import { matchTicketNow, proposalTickets, sweepPool, type MatchProposal, type SweepResult } from '../match/index.js';
import type { GuardedTicket } from '../queue/ticket.js';

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
 * The first pair of a proposal's tickets that must not be in it: two that avoid each other anywhere in the
 * room (a block), else two facing each other too soon after they last met (farming), or null.
 */
function firstConflict(
  proposal: MatchProposal,
  byId: ReadonlyMap<string, GuardedTicket>,
  farming: FarmingConfig,
  nowMs: number,
): [GuardedTicket, GuardedTicket] | null {
  const sides = proposal.sides.map((side) => side.map((t) => byId.get(t.id)!));
  return firstClash(sides.flat()) ?? firstRematch(sides, farming, nowMs);
}

/**
 * `sweepPool` that never proposes a room holding tickets that avoid each other, nor opponents who met too
 * recently (`farming`; none by default). The matcher itself knows
 * nothing of avoidance: its proposals are checked in the order it made them (longest waiting first). Those
 * before the first clash stand; the younger ticket of the clashing pair steps aside, and everything after
 * is swept again, so the ticket that lost its rival may take the players a later proposal had taken. Once
 * a round is clean, whoever stepped aside is swept again with those still unmatched. The last round keeps
 * every proposal without a clash; a ticket left out then waits for the next sweep.
 */
export function sweepAvoiding(
  mode: Mode,
  tickets: readonly GuardedTicket[],
  nowMs: number,
  farming: FarmingConfig = NO_FARMING_RULES,
): SweepResult {
  const byId = new Map(tickets.map((t) => [t.id, t]));
  const accepted: MatchProposal[] = [];
  let pool: readonly GuardedTicket[] = tickets;
  let aside: GuardedTicket[] = [];
  for (let round = 0; ; round++) {
    const last = round === MAX_ROUNDS;
    const { proposals, unmatched, reasonOf } = sweepPool(mode, pool, nowMs);
    const settled = new Set<string>();
    let clashed: GuardedTicket | null = null;
    for (const proposal of proposals) {
      const pair = firstConflict(proposal, byId, farming, nowMs);
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
 * `matchTicketNow` that never proposes a room holding tickets that avoid each other, nor opponents who met
 * too recently: candidates the new ticket avoids (or who avoid it) are left out, and a proposal with a
 * conflict is tried again without the candidate in it (the younger one when it is between two candidates), a
 * few times at most.
 */
export function matchNowAvoiding(
  mode: Mode,
  ticket: GuardedTicket,
  candidates: readonly GuardedTicket[],
  nowMs: number,
  farming: FarmingConfig = NO_FARMING_RULES,
): MatchProposal | null {
  let allowed = candidates.filter((c) => c.id !== ticket.id && !clash(ticket, c));
  const byId = new Map([ticket, ...allowed].map((t) => [t.id, t]));
  for (let round = 0; round <= MAX_ROUNDS; round++) {
    const proposal = matchTicketNow(mode, ticket, allowed, nowMs);
    if (!proposal) return null;
    const pair = firstConflict(proposal, byId, farming, nowMs);
    if (!pair) return proposal;
    const out = pair[0].id === ticket.id ? pair[1] : pair[1].id === ticket.id ? pair[0] : younger(pair);
    allowed = allowed.filter((c) => c.id !== out.id);
  }
  return null;
}
