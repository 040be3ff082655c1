import type { Mode } from '../mode/modes.js';
import type { Ticket } from './ticket.js';

/**
 * The most players any packing of the pool can seat, by a count that keeps only the scarcest shortages: in
 * team modes of three or more a side, a party one short of a side plays only beside a solo within the hard
 * spread cap, so no more of them play than the largest pairing of them with solos; in 5v5 a 3-stack plays
 * beside a 2-stack or two solos, none of them beside a 4-stack's solo. Rounded down to whole matches. The
 * packing search uses it to stop where no repacking can seat anyone more (a stream's pool holds many parties
 * no solo is left for, and searching it for a gain that cannot exist costs a sweep hundreds of milliseconds).
 */
export function packingCeiling(mode: Mode, tickets: readonly Ticket[]): number {
  const players = tickets.reduce((n, t) => n + t.members.length, 0);
  if (mode.format.kind !== 'team') return players;
  const { teamSize } = mode.format;
  const perMatch = 2 * teamSize;
  const scores = (size: number) =>
    tickets
      .filter((t) => t.members.length === size)
      .map((t) => t.score)
      .sort((a, b) => a - b);
  const reach = mode.spreadCap.hard;
  let stranded = 0;
  if (teamSize >= 3) {
    const solos = scores(1);
    const short = scores(teamSize - 1);
    const shortPlaying = largestPairing(short, solos, reach);
    stranded = (short.length - shortPlaying) * (teamSize - 1);
    if (teamSize === 5) {
      const threes = scores(3);
      const spareSolos = Math.floor((solos.length - shortPlaying) / 2);
      const threesPlaying = Math.min(threes.length, largestPairing(threes, scores(2), reach) + spareSolos);
      stranded += (threes.length - threesPlaying) * 3;
    }
  }
  return perMatch * Math.floor((players - stranded) / perMatch);
}

/**
 * The largest number of pairs of an item of `a` with one of `b` (both ascending) at most `reach` apart: each
 * item of `b` in turn takes the lowest item of `a` still free that reaches it, which is a largest pairing
 * because every item reaches an interval of one width.
 */
export function largestPairing(a: readonly number[], b: readonly number[], reach: number): number {
  let paired = 0;
  let first = 0;
  for (const item of b) {
    // Items of `a` too far below this one are too far below every later one.
    while (first < a.length && (a[first] ?? 0) < item - reach) first++;
    if (first < a.length && (a[first] ?? 0) <= item + reach) {
      paired++;
      first++;
    }
  }
  return paired;
}
