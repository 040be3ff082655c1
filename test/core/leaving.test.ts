import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultLadders } from '../../functions/src/core/ladder/ladder.js';
import {
  forfeitRoom,
  forfeitVerdict,
  gameBeatPaid,
  gameStartedAt,
  goneSilent,
  leaveStanding,
  leavingConfigSchema,
  EVERY_SIDE_LEFT,
  softenForLeavers,
} from '../../functions/src/core/fairplay/leaving.js';
import { initialStanding } from '../../functions/src/core/ladder/standing.js';
import { settleRoom } from '../../functions/src/core/room/results.js';
import { sideUids, type RoomDoc } from '../../functions/src/core/room/room.js';
import { pendingRoom } from './pendingRoom.js';

/** The 2v2 of pendingRoom once started: party (a, b) on side A, solos c and d on side B. */
const active = (): RoomDoc => ({ ...pendingRoom(), status: 'active', reportDeadline: 99_000 });
const leave = (room: RoomDoc, ...uids: string[]) => uids.reduce((r, uid) => forfeitRoom(r, uid, 5_000), room);

describe('leaving a started game', () => {
  it('records each leaver once, and refuses strangers, games not started and games over', () => {
    const left = leave(active(), 'c');
    expect(left.forfeits).toEqual(['c']);
    expect(forfeitRoom(left, 'c', 6_000)).toBe(left);
    expect(() => forfeitRoom(active(), 'x', 0)).toThrow(/not a player in this room/);
    expect(() => forfeitRoom(pendingRoom(), 'a', 0)).toThrow(/decline the ready check instead/);
    expect(() => forfeitRoom({ ...active(), status: 'settled' }, 'a', 0)).toThrow(/room is settled; there is no game/);
  });

  it('settles a team room for the other side as soon as one whole side has left, not before', () => {
    expect(forfeitVerdict(leave(active(), 'c'))).toBeNull();
    expect(forfeitVerdict(leave(active(), 'c', 'a'))).toBeNull();
    expect(forfeitVerdict(leave(active(), 'c', 'd'))).toEqual({ kind: 'settle', result: { outcome: 'A' } });
    expect(forfeitVerdict(leave(active(), 'b', 'a'))).toEqual({ kind: 'settle', result: { outcome: 'B' } });
  });

  it('voids a team room that every side has left, found together (a side left means all its players did)', () => {
    expect(forfeitVerdict(leave(active(), 'a', 'b', 'c', 'd'))).toEqual({ kind: 'void', reason: EVERY_SIDE_LEFT });
    expect(forfeitVerdict(leave(active(), 'c', 'd', 'a', 'b'))).toEqual({ kind: 'void', reason: EVERY_SIDE_LEFT });
    // A leaver on each side but players left on both: the game goes on, as with one leaver.
    expect(forfeitVerdict(leave(active(), 'a', 'c'))).toBeNull();
  });

  it('voids a free-for-all room every player has left', () => {
    const ffa: RoomDoc = { ...active(), kind: 'ffa', sides: [{ tickets: active().sides.flatMap((s) => s.tickets) }] };
    expect(forfeitVerdict(leave(ffa, 'd', 'c', 'b', 'a'))).toEqual({ kind: 'void', reason: EVERY_SIDE_LEFT });
  });

  it('moves no rating in any room every side left, and gives the win to the side that stayed otherwise', () => {
    const team = active();
    const ffa: RoomDoc = { ...team, kind: 'ffa', sides: [{ tickets: team.sides.flatMap((s) => s.tickets) }] };
    const sidesOf = (room: RoomDoc) => (room.kind === 'team' ? sideUids(room) : room.memberUids.map((uid) => [uid]));
    fc.assert(
      fc.property(fc.constantFrom(team, ffa), fc.shuffledSubarray(['a', 'b', 'c', 'd']), (room, order) => {
        const verdict = forfeitVerdict(leave(room, ...order));
        const gone = sidesOf(room).map((uids) => uids.every((uid) => order.includes(uid)));
        const stayed = sidesOf(room).filter((_, i) => !gone[i]);
        // Every side gone, in whatever order its players went: void, which settles nobody's rating.
        if (gone.every(Boolean)) expect(verdict).toEqual({ kind: 'void', reason: EVERY_SIDE_LEFT });
        else if (room.kind === 'team' && gone.some(Boolean))
          expect(verdict).toEqual({ kind: 'settle', result: { outcome: gone[0] ? 'B' : 'A' } });
        else if (room.kind === 'ffa' && stayed.length === 1)
          expect(verdict).toMatchObject({ kind: 'settle', result: { placements: { [stayed[0]![0]!]: 1 } } });
        else expect(verdict).toBeNull();
      }),
    );
  });

  it('settles a free-for-all room for the last player left, everyone who left tied last', () => {
    const ffa: RoomDoc = { ...active(), kind: 'ffa', sides: [{ tickets: active().sides.flatMap((s) => s.tickets) }] };
    expect(forfeitVerdict(leave(ffa, 'a', 'b'))).toBeNull();
    expect(forfeitVerdict(leave(ffa, 'a', 'b', 'd'))).toEqual({
      kind: 'settle',
      result: { placements: { a: 2, b: 2, c: 1, d: 2 } },
    });
  });

  it("lets the leaver's team-mates lose the configured share of their loss, rounded towards zero", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1000, max: 2000 }), (share, rating) => {
        const room = leave(active(), 'a');
        const standings = new Map(
          ['a', 'b', 'c', 'd'].map((uid) => [
            uid,
            { ...initialStanding({ ...defaultLadders.team!, initialRating: rating }), games: 20 },
          ]),
        );
        const plain = settleRoom(room, { outcome: 'B' }, standings, defaultLadders.team!);
        const soft = softenForLeavers(room, plain, leavingConfigSchema.parse({ teammateLossShare: share }));
        const by = (list: typeof plain, uid: string) => list.find((o) => o.uid === uid)!.update;
        // The leaver and the winners are untouched; the team-mate who stayed loses less, never more.
        for (const uid of ['a', 'c', 'd']) expect(by(soft, uid)).toEqual(by(plain, uid));
        const stayed = by(soft, 'b');
        expect(stayed.delta).toBe(Math.trunc(by(plain, 'b').delta * share) || 0);
        expect(stayed.after - stayed.before).toBe(stayed.delta);
        expect(stayed.delta).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('keeps every settlement zero-sum with the default share of 1', () => {
    const room = leave(active(), 'a');
    const standings = new Map(
      ['a', 'b', 'c', 'd'].map((uid) => [uid, { ...initialStanding(defaultLadders.team!), games: 20 }]),
    );
    const outcomes = settleRoom(room, { outcome: 'B' }, standings, defaultLadders.team!);
    expect(softenForLeavers(room, outcomes, leavingConfigSchema.parse({}))).toBe(outcomes);
  });

  it('shows the leave rate as games left per game played', () => {
    const player = {
      ladders: {
        solo: { ...initialStanding(defaultLadders.team!), games: 6 },
        team: { ...initialStanding(defaultLadders.team!), games: 4 },
      },
    };
    expect(leaveStanding(player, 0)).toEqual({ leaves: 0, games: 10, leaveRate: 0 });
    expect(leaveStanding(player, 2)).toEqual({ leaves: 2, games: 10, leaveRate: 0.2 });
    expect(leaveStanding({ ladders: {} }, 1)).toEqual({ leaves: 1, games: 0, leaveRate: 1 });
  });
});

