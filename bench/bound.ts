import type { Mode } from '../functions/src/core/modes.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';

/**
 * The most players any matcher keeping the caps can seat from a pool in a team mode (computed apart from the
 * matcher). Every player, less those of parties no such matcher can seat, rounded down to whole matches:
 *
 * - A party one player short of a side (a 4-stack in 5v5) can only play beside a solo, on the same side, so
 *   within the hard spread cap of it; a solo is on one side, beside one such party at most. So no more of
 *   those parties play than the largest pairing of them with solos within the cap, P1.
 * - In 5v5, a 3-stack plays on a side of 3+2 or 3+1+1. A side holds one 3-stack at most and no 4-stack
 *   beside one, so the 2-stacks beside 3-stacks, the solos beside 3-stacks and the solos beside 4-stacks
 *   are all different tickets. The 3-stacks on 3+2 sides are at most the largest pairing of 3-stacks with
 *   2-stacks within the hard spread cap, P2; those on 3+1+1 sides take two solos each, from the solos no
 *   4-stack has. With f 4-stacks playing (f <= P1), at most min(3-stacks, P2 + floor((solos - f) / 2))
 *   3-stacks play. Each more 4-stack seats four players and costs at most one 3-stack, three players, so
 *   the count of seatable players is largest at f = P1, and that is the bound.
 *
 * Both pairings are the largest there are: items in ascending score each take the lowest-scoring partner
 * still unpaired that reaches them, which is optimal because every item reaches an interval of one width.
 */
export function packingBound(mode: Mode, pool: readonly Ticket[]): number {
  const players = pool.reduce((n, t) => n + t.members.length, 0);
  if (mode.format.kind !== 'team') return players;
  const { teamSize } = mode.format;
  const perMatch = 2 * teamSize;
  if (teamSize < 3) return perMatch * Math.floor(players / perMatch);
  const reach = mode.spreadCap.hard;
  const scores = (size: number) =>
    pool
      .filter((t) => t.members.length === size)
      .map((t) => t.score)
      .sort((a, b) => a - b);
  const solos = scores(1);
  const short = scores(teamSize - 1);
  const shortPlaying = largestPairing(short, solos, reach);
  let stranded = (short.length - shortPlaying) * (teamSize - 1);
  if (teamSize === 5) {
    const threes = scores(3);
    const threesPlaying = Math.min(
      threes.length,
      largestPairing(threes, scores(2), reach) + Math.floor((solos.length - shortPlaying) / 2),
    );
    stranded += (threes.length - threesPlaying) * 3;
  }
  return perMatch * Math.floor((players - stranded) / perMatch);
}

/** The largest number of pairs of an item of `a` with one of `b` (both ascending) at most `reach` apart. */
function largestPairing(a: readonly number[], b: readonly number[], reach: number): number {
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
