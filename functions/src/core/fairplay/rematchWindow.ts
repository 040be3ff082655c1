import { z } from 'zod';
import { waitSeconds } from '../match/ticket.js';

/**
 * Farming and win-trading: the same opponents meeting again and again, to trade wins or to feed one another
 * rating. Recent opponents are kept apart for a while (a window that shrinks as they wait, like the widening
 * caps), and past a daily number of games between the same two players the game is played but not rated.
 */
export const farmingConfigSchema = z.strictObject({
  /** Opponents who met less than this many minutes ago are not matched against each other again (0: no window). */
  rematchMinutes: z.number().min(0).default(10),
  /** Nor opponents who met in either player's last this many games (0: no window). */
  rematchGames: z.number().int().min(0).default(2),
  /**
   * Both windows shrink in proportion to the wait (the longer of the two tickets') and are gone once it
   * reaches this, so a small pool still matches its few players with each other.
   */
  relaxAfterSeconds: z.number().positive().default(120),
  /** Games a pair of opponents may play in one UTC day that count for rating; past it the game is unrated. Null: no cap. */
  dailyPairCap: z.number().int().min(1).nullable().default(5),
});
export type FarmingConfig = z.infer<typeof farmingConfigSchema>;

/** The restriction turned off: no window, no cap. */
export const NO_FARMING_RULES: FarmingConfig = {
  rematchMinutes: 0,
  rematchGames: 0,
  relaxAfterSeconds: 1,
  dailyPairCap: null,
};

/** One opponent a player met: when last, in which of the player's games, and how often on that UTC day. */
export const meetingSchema = z.object({
  uid: z.string(),
  displayName: z.string(),
  lastAt: z.number().int(),
  /** The player's `games` count once that game was settled. */
  lastGame: z.number().int().positive(),
  /** The UTC day (YYYY-MM-DD) of `gamesThatDay`. */
  day: z.string(),
  gamesThatDay: z.number().int().positive(),
});
export type Meeting = z.infer<typeof meetingSchema>;

/**
 * Whom a player met lately, in their private state (`playerStates/{uid}.meetings`), written by the settlement's
 * transaction: settled games counted, and the opponents still inside a window or met today.
 */
export const meetingsSchema = z.object({
  games: z.number().int().nonnegative(),
  opponents: z.array(meetingSchema),
});
export type Meetings = z.infer<typeof meetingsSchema>;

/** Enough for a busy day of five-a-side games; the oldest meetings go first. */
export const MAX_MEETINGS = 250;

/** A recent opponent as a ticket carries it, so the matcher needs no read to keep them apart. */
export const recentOpponentSchema = z.object({
  uid: z.string(),
  /** When they last met (ms since the epoch). */
  at: z.number().int(),
  /** Games the ticket's member played since (0: it was their last game). */
  gamesAgo: z.number().int().nonnegative(),
});
export type RecentOpponent = z.infer<typeof recentOpponentSchema>;

export const utcDay = (nowMs: number) => new Date(nowMs).toISOString().slice(0, 10);

const insideWindow = (config: FarmingConfig, nowMs: number, share: number, at: number, gamesAgo: number) =>
  nowMs - at < share * config.rematchMinutes * 60_000 || gamesAgo < share * config.rematchGames;

/** The opponents a player queueing now must not meet yet: those inside either window at the start of a wait. */
export function recentOpponents(meetings: Meetings | null, config: FarmingConfig, nowMs: number): RecentOpponent[] {
  if (!meetings) return [];
  return meetings.opponents
    .map((m) => ({ uid: m.uid, at: m.lastAt, gamesAgo: meetings.games - m.lastGame }))
    .filter((r) => insideWindow(config, nowMs, 1, r.at, r.gamesAgo));
}

/** The share of the windows left after waiting `seconds`: 1 at once, falling evenly to 0 at `relaxAfterSeconds`. */
export function windowShare(config: FarmingConfig, seconds: number): number {
  return Math.max(0, 1 - seconds / config.relaxAfterSeconds);
}

/** What the matcher needs of a ticket to keep recent opponents apart. */
export interface FarmTicket {
  members: readonly { uid: string }[];
  enqueuedAt: number;
  recent?: readonly RecentOpponent[];
}

/**
 * Whether two tickets facing each other would be a rematch too soon: a member of one met a member of the other
 * inside the windows as shrunk by the longer wait of the two.
 */
export function tooSoon(a: FarmTicket, b: FarmTicket, config: FarmingConfig, nowMs: number): boolean {
  const share = windowShare(config, Math.max(waitSeconds(a, nowMs), waitSeconds(b, nowMs)));
  if (share === 0) return false;
  const met = (x: FarmTicket, y: FarmTicket) =>
    (x.recent ?? []).some(
      (r) => insideWindow(config, nowMs, share, r.at, r.gamesAgo) && y.members.some((m) => m.uid === r.uid),
    );
  return met(a, b) || met(b, a);
}

/**
 * The first pair of tickets that would face each other too soon, or null. In a team match only tickets on
 * opposite sides face each other (a recent opponent may well be a team-mate); in free-for-all everyone does.
 */
export function firstRematch<T extends FarmTicket>(
  sides: readonly (readonly T[])[],
  config: FarmingConfig,
  nowMs: number,
): [T, T] | null {
  const pairs: [T, T][] =
    sides.length === 2
      ? sides[0]!.flatMap((a) => sides[1]!.map((b): [T, T] => [a, b]))
      : (sides[0] ?? []).flatMap((a, i) => (sides[0] ?? []).slice(i + 1).map((b): [T, T] => [a, b]));
  return pairs.find(([a, b]) => tooSoon(a, b, config, nowMs)) ?? null;
}

/** Games the two have played against each other on the UTC day of `nowMs`, as one player's meetings say. */
export function gamesToday(meetings: Meetings | null, opponent: string, nowMs: number): number {
  const met = meetings?.opponents.find((m) => m.uid === opponent);
  return met && met.day === utcDay(nowMs) ? met.gamesThatDay : 0;
}

/**
 * A player's meetings after a settled game against `opponents`: one more game counted, each opponent met now
 * (counted for today), and the meetings no window or today's count needs any more dropped.
 */
export function afterGame(
  meetings: Meetings | null,
  opponents: readonly { uid: string; displayName: string }[],
  config: FarmingConfig,
  nowMs: number,
): Meetings {
  const games = (meetings?.games ?? 0) + 1;
  const day = utcDay(nowMs);
  const met = new Map(opponents.map((o) => [o.uid, o]));
  const kept = (meetings?.opponents ?? []).filter(
    (m) => !met.has(m.uid) && (m.day === day || insideWindow(config, nowMs, 1, m.lastAt, games - m.lastGame)),
  );
  const now = opponents.map(
    (o): Meeting => ({
      uid: o.uid,
      displayName: o.displayName,
      lastAt: nowMs,
      lastGame: games,
      day,
      gamesThatDay: gamesToday(meetings, o.uid, nowMs) + 1,
    }),
  );
  const all = [...kept, ...now].sort((x, y) => y.lastAt - x.lastAt).slice(0, MAX_MEETINGS);
  return { games, opponents: all };
}
