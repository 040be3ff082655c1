import type { Mode } from '../mode/modes.js';
import { QueuedPool } from './pool.js';
import type { MatchProposal } from './proposal.js';
import { waitSeconds, type Ticket } from './ticket.js';

/**
 * The opt-in last resort (`Mode.lastResort`, issue 30): after a sweep, each party one short of a side that no
 * queued solo within the hard spread cap can complete (`hopeless`) and that has waited `afterSeconds`, longest
 * waiting first, builds a match from the tickets the sweep left, with the spread widened to the last resort's.
 * Only those left over take part, so the widening never costs anyone a match within the caps; the side cap is the
 * mode's own, so the sides stay as even as for any other match of that wait.
 */
export function lastResortMatches(
  mode: Mode,
  left: readonly Ticket[],
  hopeless: (ticket: Ticket) => boolean,
  nowMs: number,
): MatchProposal[] {
  const last = mode.lastResort;
  if (!last || !left.some((t) => hopeless(t) && waitSeconds(t, nowMs) >= last.afterSeconds)) return [];
  // Every match built here holds its anchor, a party the last resort covers, so the wider spread holds for it.
  const widened: Mode = {
    ...mode,
    spreadCap: { hard: last.spread, schedule: [{ afterSeconds: 0, value: last.spread }] },
  };
  const pool = new QueuedPool(widened, left, nowMs);
  const proposals: MatchProposal[] = [];
  for (const anchor of pool.oldestFirst()) {
    const ticket = left[anchor];
    if (!ticket || !hopeless(ticket) || waitSeconds(ticket, nowMs) < last.afterSeconds) continue;
    if (!pool.isAvailable(anchor)) continue;
    const attempt = pool.attempt([anchor]);
    if (attempt.matched) proposals.push(pool.commit(attempt.sides));
  }
  return proposals;
}
