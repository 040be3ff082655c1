import type { Mode, PremadePolicy, WidenedCap } from '../../functions/src/core/mode/modes.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';

/** Brute-force references for the matcher's tests: slow, naive, and written apart from the matcher. */

export const players = (tickets: readonly Ticket[]) => tickets.reduce((n, t) => n + t.members.length, 0);
export const average = (side: readonly Ticket[]) =>
  side.reduce((sum, t) => sum + t.members.length * t.score, 0) / players(side);
export const sortedSizes = (side: readonly Ticket[]) => side.map((t) => t.members.length).sort((a, b) => a - b);

/** The smallest side difference over every assignment of the tickets to two sides, by brute force. */
export function bruteForceBestDifference(tickets: readonly Ticket[], teamSize: number, policy: PremadePolicy): number {
  let best = Infinity;
  for (let mask = 0; mask < 1 << tickets.length; mask++) {
    const a = tickets.filter((_, i) => mask & (1 << i));
    const b = tickets.filter((_, i) => !(mask & (1 << i)));
    if (players(a) !== teamSize || players(b) !== teamSize) continue;
    const premades = (side: Ticket[]) => side.filter((t) => t.members.length >= 2).length;
    const balanced =
      policy === 'sameCount' ? premades(a) === premades(b) : sortedSizes(a).join() === sortedSizes(b).join();
    if (balanced) best = Math.min(best, Math.abs(average(a) - average(b)));
  }
  return best;
}

/** The cap after a wait, read straight off the schedule: the largest value of the steps reached. */
export const capAfter = (cap: WidenedCap, wait: number) =>
  Math.max(...cap.schedule.filter((step) => step.afterSeconds <= wait).map((step) => step.value));

/** Whether these tickets, all of them, make one valid match of the mode at `nowMs`. */
export function isValidMatch(mode: Mode, tickets: readonly Ticket[], nowMs: number): boolean {
  if (tickets.length === 0) return false;
  const oldestWait = Math.max(...tickets.map((t) => (nowMs - t.enqueuedAt) / 1000));
  const scores = tickets.map((t) => t.score);
  if (Math.max(...scores) - Math.min(...scores) > capAfter(mode.spreadCap, oldestWait)) return false;
  const format = mode.format;
  const count = players(tickets);
  if (format.kind === 'ffa') {
    if (count < format.minPlayers || count > format.maxPlayers) return false;
    return count === format.maxPlayers || oldestWait >= format.fillWaitSeconds;
  }
  if (count !== 2 * format.teamSize) return false;
  const best = bruteForceBestDifference(tickets, format.teamSize, format.premade);
  return best <= capAfter(format.sideDifferenceCap, oldestWait);
}

/** A valid match among `tickets` (containing `mustContain` if given), by trying every subset; null if none. */
export function bruteForceMatch(
  mode: Mode,
  tickets: readonly Ticket[],
  nowMs: number,
  mustContain?: Ticket,
): Ticket[] | null {
  const most = mode.format.kind === 'team' ? 2 * mode.format.teamSize : mode.format.maxPlayers;
  for (let mask = 1; mask < 1 << tickets.length; mask++) {
    const subset = tickets.filter((_, i) => mask & (1 << i));
    if (mustContain && !subset.includes(mustContain)) continue;
    if (players(subset) <= most && isValidMatch(mode, subset, nowMs)) return subset;
  }
  return null;
}

/** The most players any set of disjoint valid matches seats from `tickets`, by trying every subset (small pools). */
export function bruteForceMostSeated(mode: Mode, tickets: readonly Ticket[], nowMs: number): number {
  const most = mode.format.kind === 'team' ? 2 * mode.format.teamSize : mode.format.maxPlayers;
  const full = (1 << tickets.length) - 1;
  const valid: number[] = [];
  for (let mask = 1; mask <= full; mask++) {
    const subset = tickets.filter((_, i) => mask & (1 << i));
    if (players(subset) <= most && isValidMatch(mode, subset, nowMs)) valid.push(mask);
  }
  const seatedBy = (mask: number) => players(tickets.filter((_, i) => mask & (1 << i)));
  // best(used): the most players the tickets outside `used` seat; the lowest of them plays in some match or none.
  const memo = new Map<number, number>();
  const best = (used: number): number => {
    if (used === full) return 0;
    const known = memo.get(used);
    if (known !== undefined) return known;
    const lowest = ~used & (used + 1);
    let result = best(used | lowest);
    for (const match of valid) {
      if (match & lowest && !(match & used)) result = Math.max(result, seatedBy(match) + best(used | match));
    }
    memo.set(used, result);
    return result;
  };
  return best(0);
}

/** The largest number of (4-stack, solo) pairs within `reach` of each other, by augmenting paths (Kuhn's algorithm). */
export function maximumPairs(reach: number, stacks: readonly number[], solos: readonly number[]): number {
  const owner = new Array<number>(solos.length).fill(-1);
  const augment = (s: number, seen: boolean[]): boolean => {
    for (let p = 0; p < solos.length; p++) {
      if (seen[p] || Math.abs((stacks[s] ?? 0) - (solos[p] ?? 0)) > reach) continue;
      seen[p] = true;
      if ((owner[p] ?? -1) < 0 || augment(owner[p] ?? -1, seen)) {
        owner[p] = s;
        return true;
      }
    }
    return false;
  };
  return stacks.filter((_, s) => augment(s, new Array<boolean>(solos.length).fill(false))).length;
}
