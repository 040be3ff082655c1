import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../functions/src/core/errors.js';
import { ladderSchema } from '../../functions/src/core/ladder/ladder.js';
import { recordGame } from '../../functions/src/core/ladder/standing.js';
import type { HistoryRow } from '../../functions/src/core/room/history.js';
import { afterGame, recentOpponents } from '../../functions/src/core/fairplay/rematchWindow.js';
import {
  gamesToReplay,
  meetingsWithoutGame,
  reversalRow,
  voidableRoom,
  withoutGame,
} from '../../functions/src/core/room/void.js';
import { pendingRoom } from './pendingRoom.js';
import { standingAt } from './standings.js';
import { poolId } from '../support/ids.js';

const ladder = ladderSchema.parse({ placementGames: 0 });
const outcome = fc.constantFrom('win' as const, 'loss' as const, 'draw' as const);
const game = fc.record({ outcome, delta: fc.integer({ min: -64, max: 64 }) });

/** A player's row for a settled 1v1 game. */
const playedRow = (outcome: 'win' | 'loss' | 'draw', before: number, after: number): HistoryRow => ({
  roomId: 'r',
  mode: '1v1',
  ladder: 'solo',
  outcome,
  ratingBefore: before,
  ratingAfter: after,
  delta: after - before,
  settledAt: 1,
  unrated: null,
  kind: 'game',
  reason: null,
  voidedAt: null,
  bots: false,
});

describe('voiding a settled game', () => {
  it('takes back exactly that game whatever was played after it: rating by its delta, its record entry', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 800, max: 2400 }),
        game,
        fc.array(game, { maxLength: 6 }),
        (rating, voided, later) => {
          const play = (s: ReturnType<typeof standingAt>, g: { outcome: 'win' | 'loss' | 'draw'; delta: number }) =>
            recordGame(s, s.rating + g.delta, g.outcome, ladder, 1);
          const start = standingAt(rating);
          const afterVoided = play(start, voided);
          const row = playedRow(voided.outcome, start.rating, afterVoided.rating);
          const now = later.reduce(play, afterVoided);
          const withoutIt = later.reduce(play, start);
          const reversed = withoutGame(now, row, null, ladder, 2);
          expect(reversed.rating).toBe(withoutIt.rating);
          expect([reversed.games, reversed.wins, reversed.losses, reversed.draws]).toEqual([
            withoutIt.games,
            withoutIt.wins,
            withoutIt.losses,
            withoutIt.draws,
          ]);
          const reversal = reversalRow({ id: 'r', mode: poolId('1v1'), ladder: 'solo' }, row, now.rating, 'why', 2);
          expect(reversal).toMatchObject({
            kind: 'void',
            outcome: null,
            delta: 0 - voided.delta,
            ratingAfter: reversed.rating,
          });
          expect(Object.is(reversal.delta, -0)).toBe(false);
        },
      ),
    );
  });

  it("leaves an unrated game's record alone (it was never counted) and a season's count once the season moved on", () => {
    const now = { ...standingAt(1500, 4), wins: 2, losses: 2, season: '2027' };
    const unrated = { ...playedRow('win', 1500, 1500), unrated: 'cap' };
    expect(withoutGame(now, unrated, '2027', ladder, 2)).toMatchObject({
      games: 4,
      wins: 2,
      seasonGames: 4,
      rating: 1500,
    });
    const rated = { ...unrated, unrated: null, delta: 16 };
    expect(withoutGame(now, rated, '2026', ladder, 2)).toMatchObject({
      games: 3,
      wins: 1,
      seasonGames: 4,
      rating: 1484,
    });
    expect(withoutGame(now, rated, '2027', ladder, 2)).toMatchObject({ seasonGames: 3 });
    // Off-season games count in the standing's season count too (placement), so a void takes them back.
    expect(withoutGame({ ...now, season: null }, rated, null, ladder, 2)).toMatchObject({ seasonGames: 3 });
  });

  it("keeps a pair's earlier meeting when their later game is voided: its time for the window, its day's count", () => {
    const farming = { rematchMinutes: 10, rematchGames: 2, relaxAfterSeconds: 120, dailyPairCap: 5 };
    const bob = [{ uid: 'b', displayName: 'Bob' }];
    // Ann met Bob at 23:58 and again at 00:03 the next day; the 00:03 game is voided.
    const first = Date.UTC(2026, 10, 25, 23, 58);
    const second = first + 5 * 60_000;
    const both = afterGame(afterGame(null, bob, farming, first), bob, farming, second);
    const games = [{ at: first, opponents: bob }];
    const without = meetingsWithoutGame(both, gamesToReplay(games, farming), true, farming);
    expect(without).toEqual(afterGame(null, bob, farming, first));
    expect(without?.opponents).toEqual([expect.objectContaining({ uid: 'b', lastAt: first, gamesThatDay: 1 })]);
    // The window still keeps them apart, as it did before the voided game.
    expect(recentOpponents(without, farming, second + 60_000).map((r) => r.uid)).toEqual(['b']);
    // A room against bots counted no meeting; no meetings, nothing to take back.
    expect(meetingsWithoutGame(both, [], false, farming)).toBe(both);
    expect(meetingsWithoutGame(null, [], true, farming)).toBeNull();
  });

  it('is refused for an unknown room, one not settled, and one voided already, naming the room', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error as Failure;
      }
      return null;
    };
    const pending = pendingRoom();
    const settled = { ...pending, status: 'settled' as const };
    expect(refusal(() => voidableRoom(undefined, 'x'))?.message).toBe('roomId: there is no room "x".');
    expect(refusal(() => voidableRoom(pending, pending.id))?.code).toBe('failed-precondition');
    const again = refusal(() => voidableRoom({ ...settled, voided: { at: 0, by: 'op', reason: 'r' } }, settled.id));
    expect(again?.message).toMatch(/was voided already \(1970-01-01T00:00:00.000Z, by op\)/);
    expect(voidableRoom(settled, settled.id)).toBe(settled);
  });
});
