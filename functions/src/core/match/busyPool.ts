import type { Mode } from '../mode/modes.js';
import { hasScarceSolos } from './packing.js';
import type { Ticket } from './ticket.js';

/**
 * How a team mode of three or more a side reads its own pool, in place of settings: a studio gets this
 * behaviour with the default modes. Where parties need scarce partners (a 4-stack only a solo completes, a
 * 3-stack only a 2-stack or two solos), a busy pool is one where those partners would otherwise go to whoever
 * the nearest-first order reaches, and the parties that waited longest go without. The matcher observes three
 * things: the pool's length (the sweep counts it; an arrival reads the count the last sweep published), the
 * waits of the parties with few ways to play, and whether an arrival's read of its nearest tickets came back
 * full. A quiet pool (short reads, a few hundred tickets) is matched as before: every arrival that can be matched
 * is, and every sweep seats every valid match it finds.
 */

/**
 * A sweep of `fromTickets` or more, where the parties with few ways to play have waited on average `waitRatio` times
 * as long as the other tickets, forms whole sides first; a side left without an opponent is held.
 */
export interface BusySweepRule {
  fromTickets: number;
  /**
   * Where those parties have waited no longer than the rest (a pool queued at once, or a snapshot whose waits are
   * spread alike over every size) nobody is being left behind, and the packing passes seat more: at 20,000 players
   * of seed 004, 19,380 against 19,320 with sides first; on the bench's 10,000-player pool of waits up to 30 s,
   * 9,990 against 9,870. In a busy stream the parties nobody completes wait minutes and the others seconds.
   */
  waitRatio: number;
  /** The tickets of an unpaired side sit out the rest of the sweep while they have waited less than this. */
  holdSeconds: number;
}

/**
 * 500 tickets: the busy stream (450 players/s) passes it after 30 s and stays above; the 30/s stream peaks near
 * 410, the 8/s stream near 370, a solo-heavy 100/s stream near 85, and in those pools forming sides first cost
 * fair share (docs/matcher.md). Twice the others' wait: a snapshot's sizes differ by a few percent, a busy
 * stream's by ten times and more. 10 s: holds of 15 s and 20 s stranded as many 4-stacks.
 */
export const BUSY_SWEEP: BusySweepRule = { fromTickets: 500, waitRatio: 2, holdSeconds: 10 };

/**
 * An arrival whose full read holds a needy party that has waited `afterSeconds` (or `busyAfterSeconds` where the
 * last sweep counted `busyFromTickets` or more) waits for the sweep. 6 s left the solo-heavy stream's waits as
 * they were; 3 s in a pool of 400 tickets or more brought the busy stream's 4-stacks within a tenth of the bound.
 */
export const ARRIVAL_WAIT = { afterSeconds: 6, busyFromTickets: 400, busyAfterSeconds: 3 };

/** The sides-first rule of a mode's sweep: only where some parties need scarce partners. */
export function busySweepRule(mode: Mode): BusySweepRule | null {
  return hasScarceSolos(mode) ? BUSY_SWEEP : null;
}

/**
 * Whether an arrival's decision depends on the pool's length, so the shell should read the count the last
 * sweep published (`pools/{mode}`): only for modes with scarce partners.
 */
export function weighsPoolLength(mode: Mode): boolean {
  return hasScarceSolos(mode);
}

/**
 * Whether a waiting party of `size` has few ways to play, and so is served before the others: a party one
 * short of a side (only a solo completes it), or in 5v5 a 3-stack (only a 2-stack or two solos do).
 */
export function isNeedy(mode: Mode, size: number): boolean {
  if (mode.format.kind !== 'team' || mode.format.teamSize < 3) return false;
  return size === mode.format.teamSize - 1 || (mode.format.teamSize === 5 && size === 3);
}

/** Whether the rule applies to this pool: large enough, and its needy parties left behind (see `waitRatio`). */
export function formsSidesFirst(mode: Mode, tickets: readonly Ticket[], nowMs: number, rule: BusySweepRule): boolean {
  if (tickets.length < rule.fromTickets) return false;
  const waited = { needy: 0, needyMs: 0, others: 0, othersMs: 0 };
  for (const t of tickets) {
    const ms = Math.max(0, nowMs - t.enqueuedAt);
    if (isNeedy(mode, t.members.length)) {
      waited.needy++;
      waited.needyMs += ms;
    } else {
      waited.others++;
      waited.othersMs += ms;
    }
  }
  if (waited.needy === 0) return false;
  const othersMean = waited.others === 0 ? 0 : waited.othersMs / waited.others;
  return waited.needyMs / waited.needy >= rule.waitRatio * othersMean;
}
