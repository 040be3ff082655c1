import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../functions/src/core/config.js';
import { newPlayer, idleState, type Player, type PlayerState } from '../../functions/src/core/player/player.js';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import { planSettlement, type SettlementInput, type SettlementPlan } from '../../functions/src/core/room/settlement.js';
import { utcDay } from '../../functions/src/core/fairplay/rematchWindow.js';
import { pendingRoom, soloTicket } from './pendingRoom.js';
import { gameRow } from '../../functions/src/core/room/history.js';
import { poolId } from '../support/ids.js';

/** Each player's history row for the planned room, as the product reads it from the settled room. */
const historyRowsOf = (plan: SettlementPlan) =>
  plan.room.memberUids.flatMap((uid) => {
    const row = gameRow(plan.room, uid);
    return row ? [{ uid, row }] : [];
  });

const NOW = Date.UTC(2026, 10, 26, 12);
const { ladders, fairPlay } = parseConfig({});
const ladder = ladders.team!;

/** Players with these ratings and games already settled (established unless told otherwise). */
function playersAt(ratings: Record<string, number>, games = 50): Map<string, Player> {
  return new Map(
    Object.entries(ratings).map(([uid, rating]) => {
      const player = newPlayer(uid, uid.toUpperCase(), { team: { ...ladder, initialRating: rating } }, 0);
      const standing = { ...player.ladders.team!, games, seasonGames: games, wins: games };
      return [uid, { ...player, ladders: { team: standing } }];
    }),
  );
}

/** An active 1v1 between a and b on the team ladder. */
const duel = (ratings: [number, number]): RoomDoc => ({
  ...pendingRoom(),
  mode: poolId('1v1'),
  sides: [{ tickets: [soloTicket('a', ratings[0])] }, { tickets: [soloTicket('b', ratings[1])] }],
  memberUids: ['a', 'b'],
  names: { a: 'Ann', b: 'Ben' },
  status: 'active',
  readyCheck: null,
});

const input = (room: RoomDoc, players: Map<string, Player>, extra: Partial<SettlementInput> = {}): SettlementInput => ({
  room,
  result: { outcome: 'A' },
  ladder,
  fairPlay,
  players,
  states: new Map(room.memberUids.map((uid) => [uid, idleState(0)])),
  flags: new Map(),
  nowMs: NOW,
  ...extra,
});

const rating = (player: Player) => player.ladders.team!.rating;

describe('planSettlement', () => {
  it('moves two established players by equal and opposite amounts, and refuses to settle the same room again', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom('A' as const, 'B' as const, 'draw' as const),
        (ra, rb, outcome) => {
          const players = playersAt({ a: ra, b: rb });
          const plan = planSettlement(input(duel([ra, rb]), players, { result: { outcome } }));
          const delta = (uid: string) => rating(plan.players.find((p) => p.uid === uid)!) - rating(players.get(uid)!);
          expect(delta('a') + delta('b')).toBe(0);
          if (outcome === 'A') expect(delta('a')).toBeGreaterThanOrEqual(0);
          expect(plan.room.status).toBe('settled');
          expect(
            historyRowsOf(plan)
              .map((h) => h.uid)
              .sort(),
          ).toEqual(['a', 'b']);
          expect(() => planSettlement(input(plan.room, players))).toThrow(/cannot be settled again/);
        },
      ),
    );
  });

  it('leaves ratings and records alone past the daily pair cap, and says why on the room and in the history', () => {
    const cap = fairPlay.farming.dailyPairCap!;
    const met = (opponent: string) => ({
      games: cap,
      opponents: [
        { uid: opponent, displayName: opponent, lastAt: NOW - 1, lastGame: cap, day: utcDay(NOW), gamesThatDay: cap },
      ],
    });
    const states = new Map<string, PlayerState>([
      ['a', { ...idleState(0), meetings: met('b') }],
      ['b', { ...idleState(0), meetings: met('a') }],
    ]);
    const players = playersAt({ a: 1500, b: 1500 });
    const plan = planSettlement(input(duel([1500, 1500]), players, { states }));
    expect(plan.players.map(rating)).toEqual([1500, 1500]);
    expect(plan.players.map((p) => p.ladders.team!.wins)).toEqual([50, 50]);
    expect(plan.room.unrated?.reason).toMatch(/had already played each other/);
    expect(historyRowsOf(plan).every((h) => h.row.unrated !== null)).toBe(true);
    // The meeting still counts: the next game between them is unrated too.
    expect(plan.states.find((s) => s.uid === 'a')!.change.meetings!.opponents[0]!.gamesThatDay).toBe(cap + 1);
  });

  it("softens the loss of a leaver's team-mates when the ladder's fair-play rules say so", () => {
    const room: RoomDoc = { ...pendingRoom(), status: 'active', readyCheck: null, forfeits: ['a'] };
    const players = playersAt({ a: 1500, b: 1500, c: 1500, d: 1500 });
    const soft = { ...fairPlay, leaving: { ...fairPlay.leaving, teammateLossShare: 0.5 } };
    const plan = planSettlement(input(room, players, { result: { outcome: 'B' }, fairPlay: soft }));
    const after = new Map(plan.players.map((p) => [p.uid, rating(p) - 1500]));
    expect(after.get('a')).toBeLessThan(0);
    expect(after.get('b')).toBe(Math.trunc(after.get('a')! / 2));
    expect(after.get('c')).toBeGreaterThan(0);
  });

  it('archives a standing still in an earlier season before the game counts for the room’s season', () => {
    const players = playersAt({ a: 1500, b: 1500 });
    for (const player of players.values()) player.ladders.team = { ...player.ladders.team!, season: 's1' };
    const plan = planSettlement(input({ ...duel([1500, 1500]), season: 's2' }, players));
    expect(plan.archives.map((a) => [a.uid, a.archive.season]).sort()).toEqual([
      ['a', 's1'],
      ['b', 's1'],
    ]);
    expect(plan.players.map((p) => [p.ladders.team!.season, p.ladders.team!.seasonGames])).toEqual([
      ['s2', 1],
      ['s2', 1],
    ]);
  });

  it('counts a report that contradicts the result, and flags the player at the threshold', () => {
    const room: RoomDoc = {
      ...duel([1500, 1500]),
      reports: {
        a: { result: { outcome: 'A' }, at: NOW, authoritative: false },
        b: { result: { outcome: 'B' }, at: NOW, authoritative: false },
      },
    };
    const states = new Map<string, PlayerState>([
      ['a', idleState(0)],
      ['b', { ...idleState(0), falseReports: fairPlay.reportAbuse.flagAfter - 1 }],
    ]);
    const plan = planSettlement(
      input(room, playersAt({ a: 1500, b: 1500 }), { states, flags: new Map([['b', null]]) }),
    );
    expect(plan.states.find((s) => s.uid === 'b')!.change.falseReports).toBe(fairPlay.reportAbuse.flagAfter);
    expect(plan.states.find((s) => s.uid === 'a')!.change.falseReports).toBeUndefined();
    expect(plan.flags.map((f) => f.uid)).toEqual(['b']);
  });
});
