import { acceptsAgreement, agreementsByDemand, type Choosing } from '../mode/choices.js';
import type { Mode } from '../mode/modes.js';
import type { MatchProposal } from './proposal.js';
import { proposalTickets } from './proposal.js';
import { unmatchedReasons, type UnmatchedReason } from './reasons.js';
import type { SweepResult } from './sweep.js';
import type { Ticket } from './ticket.js';

type Sweep<T> = (mode: Mode, tickets: readonly T[], nowMs: number) => SweepResult;
type MatchNow<T> = (mode: Mode, ticket: T, candidates: readonly T[], nowMs: number) => MatchProposal | null;

const idsOf = (tickets: readonly Ticket[]) => tickets.map((t) => t.id).join(' ');

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
  const proposals: MatchProposal[] = [];
  const reasonOf = new Map<string, UnmatchedReason>();
  const leftOver = new Set<string>();
  let left: readonly T[] = tickets;
  for (const agreed of agreementsByDemand(choices, tickets, nowMs)) {
    const group = left.filter((t) => acceptsAgreement(choices, t, agreed, nowMs));
    if (group.length === 0 || leftOver.has(idsOf(group))) continue;
    const result = sweep(mode, group, nowMs);
    proposals.push(...result.proposals);
    for (const [id, reason] of result.reasonOf) reasonOf.set(id, reason);
    const matched = new Set(result.proposals.flatMap((p) => proposalTickets(p).map((t) => t.id)));
    for (const id of matched) reasonOf.delete(id);
    left = left.filter((t) => !matched.has(t.id));
    leftOver.add(idsOf(group.filter((t) => !matched.has(t.id))));
  }
  const unmatched = Object.fromEntries(unmatchedReasons.map((r) => [r, 0])) as Record<UnmatchedReason, number>;
  for (const t of left) {
    const reason = reasonOf.get(t.id) ?? 'noCandidatesWithinCaps';
    reasonOf.set(t.id, reason);
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
  for (const agreed of agreementsByDemand(choices, [ticket, ...candidates], nowMs)) {
    if (!acceptsAgreement(choices, ticket, agreed, nowMs)) continue;
    const group = candidates.filter((c) => acceptsAgreement(choices, c, agreed, nowMs));
    if (group.length === 0) continue;
    const proposal = matchNow(mode, ticket, group, nowMs);
    if (proposal) return proposal;
  }
  return null;
}
