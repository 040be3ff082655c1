import type { FreeForAllFormat, WidenedCap } from '../mode/modes.js';
import { MAX_PARTY_SIZE } from './ticket.js';
import type { Attempt } from './reasons.js';
import type { ScoreIndex } from './scoreIndex.js';
import { capAt } from './widening.js';

interface Fill {
  /** Players in the room, mandatory tickets included. */
  players: number;
  tickets: number[];
  spread: number;
}

/** How many parties of each size (index = size) to take, out of `counts`, for the most players ≤ `room`. */
function largestFill(counts: readonly number[], room: number): { players: number; take: number[] } {
  // reachable[size][t]: t players can be made from parties no larger than `size`.
  const none = new Uint8Array(room + 1);
  none[0] = 1;
  const reachable = [none];
  for (let size = 1; size <= MAX_PARTY_SIZE; size++) {
    const before = reachable[size - 1] ?? new Uint8Array(room + 1);
    const after = new Uint8Array(room + 1);
    for (let t = 0; t <= room; t++) {
      for (let c = 0; c <= (counts[size] ?? 0) && c * size <= t && after[t] === 0; c++)
        after[t] = before[t - c * size] ?? 0;
    }
    reachable.push(after);
  }
  let players = room;
  while (players > 0 && reachable[MAX_PARTY_SIZE]?.[players] !== 1) players--;
  const take = new Array<number>(MAX_PARTY_SIZE + 1).fill(0);
  for (let size = MAX_PARTY_SIZE, rest = players; size >= 1; size--) {
    let c = 0;
    while (reachable[size - 1]?.[rest - c * size] !== 1) c++;
    take[size] = c;
    rest -= c * size;
  }
  return { players, take };
}

/**
 * Builds free-for-all rooms from a pool. A room forms at once when whole parties within the spread cap
 * fill `maxPlayers`; otherwise, once `minPlayers` are within reach and the oldest ticket has waited
 * `fillWaitSeconds`, it forms with as many players as possible. The nearest parties usually fill it; when
 * they do not, an exact search finds the largest room: the best room lies in a score window of the cap's
 * width starting at one of its parties, and per window the best fill is a small knapsack over five sizes.
 */
export class FreeForAllMatcher {
  /** Scratch space for the tickets `build` gathers, reused: a sweep of 100,000 players builds some 60,000 times. */
  private readonly gathered: Int32Array;

  constructor(
    private readonly index: ScoreIndex,
    private readonly format: FreeForAllFormat,
    private readonly spreadCap: WidenedCap,
  ) {
    this.gathered = new Int32Array(2 * format.maxPlayers * MAX_PARTY_SIZE);
  }

  /**
   * A room containing every `mandatory` ticket (the anchor, and when a ticket arrives, the arrival),
   * under the spread cap widened by `oldestWaitSeconds`; its single side holds every ticket.
   */
  build(mandatory: readonly number[], oldestWaitSeconds: number): Attempt {
    const { index, format } = this;
    const spreadCap = capAt(this.spreadCap, oldestWaitSeconds);
    let players = 0;
    let lowest = Infinity;
    let highest = -Infinity;
    for (const ticket of mandatory) {
      players += index.size(ticket);
      lowest = Math.min(lowest, index.score(ticket));
      highest = Math.max(highest, index.score(ticket));
    }
    const room = format.maxPlayers - players;
    if (room < 0 || highest - lowest > spreadCap) return { matched: false, reason: 'noCandidatesWithinCaps' };

    const center = (lowest + highest) / 2;
    const gathered = this.gathered;
    let count = 0;
    for (let size = 1; size <= Math.min(MAX_PARTY_SIZE, room); size++) {
      const limit = Math.floor(room / size);
      count += index.descending(size, center, highest - spreadCap, limit, mandatory, gathered, count);
      count += index.ascending(size, center, lowest + spreadCap, limit, mandatory, gathered, count);
    }
    const candidates = this.nearestFirst(count, center);

    let fill = this.nearestFill(mandatory, candidates, players, lowest, highest, spreadCap);
    if (fill.players < format.maxPlayers) {
      fill = this.largestWindowFill(mandatory, candidates, players, lowest, highest, spreadCap);
    }
    if (fill.players === format.maxPlayers) return { matched: true, sides: [fill.tickets] };
    if (fill.players < format.minPlayers) return { matched: false, reason: 'noCandidatesWithinCaps' };
    if (oldestWaitSeconds < format.fillWaitSeconds) return { matched: false, reason: 'waitingForFill' };
    return { matched: true, sides: [fill.tickets] };
  }