describe('leaving by going silent', () => {
  const uids = ['a', 'b', 'c', 'd'];
  it('takes exactly the players with no beat (nor the start) within the window to have left, and says when to look next', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: undefined }), { minLength: 4, maxLength: 4 }),
        fc.subarray(uids),
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 90_000 }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (beatTimes, forfeits, startedAt, seconds, now, grace) => {
          const beats = new Map(uids.flatMap((uid, i) => (beatTimes[i] === undefined ? [] : [[uid, beatTimes[i]!]])));
          const room = { ...active(), forfeits };
          const { silent, nextCheckAt } = goneSilent(room, beats, seconds, startedAt, now, grace);
          const quietUntil = (uid: string) =>
            Math.max(startedAt, beats.get(uid) ?? 0) + Math.round((seconds + grace) * 1000);
          const staying = uids.filter((uid) => !forfeits.includes(uid));
          expect(silent).toEqual(staying.filter((uid) => quietUntil(uid) <= now));
          const later = staying.filter((uid) => quietUntil(uid) > now).map(quietUntil);
          expect(nextCheckAt).toBe(later.length ? Math.min(...later) : null);
        },
      ),
    );
  });

  it('counts nothing in a game not started or over', () => {
    for (const status of ['pending', 'settled', 'voided', 'cancelled'] as const) {
      expect(goneSilent({ ...active(), status }, new Map(), 1, 0, 1e9, 0)).toEqual({ silent: [], nextCheckAt: null });
    }
    expect(goneSilent({ ...active(), status: 'disputed' }, new Map(), 1, 0, 1e9, 0).silent).toEqual(uids);
  });

  it('never takes a player whose beat is in flight to have left: the grace covers a beat that lands late', () => {
    // The case: a 5 s window, a client beating every 1.5 s, one beat taking 4 s to be recorded.
    const beats = new Map([
      ['a', 10_000],
      ['b', 10_000],
      ['c', 10_000],
      ['d', 10_000],
    ]);
    const at = 15_500; // no beat seen since 10 s: the one sent at 11.5 s is still on its way
    expect(goneSilent(active(), beats, 5, 0, at, 0).silent).toEqual(uids);
    expect(goneSilent(active(), beats, 5, 0, at, 3)).toEqual({ silent: [], nextCheckAt: 18_000 });
    expect(leavingConfigSchema.parse({}).silenceGraceSeconds).toBe(15);
  });

  it("dates a game's start from its report deadline", () => {
    expect(gameStartedAt({ reportDeadline: 99_000 }, { reportTimeoutSeconds: 60 })).toBe(39_000);
    expect(() => gameStartedAt({ reportDeadline: null }, { reportTimeoutSeconds: 60 })).toThrow();
  });
});

describe('a game beat paying for itself', () => {
  it('lets a client beating at half the window go uncounted, and no client more than five beats a window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 600 }),
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 1, maxLength: 40 }),
        (silentSeconds, gaps) => {
          const window = silentSeconds * 1000;
          // The SDK's pace: every half window, each one free.
          let last: number | null = null;
          for (let at = 0; at < 5 * window; at += window / 2) {
            expect(gameBeatPaid(last, silentSeconds, at)).toBe(true);
            last = at;
          }
          // Any pace at all: the free beats that get recorded are a quarter window apart.
          const free: number[] = [];
          let now = 0;
          last = null;
          for (const gap of gaps) {
            now += gap;
            if (gameBeatPaid(last, silentSeconds, now)) free.push(now);
            last = now;
          }
          for (const at of free) expect(free.filter((t) => t >= at && t < at + window).length).toBeLessThanOrEqual(4);
        },
      ),
    );
  });
});
