import type { Mode } from '../mode/modes.js';
import { sortByKey } from './order.js';

/** No partner: `partners[t]` for a ticket that is not in a pair. */
export const NO_PARTNER = -1;

/** Unpaired solos a pair looks at on each side of its party for a nearer partner. */
const CLOSER_LOOKUP = 16;

/** Whether the mode has parties that only a solo can complete: team modes of three or more a side. */
export function hasScarceSolos(mode: Mode): boolean {
  return mode.format.kind === 'team' && mode.format.teamSize >= 3;
}

/**
 * Pairs parties one player short of a side with solos, the scarce party size in team modes of three or more
 * players a side: such a party can sit beside nothing but a solo, while everything else can do without
 * one, so a solo spent elsewhere may strand a party for good. Returns each ticket's partner (or NO_PARTNER).
 *
 * The pairing is as large as possible within the hard spread cap: solos, lowest score first, each take
 * the lowest-scoring unpaired party that reaches them, which is a maximum matching because every party
 * reaches an interval of the same width. Then each party trades its solo for a nearer unpaired one where
 * there is one, which keeps the count and keeps its match's spread small.
 */
export function pairScarceSolos(
  mode: Mode,
  sizes: ArrayLike<number>,
  scores: ArrayLike<number>,
  eligible: (ticket: number) => boolean,
): Int32Array {
  const partners = new Int32Array(sizes.length).fill(NO_PARTNER);
  if (mode.format.kind !== 'team' || !hasScarceSolos(mode)) return partners;
  const short = mode.format.teamSize - 1;
  const stacks: number[] = [];
  const solos: number[] = [];
  for (let t = 0; t < sizes.length; t++) {
    if (!eligible(t)) continue;
    if (sizes[t] === short) stacks.push(t);
    else if (sizes[t] === 1) solos.push(t);
  }
  if (stacks.length === 0 || solos.length === 0) return partners;
  const sortedStacks = sortByKey(Int32Array.from(stacks), scores);
  const sortedSolos = sortByKey(Int32Array.from(solos), scores);
  const reach = mode.spreadCap.hard;
  const score = (t: number) => scores[t] ?? 0;
  let first = 0;
  for (const solo of sortedSolos) {
    // Parties too far below this solo are too far below every later one.
    while (first < sortedStacks.length && score(sortedStacks[first] ?? 0) < score(solo) - reach) first++;
    const stack = sortedStacks[first];
    if (stack === undefined || score(stack) > score(solo) + reach) continue;
    partners[stack] = solo;
    partners[solo] = stack;
    first++;
  }
  let at = 0;
  for (const stack of sortedStacks) {
    const partner = partners[stack] ?? NO_PARTNER;
    if (partner === NO_PARTNER) continue;
    while (at < sortedSolos.length && score(sortedSolos[at] ?? 0) < score(stack)) at++;
    let nearest = partner;
    for (let step = 0; step < CLOSER_LOOKUP; step++) {
      for (const solo of [sortedSolos[at + step], sortedSolos[at - 1 - step]]) {
        const closer =
          solo !== undefined && Math.abs(score(solo) - score(stack)) < Math.abs(score(nearest) - score(stack));
        if (closer && partners[solo] === NO_PARTNER) nearest = solo;
      }
    }
    if (nearest === partner) continue;
    partners[partner] = NO_PARTNER;
    partners[stack] = nearest;
    partners[nearest] = stack;
  }
  return partners;
}
