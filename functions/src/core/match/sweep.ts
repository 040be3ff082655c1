import type { Mode } from '../mode/modes.js';
import type { Ticket } from './ticket.js';
import { QueuedPool } from './pool.js';
import { hasScarceSolos, NO_PARTNER } from './packing.js';
import { proposalTickets, type MatchProposal } from './proposal.js';
import { hasWaitedLong, isFresh, roomForAnotherMatch } from './improve.js';
import { packingSearchFor } from './slicedSearch.js';
import { formSidesFirst } from './wholeSides.js';
import { formsSidesFirst, busySweepRule, type BusySweepRule } from './busyPool.js';
import { unmatchedReasons, type UnmatchedReason } from './reasons.js';

/** Nearest other pairs a pair tries to play against when nothing else fits it. */
const RIVAL_PAIRS = 4;

export interface SweepResult {
  /** Disjoint proposals, in the order they were made. */
  proposals: MatchProposal[];
  /** How many tickets stayed queued, by the reason their last attempt failed. */
  unmatched: Record<UnmatchedReason, number>;
  /** Each of those tickets' reason, by ticket id (queue statistics group them by rating band). */
  reasonOf: Map<string, UnmatchedReason>;
}

/**
 * Matches a whole pool, as the scheduled tick does. Where parties exist that only a solo can complete
 * (three or more a side), a packing pass comes first: those parties are paired with solos (see
 * `pairScarceSolos`), the pairs match first, then everything else, but no one else may spend a paired
 * solo. Packing goes lowest score first, so that each match takes the parties just above the lowest
 * still free and no one is stranded between two matches; it makes every match it can within the side
 * cap of a fresh match before any under the widened caps, so packing never costs a match its fairness
 * while a fair one is there. Then a free pass over what is left, longest waiting first, lets every
 * ticket build a match around itself from whatever is still free, so no valid match is left behind, and
 * an old ticket is never outbid by newer ones. Where that greedy sweep strands players, a search repacks the
 * matches around them to seat more: the whole pool, or a larger fresh one slice by slice (`packingSearchFor`).
 * A busy pool of a mode with scarce partners forms and pairs whole sides first (`BUSY_SWEEP`).
 */
export function sweepPool(mode: Mode, tickets: readonly Ticket[], nowMs: number): SweepResult {
  return sweepWith(mode, tickets, nowMs, busySweepRule(mode));
}

/**
 * The sweep under a given sides-first rule (`sweepPool` passes the mode's own; the tests pass others). In a pool
 * the rule applies to (`formsSidesFirst`), sides are formed and paired first, and the rest of the sweep sees what they
 * left, less the tickets held for the sides that found no opponent yet (reported as waiting for players within
 * the caps).
 */
export function sweepWith(
  mode: Mode,
  tickets: readonly Ticket[],
  nowMs: number,
  rule: BusySweepRule | null,
): SweepResult {
  if (!rule || !formsSidesFirst(mode, tickets, nowMs, rule)) return sweepPacked(mode, tickets, nowMs);
  const first = formSidesFirst(mode, tickets, nowMs, rule.holdSeconds);
  const out = new Set([...first.held, ...first.seated]);
  const rest = sweepPacked(
    mode,
    tickets.filter((_, t) => !out.has(t)),
    nowMs,
  );
  const reasonOf = new Map(rest.reasonOf);
  for (const t of first.held) reasonOf.set(tickets[t]?.id ?? '', 'noCandidatesWithinCaps');
  const unmatched = {
    ...rest.unmatched,
    noCandidatesWithinCaps: rest.unmatched.noCandidatesWithinCaps + first.held.length,
  };
  return { proposals: [...first.proposals, ...rest.proposals], unmatched, reasonOf };
}

/** The sweep within the caps of the pool it is given: packing (where solos are scarce), search, free pass. */
function sweepPacked(mode: Mode, tickets: readonly Ticket[], nowMs: number): SweepResult {
  if (!hasScarceSolos(mode)) return sweepFree(mode, tickets, nowMs);
  const greedy = greedySweep(mode, tickets, nowMs);
  const search = packingSearchFor(tickets, nowMs);
  if (!search || !roomForAnotherMatch(mode, tickets, greedy.proposals)) return greedy;
  const sweep = (part: readonly Ticket[]) => greedySweep(mode, part, nowMs).proposals;
  const proposals = search(mode, tickets, greedy.proposals, nowMs, sweep);
  // Those still left get their reasons from a last pass over them alone, as after the packing pass.
  const matched = new Set(proposals.flatMap((p) => proposalTickets(p).map((t) => t.id)));
  const rest = sweepFree(
    mode,
    tickets.filter((t) => !matched.has(t.id)),
    nowMs,
  );
  return { ...rest, proposals: [...proposals, ...rest.proposals] };
}

