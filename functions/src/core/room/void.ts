import { fail } from '../errors.js';
import { shiftStanding } from '../ladder/adjust.js';
import type { Ladder } from '../ladder/ladder.js';
import { utcDay, type Meetings } from '../fairplay/rematchWindow.js';
import type { Standing } from '../player/player.js';
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
 * as a delta (later games keep theirs), and a rated game leaves the record and, while its season still runs for
 * the player, the season's count. The season's peak is kept: it was reached.
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
    seasonGames: less(standing.seasonGames, counted && season !== null && standing.season === season),
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

/**
 * Whom a player met, less the voided game against `opponents` on the day it settled: the daily pair count that
 * caps rated games between two players goes back by one. A meeting counted down to none is dropped; any other
 * keeps when they last met, for the rematch window.
 */
export function meetingsWithoutGame(
  meetings: Meetings | null,
  opponents: readonly string[],
  settledAt: number,
): Meetings | null {
  if (!meetings) return null;
  const day = utcDay(settledAt);
  const met = new Set(opponents);
  const opponentsAfter = meetings.opponents.flatMap((m) => {
    if (!met.has(m.uid) || m.day !== day) return [m];
    return m.gamesThatDay > 1 ? [{ ...m, gamesThatDay: m.gamesThatDay - 1 }] : [];
  });
  return { ...meetings, opponents: opponentsAfter };
}
