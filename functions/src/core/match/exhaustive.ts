import type { PremadePolicy } from '../mode/modes.js';
import { balanceUnit } from './premade.js';

/** What an exhaustive search is asked: two sides of `teamSize` under the policy and both caps. */
export interface SearchRules {
  teamSize: number;
  policy: PremadePolicy;
  spreadCap: number;
  sideDifferenceCap: number;
}

/** Tickets by index, with their party size and matching score. */
export interface SearchTickets {
  size(ticket: number): number;
  score(ticket: number): number;
}

/**
 * Search steps one exhaustive search may take. A neighbourhood of a few dozen parties that holds no match
 * is refuted in far fewer (the score-ordered search prunes on players, balance and side difference), so
 * the budget only stops a pathological case from stalling a sweep.
 */
const NODE_BUDGET = 200_000;

/**
 * A match holding every `mandatory` ticket and some of `candidates` whose two sides fit both caps and the
 * premade policy: the mandatory tickets and the chosen candidates, or null if there is none. Exhaustive: it assigns candidates, lowest score first, to side A, side
 * B or neither, and abandons a branch once the players, premades or score weight still to come cannot
 * balance the sides. Side B of a found assignment may not be the best split of those tickets, but the
 * best split is at least as even, so it fits the caps too.
 */
export function exhaustiveMatch(
  rules: SearchRules,
  tickets: SearchTickets,
  mandatory: readonly number[],
  candidates: readonly number[],
): number[] | null {
  const { teamSize, spreadCap } = rules;
  const { pool, size, score, playersFrom, balanceFrom, balanceOf, lowest, highest } = searchSpace(
    rules,
    tickets,
    mandatory,
    candidates,
  );
  const n = pool.length;
  // Side difference is a difference of per-player averages; compare summed weights instead.
  const limit = rules.sideDifferenceCap * teamSize;
  const chosen: number[] = [];
  let nodes = 0;

  const search = (
    i: number,
    playersA: number,
    playersB: number,
    weight: number,
    balance: number,
    low: number,
  ): boolean => {
    if (playersA === teamSize && playersB === teamSize) return balance === 0 && Math.abs(weight) <= limit;
    if (++nodes > NODE_BUDGET) return false;
    const needA = teamSize - playersA;
    const needB = teamSize - playersB;
    if (i >= n || (playersFrom[i] ?? 0) < needA + needB || Math.abs(balance) > (balanceFrom[i] ?? 0)) return false;
    const from = score[i] ?? 0;
    const upTo = low + spreadCap;
    if (from > upTo) return false;
    if (weight + needA * from - needB * upTo > limit || weight + needA * upTo - needB * from < -limit) return false;
    const s = size[i] ?? 0;
    const nextLow = Math.min(low, from);
    if (Math.max(highest, from) - nextLow <= spreadCap) {
      const b = balanceOf(s);
      chosen.push(i);
      if (playersA + s <= teamSize && search(i + 1, playersA + s, playersB, weight + s * from, balance + b, nextLow)) {
        return true;
      }
      if (playersB + s <= teamSize && search(i + 1, playersA, playersB + s, weight - s * from, balance - b, nextLow)) {
        return true;
      }
      chosen.pop();
    }
    return search(i + 1, playersA, playersB, weight, balance, low);
  };

  // The sides are interchangeable, so the first mandatory ticket is pinned to side A.
  const [first, ...rest] = mandatory;
  if (first === undefined) return null;
  for (let mask = 0; mask < 1 << rest.length; mask++) {
    let playersA = tickets.size(first);
    let playersB = 0;
    let weight = tickets.size(first) * tickets.score(first);
    let balance = balanceOf(tickets.size(first));
    rest.forEach((t, k) => {
      const sign = mask & (1 << k) ? -1 : 1;
      if (sign > 0) playersA += tickets.size(t);
      else playersB += tickets.size(t);
      weight += sign * tickets.size(t) * tickets.score(t);
      balance += sign * balanceOf(tickets.size(t));
    });
    if (playersA > teamSize || playersB > teamSize) continue;
    if (search(0, playersA, playersB, weight, balance, lowest)) {
      return [...mandatory, ...chosen.map((i) => pool[i] ?? -1)];
    }
  }
  return null;
}

/**
 * The candidates within the spread cap of every mandatory ticket, lowest score first, with their sizes and
 * scores and the players and policy weight still to come from each position on (what the search prunes by).
 */
function searchSpace(
  rules: SearchRules,
  tickets: SearchTickets,
  mandatory: readonly number[],
  candidates: readonly number[],
) {
  const { policy, spreadCap } = rules;
  let lowest = Infinity;
  let highest = -Infinity;
  for (const t of mandatory) {
    lowest = Math.min(lowest, tickets.score(t));
    highest = Math.max(highest, tickets.score(t));
  }
  const pool = candidates
    .filter((t) => tickets.score(t) >= highest - spreadCap && tickets.score(t) <= lowest + spreadCap)
    .sort((a, b) => tickets.score(a) - tickets.score(b) || a - b);
  const n = pool.length;
  const size = pool.map((t) => tickets.size(t));
  const score = pool.map((t) => tickets.score(t));
  const balanceOf = (s: number) => balanceUnit(policy, s);
  const playersFrom = new Array<number>(n + 1).fill(0);
  const balanceFrom = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    playersFrom[i] = (playersFrom[i + 1] ?? 0) + (size[i] ?? 0);
    balanceFrom[i] = (balanceFrom[i + 1] ?? 0) + balanceOf(size[i] ?? 0);
  }
  return { pool, size, score, playersFrom, balanceFrom, balanceOf, lowest, highest };
}
