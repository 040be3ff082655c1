import type { Mode } from '../functions/src/core/modes.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';

/**
 * The most players any matcher keeping the caps can seat from a pool in a team mode, by one necessary
 * condition: a party one player short of a side can only play beside a solo within the hard spread cap,
 * and a solo completes one such party at most. So the bound is every player, less the parties left
 * over by the largest such pairing, rounded down to whole matches. (Computed apart from the matcher's
 * own pairing: solos in ascending score each take the lowest-scoring party that still reaches them.)
 */
export function packingBound(mode: Mode, pool: readonly Ticket[]): number {
  const players = pool.reduce((n, t) => n + t.members.length, 0);
  if (mode.format.kind !== 'team') return players;
  const { teamSize } = mode.format;
  const perMatch = 2 * teamSize;
  if (teamSize < 3) return perMatch * Math.floor(players / perMatch);
  const reach = mode.spreadCap.hard;
  const short = pool
    .filter((t) => t.members.length === teamSize - 1)
    .map((t) => t.score)
    .sort((a, b) => a - b);
  const solos = pool
    .filter((t) => t.members.length === 1)
    .map((t) => t.score)
    .sort((a, b) => a - b);
  let paired = 0;
  let first = 0;
  for (const solo of solos) {
    // Parties too far below this solo are too far below every later one.
    while (first < short.length && (short[first] ?? 0) < solo - reach) first++;
    if (first < short.length && (short[first] ?? 0) <= solo + reach) {
      paired++;
      first++;
    }
  }
  const stranded = (short.length - paired) * (teamSize - 1);
  return perMatch * Math.floor((players - stranded) / perMatch);
}
