import type { Mode } from '../mode/modes.js';
import { mayPlayIn, type Regions, type Rtts } from '../mode/regions.js';
import { proposalTickets, type MatchProposal } from './proposal.js';
import { sweepPool, type SweepResult } from './sweep.js';
import type { Ticket } from './ticket.js';

/** A ticket queued in another region's pool, which may play here once its wait has carried it this far. */
export interface Visitor<T extends Ticket = Ticket> {
  ticket: T;
  home: string;
  rtts: Rtts | null;
}

/**
 * Sweeps one region's pool of a regional mode. Its own tickets are matched among themselves first, so a player
 * plays at home whenever home can seat them; what is left is then swept together with the visitors whose wait
 * lets them play in this region, and of those matches only the ones holding at least one ticket of this region
 * are kept: a match of visitors alone belongs to their own region's sweep. The unmatched reasons are those of
 * the home sweep, which is what this region's queue statistics describe. `sweep` is the pool sweep to use (one
 * that also keeps blocked players apart, say).
 */
export function sweepRegion<T extends Ticket>(
  mode: Mode & { regions: Regions },
  region: string,
  own: readonly T[],
  visitors: readonly Visitor<T>[],
  nowMs: number,
  sweep: (mode: Mode, tickets: readonly T[], nowMs: number) => SweepResult = sweepPool,
): SweepResult {
  const home = sweep(mode, own, nowMs);
  const matched = new Set(home.proposals.flatMap((p) => proposalTickets(p).map((t) => t.id)));
  const left = own.filter((t) => !matched.has(t.id));
  const guests = visitors
    .filter((v) => mayPlayIn(mode.regions, v, region, (nowMs - v.ticket.enqueuedAt) / 1000))
    .map((v) => v.ticket);
  if (left.length === 0 || guests.length === 0) return home;
  const ownIds = new Set(left.map((t) => t.id));
  const across: MatchProposal[] = sweep(mode, [...left, ...guests], nowMs).proposals.filter((p) =>
    proposalTickets(p).some((t) => ownIds.has(t.id)),
  );
  return { ...home, proposals: [...home.proposals, ...across] };
}
