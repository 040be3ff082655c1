/**
 * The daily pair cap: past a number of games between the same two opponents in one UTC day, their game is
 * played but not rated, so two friends cannot farm rating from each other (the meetings that count them are
 * kept in rematchWindow.ts).
 */
import { roomTickets, sideUids, type RoomDoc } from '../room/room.js';
import { gamesToday, utcDay, type FarmingConfig, type Meetings } from './rematchWindow.js';

/**
 * Each player's opponents in a room: the other side in a team room; in free-for-all everyone but their own
 * party, who only share the room with them.
 */
export function opponentsIn(room: Pick<RoomDoc, 'kind' | 'sides' | 'memberUids'>, uid: string): string[] {
  if (room.kind === 'team') return sideUids(room).find((side) => !side.includes(uid)) ?? [];
  const own = roomTickets(room).find((t) => t.members.some((m) => m.uid === uid));
  return room.memberUids.filter((other) => !own?.members.some((m) => m.uid === other));
}

/** A pair of opponents who reached the daily cap before this game. */
export interface CappedPair {
  a: string;
  b: string;
  games: number;
}

/**
 * The pairs of opponents in a settling room who have already played the daily cap today (from either one's
 * meetings), so this game goes unrated; empty when it is rated.
 */
export function cappedPairs(
  room: Pick<RoomDoc, 'kind' | 'sides' | 'memberUids'>,
  meetings: ReadonlyMap<string, Meetings | null>,
  config: FarmingConfig,
  nowMs: number,
): CappedPair[] {
  const cap = config.dailyPairCap;
  if (cap === null) return [];
  return room.memberUids.flatMap((a) =>
    opponentsIn(room, a)
      .filter((b) => a < b)
      .map((b) => ({
        a,
        b,
        games: Math.max(gamesToday(meetings.get(a) ?? null, b, nowMs), gamesToday(meetings.get(b) ?? null, a, nowMs)),
      }))
      .filter((pair) => pair.games >= cap),
  );
}

/** Why the game is unrated, naming the players as the room shows them. */
export function unratedReason(pairs: readonly CappedPair[], names: Record<string, string>, cap: number): string {
  const [first] = pairs;
  if (!first) throw new Error('a rated game has no unrated reason');
  const more = pairs.length > 1 ? ` (and ${pairs.length - 1} more pair${pairs.length > 2 ? 's' : ''})` : '';
  return (
    `Unrated: ${names[first.a] ?? first.a} and ${names[first.b] ?? first.b} had already played each other ` +
    `${first.games} times today${more}; at most ${cap} games a day between the same two players count for rating.`
  );
}

/** The profile's view: whom the player has met today and how often, against the daily cap. */
export interface FarmingStanding {
  dailyPairCap: number | null;
  today: { uid: string; displayName: string; games: number; unrated: boolean }[];
}

export function farmingStanding(meetings: Meetings | null, config: FarmingConfig, nowMs: number): FarmingStanding {
  const day = utcDay(nowMs);
  const cap = config.dailyPairCap;
  const today = (meetings?.opponents ?? [])
    .filter((m) => m.day === day)
    .map((m) => ({
      uid: m.uid,
      displayName: m.displayName,
      games: m.gamesThatDay,
      unrated: cap !== null && m.gamesThatDay >= cap,
    }))
    .sort((x, y) => y.games - x.games || x.displayName.localeCompare(y.displayName));
  return { dailyPairCap: cap, today };
}
