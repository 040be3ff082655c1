import type { Mode } from '../mode/modes.js';
import { sortByKey } from './order.js';

/** No partner: `partners[t]` for a ticket that is not in a pair. */
export const NO_PARTNER = -1;

/** Unpaired solos a pair looks at on each side of its party for a nearer partner. */
const CLOSER_LOOKUP = 16;

/**
 * In 5v5 a 3-stack is given a 2-stack ahead of the packing once it has waited this much longer than the
 * newest ticket of the pool, and only where fewer than two solos the 4-stacks leave are within its reach.
 * Party scores are averages and bunch in the middle of the scale, so there 2-stacks are nearly as scarce
 * for 3-stacks as solos are for 4-stacks, and the 3-stacks that have waited should get them first. Where
 * spare solos are near, a 3-stack has another way to play (3+1+1) and the 2-stacks are worth more on other
 * sides; and where everyone queued at once (a fresh pool) no one has waited for anyone: in both cases the
 * packing passes decide alone, as before.
 */
export const RESERVE_AFTER_SECONDS = 4;

/** Whether the mode has parties that only a solo can complete: team modes of three or more a side. */
export function hasScarceSolos(mode: Mode): boolean {
  return mode.format.kind === 'team' && mode.format.teamSize >= 3;
}

/**
 * Pairs parties one player short of a side with solos, the scarce party size in team modes of three or more
 * players a side: such a party can sit beside nothing but a solo, while everything else can do without
 * one, so a solo spent elsewhere may strand a party for good. With `reserveTwos` (the sweep), in 5v5 it
 * then pairs the 3-stacks that have waited and lack solos with 2-stacks (see RESERVE_AFTER_SECONDS).
 * Returns each ticket's partner (or NO_PARTNER).
 *
 * Each pairing is as large as possible within the hard spread cap, and where the complements are too few,
 * which parties get them is decided by waiting (see `pairComplements`).
 */
export function pairScarceSolos(
  mode: Mode,
  sizes: ArrayLike<number>,
  scores: ArrayLike<number>,
  eligible: (ticket: number) => boolean,
  enqueuedAt?: ArrayLike<number>,
  reserveTwos = false,
): Int32Array {
  const partners = new Int32Array(sizes.length).fill(NO_PARTNER);
  if (mode.format.kind !== 'team' || !hasScarceSolos(mode)) return partners;
  const { teamSize } = mode.format;
  const ofSize = (size: number, keep: (t: number) => boolean = () => true) => {
    const found: number[] = [];
    for (let t = 0; t < sizes.length; t++) if (sizes[t] === size && eligible(t) && keep(t)) found.push(t);
    return sortByKey(Int32Array.from(found), scores);
  };
  const reach = mode.spreadCap.hard;
  pairComplements(partners, ofSize(teamSize - 1), ofSize(1), scores, reach, enqueuedAt);
  if (teamSize !== 5 || !enqueuedAt || !reserveTwos) return partners;
  let newest = -Infinity;
  for (let t = 0; t < sizes.length; t++) if (eligible(t)) newest = Math.max(newest, enqueuedAt[t] ?? 0);
  const waitedLonger = (t: number) => (enqueuedAt[t] ?? 0) <= newest - RESERVE_AFTER_SECONDS * 1000;
  const spareSolos = Array.from(
    ofSize(1, (t) => partners[t] === NO_PARTNER),
    (t) => scores[t] ?? 0,
  );
  // Where two solos the 4-stacks leave are within reach, a 3-stack has another way to play: no reservation.
  const short = (t: number) => countWithin(spareSolos, scores[t] ?? 0, reach) < 2;
  pairComplements(
    partners,
    ofSize(3, (t) => waitedLonger(t) && short(t)),
    ofSize(2),
    scores,
    reach,
    enqueuedAt,
  );
  return partners;
}

/**
 * Pairs `stacks` with `mates` (both sorted by score), each pair within `reach`, into `partners`. The pairing
 * is as large as possible: mates, lowest score first, each take the lowest-scoring unpaired stack that
 * reaches them, which is a maximum matching because every stack reaches an interval of the same width.
 * Then each stack trades its mate for a nearer unpaired one where there is one, which keeps the count and
 * keeps its match's spread small. Given `enqueuedAt`, no stack goes without while a younger one holds a
 * mate it could have had (see `preferOldest`).
 */
function pairComplements(
  partners: Int32Array,
  stacks: Int32Array,
  mates: Int32Array,
  scores: ArrayLike<number>,
  reach: number,
  enqueuedAt?: ArrayLike<number>,
): void {
  if (stacks.length === 0 || mates.length === 0) return;
  const score = (t: number) => scores[t] ?? 0;
  let first = 0;
  for (const mate of mates) {
    // Stacks too far below this mate are too far below every later one.
    while (first < stacks.length && score(stacks[first] ?? 0) < score(mate) - reach) first++;
    const stack = stacks[first];
    if (stack === undefined || score(stack) > score(mate) + reach) continue;
    partners[stack] = mate;
    partners[mate] = stack;
    first++;
  }
  if (enqueuedAt) preferOldest(partners, stacks, mates, scores, enqueuedAt, reach);
  let at = 0;
  for (const stack of stacks) {
    const partner = partners[stack] ?? NO_PARTNER;
    if (partner === NO_PARTNER) continue;
    while (at < mates.length && score(mates[at] ?? 0) < score(stack)) at++;
    let nearest = partner;
    for (let step = 0; step < CLOSER_LOOKUP; step++) {
      for (const mate of [mates[at + step], mates[at - 1 - step]]) {
        const closer =
          mate !== undefined && Math.abs(score(mate) - score(stack)) < Math.abs(score(nearest) - score(stack));
        if (closer && partners[mate] === NO_PARTNER) nearest = mate;
      }
    }
    if (nearest === partner) continue;
    partners[partner] = NO_PARTNER;
    partners[stack] = nearest;
    partners[nearest] = stack;
  }
}

/** How many of `sorted` (ascending) lie within `reach` of `score`. */
function countWithin(sorted: readonly number[], score: number, reach: number): number {
  // The first index whose value is above `value` (or at least it, when `inclusive`).
  const rank = (value: number, inclusive: boolean) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = sorted[mid] ?? 0;
      if (v < value || (!inclusive && v === value)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return rank(score + reach, false) - rank(score - reach, true);
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