  /**
   * The first `count` gathered tickets, nearest `center` first and by index among equals: an insertion sort, since
   * they are a few dozen at most (a comparator sort of them was a third of a 100,000-player sweep).
   */
  private nearestFirst(count: number, center: number): number[] {
    const order: number[] = [];
    const distances: number[] = [];
    for (let i = 0; i < count; i++) {
      const ticket = this.gathered[i] ?? 0;
      const distance = Math.abs(this.index.score(ticket) - center);
      let j = order.length;
      for (; j > 0; j--) {
        const before = distances[j - 1] ?? 0;
        if (before < distance || (before === distance && (order[j - 1] ?? 0) < ticket)) break;
        order[j] = order[j - 1] ?? 0;
        distances[j] = before;
      }
      order[j] = ticket;
      distances[j] = distance;
    }
    return order;
  }

  /** Nearest parties first, each taken if it still fits the room and the spread cap. */
  private nearestFill(
    mandatory: readonly number[],
    candidates: readonly number[],
    players: number,
    lowest: number,
    highest: number,
    spreadCap: number,
  ): Fill {
    const fill: Fill = { players, tickets: [...mandatory], spread: highest - lowest };
    let low = lowest;
    let high = highest;
    for (const ticket of candidates) {
      if (fill.players === this.format.maxPlayers) break;
      const score = this.index.score(ticket);
      const size = this.index.size(ticket);
      if (fill.players + size > this.format.maxPlayers || Math.max(high, score) - Math.min(low, score) > spreadCap)
        continue;
      low = Math.min(low, score);
      high = Math.max(high, score);
      fill.players += size;
      fill.tickets.push(ticket);
    }
    fill.spread = high - low;
    return fill;
  }

  /** The most players any score window of the cap's width can seat, tightest among equals. */
  private largestWindowFill(
    mandatory: readonly number[],
    candidates: readonly number[],
    players: number,
    lowest: number,
    highest: number,
    spreadCap: number,
  ): Fill {
    const { index } = this;
    const room = this.format.maxPlayers - players;
    const starts = [...new Set([lowest, ...candidates.map((t) => index.score(t))])]
      .filter((score) => score >= highest - spreadCap && score <= lowest)
      .sort((a, b) => a - b);
    let best: Fill = { players, tickets: [...mandatory], spread: highest - lowest };
    for (const start of starts) {
      const window = candidates.filter((t) => index.score(t) >= start && index.score(t) <= start + spreadCap);
      const counts = new Array<number>(MAX_PARTY_SIZE + 1).fill(0);
      for (const ticket of window) counts[index.size(ticket)] = (counts[index.size(ticket)] ?? 0) + 1;
      const { players: extra, take } = largestFill(counts, room);
      if (players + extra < best.players) continue;
      const tickets = [...mandatory];
      for (const ticket of window) {
        const size = index.size(ticket);
        if ((take[size] ?? 0) > 0) {
          take[size] = (take[size] ?? 0) - 1;
          tickets.push(ticket);
        }
      }
      const scores = tickets.map((t) => index.score(t));
      const spread = Math.max(...scores) - Math.min(...scores);
      if (players + extra > best.players || spread < best.spread) best = { players: players + extra, tickets, spread };
    }
    return best;
  }
}
