import { fail } from '../errors.js';
import { shiftStanding } from '../ladder/adjust.js';
import type { Ladder } from '../ladder/ladder.js';
import { afterGame, utcDay, type FarmingConfig, type Meetings } from '../fairplay/rematchWindow.js';
import type { Standing } from '../ladder/standing.js';
import type { HistoryRow } from './history.js';
import type { RoomDoc } from './room.js';

/** A room an operator may void: it exists, settled, and not voided before; anything else is refused, naming why. */
export function voidableRoom(room: RoomDoc | undefined, roomId: string): RoomDoc {
  if (!room) fail('not-found', `roomId: there is no room "${roomId}".`);
  if (room.voided) {
    const when = new Date(room.voided.at).toISOString();
    fail('failed-precondition', `roomId: room "${roomId}" was voided already (${when}, by ${room.voided.by}).`);
  }
  if (room.status !== 'settled') {
    fail(
      'failed-precondition',
      `roomId: room "${roomId}" is ${room.status}, not settled: only a settled game can be voided.`,
    );
  }
  return room;
}

const less = (n: number, by: boolean) => Math.max(0, n - (by ? 1 : 0));

/**
 * A standing with one settled game taken back, whatever was played since: the game's rating change is reversed
 * as a delta (later games keep theirs), and a rated game leaves the record and, while the player's standing is in
 * the season the room counted for (off-season included), the season's count, and so placement. The season's peak
 * and the time last played are kept: they were reached.
 */
export function withoutGame(
  standing: Standing,
  game: HistoryRow,
  season: string | null,
  ladder: Ladder,
  nowMs: number,
): Standing {
  const counted = game.unrated === null;
  const record = {
    ...standing,
    games: less(standing.games, counted),
    wins: less(standing.wins, counted && game.outcome === 'win'),
    losses: less(standing.losses, counted && game.outcome === 'loss'),
    draws: less(standing.draws, counted && game.outcome === 'draw'),
    seasonGames: less(standing.seasonGames, counted && standing.season === season),
  };
  return shiftStanding(record, 0 - game.delta, ladder, nowMs);
}

/** The row that takes a voided game back in the player's history: no game, the reversal and the reason. */
export function reversalRow(
  room: Pick<RoomDoc, 'id' | 'mode' | 'ladder'>,
  game: HistoryRow,
  ratingBefore: number,
  reason: string,
  nowMs: number,
): HistoryRow {
  return {
    roomId: room.id,
    mode: room.mode,
    ladder: room.ladder,
    outcome: null,
    ratingBefore,
    ratingAfter: ratingBefore - game.delta,
    delta: 0 - game.delta,
    settledAt: nowMs,
    unrated: null,
    kind: 'void',
    reason,
    voidedAt: null,
    bots: false,
  };
}

/** A settled game against people as a player's meetings counted it: when it settled, and whom they faced. */
export interface MetGame {
  at: number;
  opponents: readonly { uid: string; displayName: string }[];
}

/**
 * Of a player's games that still count (newest first, the voided one left out), the ones their meetings are
 * replayed from: every game that can still shape them (the last `rematchGames` + 1, those within `rematchMinutes`
 * of the last, whatever the window's settings) and every game of the same UTC days as those, so each pair's daily
 * count is whole. Older games are gone from the meetings except in their game count: a meeting outside both
 * windows and of another day is dropped by the next game. Returned oldest first.
 */
export function gamesToReplay<G extends MetGame>(newestFirst: readonly G[], farming: FarmingConfig): G[] {
  const last = newestFirst[0];
  if (!last) return [];
  const windowStart = last.at - farming.rematchMinutes * 60_000;
  const shaping = newestFirst.filter((g, i) => i <= farming.rematchGames || g.at >= windowStart);
  const from = Date.parse(utcDay(shaping[shaping.length - 1]!.at));
  return newestFirst.filter((g) => g.at >= from).reverse();
}

/**
 * Whether `newestFirst`, the start of a player's games that still count, already holds every game
 * `gamesToReplay` needs: the store reads their rooms page by page until it does (or there are no more).
 */
export function enoughToReplay(newestFirst: readonly MetGame[], farming: FarmingConfig): boolean {
  const oldest = newestFirst[newestFirst.length - 1];
  return !!oldest && oldest.at < gamesToReplay(newestFirst, farming)[0]!.at;
}

/**
 * A player's meetings as if the voided game had never been played: one game fewer in their count, and the
 * meetings replayed (core `afterGame`) from the games that still shape them (`gamesToReplay`, oldest first), so a
 * pair that met before keeps that earlier meeting, its time for the rematch window and its day's count. A room
 * against bots counted no meeting (`voidedCounted` false) and changes nothing.
 */
export function meetingsWithoutGame(
  meetings: Meetings | null,
  replayed: readonly MetGame[],
  voidedCounted: boolean,
  farming: FarmingConfig,
): Meetings | null {
  if (!meetings || !voidedCounted) return meetings;
  const games = Math.max(0, meetings.games - 1);
  const base: Meetings = { games: Math.max(0, games - replayed.length), opponents: [] };
  const rebuilt = replayed.reduce<Meetings>((m, g) => afterGame(m, g.opponents, farming, g.at), base);
  return { games, opponents: rebuilt.opponents };
}