/**
 * The greedy sweep of a pool with parties only a solo can complete, before any search: packing first, then a
 * free pass. `sweepPool` starts from it; the tests compare the two.
 */
export function greedySweep(mode: Mode, tickets: readonly Ticket[], nowMs: number): SweepResult {
  const early = longWaitersFirst(mode, tickets, nowMs);
  const paired = new QueuedPool(mode, early.rest, nowMs, 'solosAndTwos');
  const proposals: MatchProposal[] = [...early.proposals];
  matchWholeSides(paired, proposals);
  const lowestFirst = paired.lowestFirst();
  // Fair matches first (the side cap of a fresh match), then the rest within the widened caps.
  for (const fairOnly of [true, false]) {
    // Pairs go first: a full party is the most flexible opponent a pair has, so it should not be spent on
    // another full party while a pair still needs it.
    for (const anchor of lowestFirst) {
      if (paired.partnerOf(anchor) === NO_PARTNER || !paired.isAvailable(anchor)) continue;
      const attempt = paired.attemptPair(anchor, RIVAL_PAIRS, fairOnly);
      if (attempt.matched) proposals.push(paired.commit(attempt.sides));
    }
    for (const anchor of lowestFirst) {
      if (paired.partnerOf(anchor) !== NO_PARTNER || !paired.isAvailable(anchor)) continue;
      const attempt = paired.attempt([anchor], fairOnly);
      if (attempt.matched) proposals.push(paired.commit(attempt.sides));
    }
  }
  const left = early.rest.filter((_, t) => !paired.isTaken(t));
  const rest = sweepFree(mode, left, nowMs);
  return { ...rest, proposals: [...proposals, ...rest.proposals] };
}

/**
 * Lets the tickets that have waited `LONG_WAIT_SECONDS` or more, longest waiting first, each build a match
 * from the whole pool before the packing pass, which orders by score and reserves solos, may take what they
 * need: packing seats more players, but in a stream the same parties would otherwise lose at every sweep.
 * A fresh pool has no such ticket, and its packing is untouched.
 */
function longWaitersFirst(
  mode: Mode,
  tickets: readonly Ticket[],
  nowMs: number,
): { proposals: MatchProposal[]; rest: readonly Ticket[] } {
  if (isFresh(tickets, nowMs)) return { proposals: [], rest: tickets };
  const pool = new QueuedPool(mode, tickets, nowMs);
  const proposals: MatchProposal[] = [];
  const unreachable = sololess(mode, pool);
  for (const anchor of pool.oldestFirst()) {
    if (!hasWaitedLong(tickets[anchor] as Ticket, nowMs)) break;
    if (!pool.isAvailable(anchor) || unreachable(anchor)) continue;
    const attempt = pool.attempt([anchor]);
    if (attempt.matched) proposals.push(pool.commit(attempt.sides));
  }
  return { proposals, rest: proposals.length === 0 ? tickets : tickets.filter((_, t) => !pool.isTaken(t)) };
}

/**
 * Matches whole sides (full parties, and parties paired with their solo) that have no unpaired solo within
 * reach with one another: as many matches as pairing neighbours in score order can make, and of those the
 * most that are fair. Such sides can only play one another (a full party) or another pair (a 4+1 side), so
 * the count of matches among them is what seats players. Neighbours in score make the most even matches,
 * and a dynamic programme over the sorted sides (each side plays its next neighbour or waits) finds the
 * most; the lowest-first order of the passes below would rather pair two 4+1 sides within the fresh side
 * cap and strand the two full parties each of them could have faced within the widened one. A side with
 * an unpaired solo within reach has other ways to play (a full party against 3+1+1, say), and is left to
 * the passes below, which find them fairly.
 */
