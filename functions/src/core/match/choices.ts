import { demandFor, type Choosing } from '../mode/choices.js';
import type { Mode } from '../mode/modes.js';
import type { MatchProposal } from './proposal.js';
import { proposalTickets } from './proposal.js';
import { unmatchedReasons, type UnmatchedReason } from './reasons.js';
import type { SweepResult } from './sweep.js';
import type { Ticket } from './ticket.js';

type Sweep<T> = (mode: Mode, tickets: readonly T[], nowMs: number) => SweepResult;
type MatchNow<T> = (mode: Mode, ticket: T, candidates: readonly T[], nowMs: number) => MatchProposal | null;

/** Whether `group` (ticket indices) is exactly one of the sets an earlier group's sweep left unmatched. */
const sweptAlready = (group: readonly number[], leftOvers: readonly Set<number>[]) =>
  leftOvers.some((left) => left.size === group.length && group.every((t) => left.has(t)));

/**
 * `sweep` for a mode whose players choose (core/mode/choices.ts): each combination of values, most wanted first,
 * is swept over the tickets still unmatched that accept it, so every room it proposes has an agreement. A group
 * that is exactly what an earlier group left is not swept again (everyone accepting every map costs one sweep).
 * A ticket still unmatched keeps the reason of the last group it was swept in.
 */
export function sweepChoosing<T extends Ticket & Choosing>(
  mode: Mode,
  tickets: readonly T[],
  nowMs: number,
  sweep: Sweep<T>,
): SweepResult {
  const { choices } = mode;
  if (!choices) return sweep(mode, tickets, nowMs);
  const demand = demandFor(choices, tickets, nowMs);
  const indexOf = new Map(tickets.map((t, i) => [t.id, i]));
  const proposals: MatchProposal[] = [];
  const reasonOf = new Map<string, UnmatchedReason>();
  const leftOvers: Set<number>[] = [];
  const matched = new Set<number>();
  for (let a = 0; a < demand.agreements.length; a++) {
    const group = tickets.flatMap((_, t) => (!matched.has(t) && demand.accepts(t, a) ? [t] : []));
    if (group.length === 0 || sweptAlready(group, leftOvers)) continue;
    const result = sweep(
      mode,
      group.map((t) => tickets[t]!),
      nowMs,
    );
    proposals.push(...result.proposals);
    for (const [id, reason] of result.reasonOf) reasonOf.set(id, reason);
    for (const p of result.proposals) for (const t of proposalTickets(p)) matched.add(indexOf.get(t.id)!);
    leftOvers.push(new Set(group.filter((t) => !matched.has(t))));
  }
  const unmatched = Object.fromEntries(unmatchedReasons.map((r) => [r, 0])) as Record<UnmatchedReason, number>;
  for (const [t, ticket] of tickets.entries()) {
    if (matched.has(t)) {
      reasonOf.delete(ticket.id);
      continue;
    }
    const reason = reasonOf.get(ticket.id) ?? 'noCandidatesWithinCaps';
    reasonOf.set(ticket.id, reason);
    unmatched[reason]++;
  }
  return { proposals, unmatched, reasonOf };
}

/**
 * `matchNow` for a mode whose players choose: the arrival is tried with the candidates that accept each
 * combination it accepts too, most wanted first; the first room found has an agreement.
 */
export function matchNowChoosing<T extends Ticket & Choosing>(
  mode: Mode,
  ticket: T,
  candidates: readonly T[],
  nowMs: number,
  matchNow: MatchNow<T>,
): MatchProposal | null {
  const { choices } = mode;
  if (!choices) return matchNow(mode, ticket, candidates, nowMs);
  // The arrival is ticket 0 of the demand, candidate c is ticket c + 1.
  const demand = demandFor(choices, [ticket, ...candidates], nowMs);
  for (let a = 0; a < demand.agreements.length; a++) {
    if (!demand.accepts(0, a)) continue;
    const group = candidates.filter((_, c) => demand.accepts(c + 1, a));
    if (group.length === 0) continue;
    const proposal = matchNow(mode, ticket, group, nowMs);
    if (proposal) return proposal;
  }
  return null;
}
