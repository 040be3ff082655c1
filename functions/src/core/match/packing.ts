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
 * there is one, which keeps the count and keeps its match's spread small. Where solos are too few for every
 * party, which parties get them is decided by waiting (see `preferOldest`): given `enqueuedAt`, no party
 * goes without while a younger one holds a solo it could have had.
 */
export function pairScarceSolos(
  mode: Mode,
  sizes: ArrayLike<number>,
  scores: ArrayLike<number>,
  eligible: (ticket: number) => boolean,
  enqueuedAt?: ArrayLike<number>,
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
  if (enqueuedAt) preferOldest(partners, sortedStacks, sortedSolos, scores, enqueuedAt, reach);
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

/**
 * Hands solos from younger parties to older ones within reach, keeping the pairing as large: each unpaired
 * party, oldest first, takes the solo of the youngest paired party within reach, if that party is younger,
 * and the party it displaces does the same in turn. The largest pairing alone leaves to chance which
 * parties go without where solos are short, and in a stream the same ones then lose at every sweep.
 */
function preferOldest(
  partners: Int32Array,
  stacks: Int32Array,
  solos: Int32Array,
  scores: ArrayLike<number>,
  enqueuedAt: ArrayLike<number>,
  reach: number,
): void {
  const age = (t: number) => enqueuedAt[t] ?? 0;
  let youngestPaired = -Infinity;
  for (const stack of stacks) if (partners[stack] !== NO_PARTNER) youngestPaired = Math.max(youngestPaired, age(stack));
  const waiting = sortByKey(
    Int32Array.from(stacks.filter((s) => partners[s] === NO_PARTNER && age(s) < youngestPaired)),
    enqueuedAt,
  );
  for (const oldest of waiting) {
    for (let stack = oldest; stack !== NO_PARTNER; ) {
      const solo = youngerPartnerWithin(partners, solos, scores, enqueuedAt, stack, reach);
      if (solo === NO_PARTNER) break;
      const displaced = partners[solo] ?? NO_PARTNER;
      partners[displaced] = NO_PARTNER;
      partners[solo] = stack;
      partners[stack] = solo;
      stack = displaced;
    }
  }
}

/** The solo within reach of `stack` whose party is the youngest and younger than `stack`, or NO_PARTNER. */
function youngerPartnerWithin(
  partners: Int32Array,
  solos: Int32Array,
  scores: ArrayLike<number>,
  enqueuedAt: ArrayLike<number>,
  stack: number,
  reach: number,
): number {
  const score = scores[stack] ?? 0;
  let lo = 0;
  let hi = solos.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((scores[solos[mid] ?? 0] ?? 0) < score - reach) lo = mid + 1;
    else hi = mid;
  }
  let best = NO_PARTNER;
  let bestAge = enqueuedAt[stack] ?? 0;
  for (let i = lo; i < solos.length && (scores[solos[i] ?? 0] ?? 0) <= score + reach; i++) {
    const solo = solos[i] ?? 0;
    const holder = partners[solo] ?? NO_PARTNER;
    if (holder !== NO_PARTNER && (enqueuedAt[holder] ?? 0) > bestAge) {
      best = solo;
      bestAge = enqueuedAt[holder] ?? 0;
    }
  }
  return best;
}