function matchWholeSides(pool: QueuedPool, proposals: MatchProposal[]): void {
  const sides = pool.wholeSides().filter((t) => !pool.freeSoloNear(t));
  const n = sides.length;
  // made[i]: the match of sides i - 1 and i, if they make one, worth n + 1, plus 1 if fair: the count of
  // matches comes first, and fairness decides between equal counts.
  const made: (number[][] | null)[] = [null];
  const worth = new Float64Array(n);
  for (let i = 1; i < n; i++) {
    // The two sides are the whole match, so the attempt comes down to their best split.
    const attempt = pool.attempt([...pool.sideOf(sides[i - 1] ?? -1), ...pool.sideOf(sides[i] ?? -1)]);
    made.push(attempt.matched ? attempt.sides : null);
    worth[i] = attempt.matched ? n + 1 + (pool.isFair(attempt.sides) ? 1 : 0) : 0;
  }
  // best[i]: the most the first i sides are worth.
  const best = new Float64Array(n + 1);
  for (let i = 2; i <= n; i++) {
    best[i] = Math.max(best[i - 1] ?? 0, made[i - 1] ? (best[i - 2] ?? 0) + (worth[i - 1] ?? 0) : 0);
  }
  const chosen: number[][][] = [];
  for (let i = n; i >= 2; ) {
    const match = made[i - 1];
    if (match && best[i] !== best[i - 1]) {
      chosen.push(match);
      i -= 2;
    } else i--;
  }
  for (const match of chosen.reverse()) proposals.push(pool.commit(match));
}

/** One pass in which every ticket, longest waiting first, builds a match around itself from what is free. */
function sweepFree(mode: Mode, tickets: readonly Ticket[], nowMs: number): SweepResult {
  const pool = new QueuedPool(mode, tickets, nowMs);
  const reasons = [...pool.excluded];
  const proposals: MatchProposal[] = [];
  const unreachable = sololess(mode, pool);
  for (const anchor of pool.oldestFirst()) {
    if (!pool.isAvailable(anchor)) continue;
    if (unreachable(anchor)) {
      reasons[anchor] = 'noCandidatesWithinCaps';
      continue;
    }
    // 1v1 takes the nearest player within both caps: no attempt to build, so nothing to allocate but the match.
    const rival = pool.duelRival(anchor);
    if (rival !== null) {
      if (rival >= 0) proposals.push(pool.commitDuel(anchor, rival));
      else reasons[anchor] = 'noCandidatesWithinCaps';
      continue;
    }
    const attempt = pool.attempt([anchor]);
    if (attempt.matched) proposals.push(pool.commit(attempt.sides));
    else reasons[anchor] = attempt.reason;
  }
  const unmatched = Object.fromEntries(unmatchedReasons.map((reason) => [reason, 0])) as Record<
    UnmatchedReason,
    number
  >;
  const reasonOf = new Map<string, UnmatchedReason>();
  markNoSoloInReach(mode, pool, reasons);
  reasons.forEach((reason, t) => {
    if (reason === null || (pool.excluded[t] === null && !pool.isAvailable(t))) return;
    unmatched[reason]++;
    reasonOf.set(tickets[t]!.id, reason);
  });
  return { proposals, unmatched, reasonOf };
}

/**
 * Tells the parties one short of a side that no solo still waiting scores within the hard spread cap of them
 * apart from those who merely wait for the caps to widen: no wait helps them, and they should know it.
 */
function markNoSoloInReach(mode: Mode, pool: QueuedPool, reasons: (UnmatchedReason | null)[]): void {
  const unreachable = sololess(mode, pool, (t) => pool.isTaken(t));
  reasons.forEach((reason, t) => {
    if (reason === 'noCandidatesWithinCaps' && unreachable(t)) reasons[t] = 'noSoloInReach';
  });
}

/**
 * Whether ticket `t` of the pool is a party one short of a side with no solo (other than those `gone`, or
 * excluded) within the hard spread cap: no match can hold it, so the passes need not build one around it.
 * In a stream's pool thousands of such parties wait, and building for each cost more than the rest of a sweep.
 */
function sololess(mode: Mode, pool: QueuedPool, gone: (t: number) => boolean = () => false): (t: number) => boolean {
  if (!hasScarceSolos(mode)) return () => false;
  const short = teamSizeOf(mode) - 1;
  const reach = mode.spreadCap.hard;
  const solos = pool.tickets
    .filter((t, i) => t.members.length === 1 && !gone(i) && pool.excluded[i] === null)
    .map((t) => t.score)
    .sort((a, b) => a - b);
  return (t) => {
    const ticket = pool.tickets[t];
    if (ticket?.members.length !== short) return false;
    // The first solo at or above the party's lowest reach decides: it is in reach unless it lies past the top.
    let lo = 0;
    let hi = solos.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((solos[mid] ?? 0) < ticket.score - reach) lo = mid + 1;
      else hi = mid;
    }
    return lo === solos.length || (solos[lo] ?? 0) > ticket.score + reach;
  };
}

const teamSizeOf = (mode: Mode) => (mode.format.kind === 'team' ? mode.format.teamSize : 1);
