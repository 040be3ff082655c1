import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../functions/src/core/config.js';
import { botFill, proposalTickets, sweepPool, type BotRoomProposal } from '../../functions/src/core/match/index.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { defaultModes, parseModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { idleState, newPlayer, type Player } from '../../functions/src/core/player/player.js';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import { planSettlement, type SettlementPlan } from '../../functions/src/core/room/settlement.js';
import { forfeitVerdict } from '../../functions/src/core/fairplay/leaving.js';
import { askRematch } from '../../functions/src/core/room/rematch.js';
import { utcDay } from '../../functions/src/core/fairplay/rematchWindow.js';
import { NOW, poolArbitrary, ticket } from './helpers.js';
import { pendingRoom } from './pendingRoom.js';
import { gameRow } from '../../functions/src/core/room/history.js';
import { poolId } from '../support/ids.js';

/** Each player's history row for the planned room, as the product reads it from the settled room. */
const historyRowsOf = (plan: SettlementPlan) =>
  plan.room.memberUids.flatMap((uid) => {
    const row = gameRow(plan.room, uid);
    return row ? [{ uid, row }] : [];
  });

const AFTER = 30;
const withBots = (mode: Mode, rating: 'mirror' | number = 'mirror'): Mode => ({
  ...mode,
  bots: { afterSeconds: AFTER, rating, rated: false },
});
const cases = Object.entries(defaultModes).map(([id, mode]): [string, Mode] => [id, withBots(mode)]);

/** The sweep and then the bot fill over what it left, as the matcher's run does. */
function sweepWithBots(mode: Mode, pool: readonly Ticket[]) {
  const { proposals, reasonOf } = sweepPool(mode, pool, NOW);
  const matched = new Set(proposals.flatMap((p) => proposalTickets(p).map((t) => t.id)));
  return { proposals, matched, bots: botFill(mode, pool, matched, reasonOf, NOW) };
}

const players = (tickets: readonly Ticket[]) => tickets.reduce((sum, t) => sum + t.members.length, 0);
const botsOn = (room: BotRoomProposal, side: number) => room.bots.filter((b) => b.side === side).length;

describe.each(cases)('bots after a wait in %s', (_, mode) => {
  it('seat only tickets that waited afterSeconds and that no human match took, each in full sides', () => {
    fc.assert(
      fc.property(poolArbitrary(mode, 30), (pool) => {
        const { matched, bots } = sweepWithBots(mode, pool);
        const seated = bots.map((room) => room.sides.flat());
        for (const tickets of seated) {
          expect(tickets).toHaveLength(1);
          const [only] = tickets;
          expect(NOW - only!.enqueuedAt).toBeGreaterThanOrEqual(AFTER * 1000);
          expect(matched.has(only!.id)).toBe(false);
        }
        expect(new Set(seated.flat().map((t) => t.id)).size).toBe(bots.length);
        // Nothing the bots took could have made a human match in this sweep: the tickets the humans left,
        // swept again, match none of them.
        const left = pool.filter((t) => !matched.has(t.id));
        const again = sweepPool(mode, left, NOW).proposals.flatMap((p) => proposalTickets(p).map((t) => t.id));
        for (const tickets of seated) expect(again).not.toContain(tickets[0]!.id);
        for (const room of bots) {
          const humans = players(room.sides.flat());
          if (mode.format.kind === 'team') {
            expect(room.sides).toHaveLength(2);
            expect(humans + botsOn(room, 0)).toBe(mode.format.teamSize);
            expect(botsOn(room, 1)).toBe(mode.format.teamSize);
          } else {
            expect(room.bots.length).toBeGreaterThanOrEqual(1);
            expect(humans + room.bots.length).toBeGreaterThanOrEqual(mode.format.minPlayers);
            expect(humans + room.bots.length).toBeLessThanOrEqual(mode.format.maxPlayers);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('bots after a wait', () => {
  const duel = withBots(defaultModes['1v1']!);

  it('never seat a ticket with bots while a human can play it: two old 1v1 tickets play each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: AFTER, max: 600 }), fc.integer({ min: 0, max: 600 }), (waitA, waitB) => {
        const pool = [ticket([1500], waitA, 'a'), ticket([1520], waitB, 'b')];
        const { proposals, bots } = sweepWithBots(duel, pool);
        expect(proposals).toHaveLength(1);
        expect(bots).toEqual([]);
      }),
    );
  });

  it('seat a lone ticket only once it has waited afterSeconds, with bots rated as the mode says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.array(fc.integer({ min: 800, max: 2400 }), { minLength: 1, maxLength: 3 }),
        fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }),
        (wait, ratings, fixed) => {
          const mode = withBots(defaultModes['3v3']!, fixed ?? 'mirror');
          const { bots } = sweepWithBots(mode, [ticket(ratings, wait, 'p')]);
          expect(bots).toHaveLength(wait >= AFTER ? 1 : 0);
          const mirror = Math.round(ratings.reduce((s, r) => s + r, 0) / ratings.length);
          for (const bot of bots[0]?.bots ?? []) expect(bot.rating).toBe(fixed ?? mirror);
        },
      ),
    );
  });

  it('give a free-for-all ticket waiting for its fill (humans within reach) no bots', () => {
    const format = { kind: 'ffa' as const, minPlayers: 4, maxPlayers: 8, fillWaitSeconds: 300, backfill: null };
    const ffa = withBots({ ...defaultModes.ffa!, format });
    const pool = [4, 5, 6, 7].map((i) => ticket([1500 + i], 100, `f${i}`));
    const { proposals, bots } = sweepWithBots(ffa, pool);
    expect(proposals).toEqual([]);
    expect(bots).toEqual([]);
    expect(sweepWithBots(ffa, pool.slice(0, 1)).bots).toHaveLength(1);
  });

  it('are off unless the mode configures them, and a malformed bots setting fails naming its field', () => {
    expect(sweepWithBots(defaultModes['1v1']!, [ticket([1500], 900)]).bots).toEqual([]);
    const mode = (bots: unknown) => ({ '1v1': { ...defaultModes['1v1'], bots } });
    expect(() => parseModes(mode({ afterSeconds: -1 }))).toThrow(/modes\.1v1\.bots\.afterSeconds/);
    expect(() => parseModes(mode({ afterSeconds: 5, rating: 'strong' }))).toThrow(/modes\.1v1\.bots\.rating/);
    expect(() => parseModes(mode({ afterSeconds: 5, rated: true }))).toThrow(/modes\.1v1\.bots\.rated: .*unrated/);
    expect(() => parseModes(mode({ afterSeconds: 5, botz: 1 }))).toThrow(/modes\.1v1\.bots/);
    expect(parseModes(mode({ afterSeconds: 5 }))['1v1']!.bots).toEqual({
      afterSeconds: 5,
      rating: 'mirror',
      rated: false,
    });
  });
});

describe('settling a room with bots', () => {
  const { ladders, fairPlay } = parseConfig({});
  const ladder = ladders.team!;
  const NOW_SETTLED = Date.UTC(2026, 10, 26, 12);

  /** An active room of one party (uids) on side A with bots, in a team mode or free-for-all. */
  function botRoom(uids: string[], kind: 'team' | 'ffa'): RoomDoc {
    const tickets = [
      {
        ticketId: 't-party',
        partyId: null,
        ownerUid: uids[0]!,
        score: 1500,
        enqueuedAt: 0,
        members: uids.map((uid) => ({ uid, rating: 1500 })),
      },
    ];
    return {
      ...pendingRoom(),
      kind,
      sides: kind === 'team' ? [{ tickets }, { tickets: [] }] : [{ tickets }],
      memberUids: uids,
      names: Object.fromEntries(uids.map((uid) => [uid, uid.toUpperCase()])),
      status: 'active',
      readyCheck: null,
      bots: [{ seat: 1, side: kind === 'team' ? 1 : 0, rating: 1500, name: 'Bot 1' }],
    };
  }

  it('has no rematch: its players queue again', () => {
    const settled = { ...botRoom(['a'], 'team'), status: 'settled' as const, endedAt: NOW_SETTLED };
    expect(() => askRematch(settled, 'a', { windowSeconds: 30, swapSides: false }, NOW_SETTLED)).toThrow(
      /^roomId: room r had bots; queue again to play\.$/,
    );
  });

  it('is lost to the bots once all its humans have left, and goes on while one stays', () => {
    for (const kind of ['team', 'ffa'] as const) {
      const room = botRoom(['a', 'b'], kind);
      expect(forfeitVerdict({ ...room, forfeits: ['a'] })).toBeNull();
      const verdict = forfeitVerdict({ ...room, forfeits: ['a', 'b'] });
      expect(verdict?.kind).toBe('settle');
      const plan = planSettlement({
        room,
        result: verdict!.kind === 'settle' ? verdict!.result : { outcome: 'A' },
        ladder,
        fairPlay,
        players: new Map(room.memberUids.map((uid) => [uid, newPlayer(uid, uid, { team: ladder }, 0)])),
        states: new Map(room.memberUids.map((uid) => [uid, idleState(0)])),
        flags: new Map(),
        nowMs: NOW_SETTLED,
      });
      expect(historyRowsOf(plan).map((h) => h.row.outcome)).toEqual(['loss', 'loss']);
    }
  });

  it('moves no rating, standing, record or meeting, and marks every history row as a bot game', () => {
    const uids = ['a', 'b', 'c'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('team' as const, 'ffa' as const),
        fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 0, max: 5 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 3, maxLength: 3 }),
        fc.constantFrom('A' as const, 'B' as const, 'draw' as const),
        (size, kind, ratings, games, places, outcome) => {
          const room = botRoom(uids.slice(0, size), kind);
          const players = new Map<string, Player>(
            room.memberUids.map((uid, i) => {
              const player = newPlayer(uid, uid, { team: { ...ladder, initialRating: ratings[i]! } }, 0);
              return [uid, { ...player, ladders: { team: { ...player.ladders.team!, games } } }];
            }),
          );
          const met = {
            games: 1,
            opponents: [
              { uid: 'z', displayName: 'Z', lastAt: 1, lastGame: 1, day: utcDay(NOW_SETTLED), gamesThatDay: 1 },
            ],
          };
          const states = new Map(
            room.memberUids.map((uid) => [
              uid,
              { ...idleState(0), ticketId: 't-party', mode: poolId('2v2'), meetings: met },
            ]),
          );
          const result =
            kind === 'team'
              ? { outcome }
              : { placements: Object.fromEntries(room.memberUids.map((uid, i) => [uid, places[i]!])) };
          const plan = planSettlement({
            room,
            result,
            ladder,
            fairPlay,
            players,
            states,
            flags: new Map(),
            nowMs: NOW_SETTLED,
          });
          expect(plan.players).toEqual([]);
          expect(plan.archives).toEqual([]);
          expect(plan.flags).toEqual([]);
          expect(plan.room.status).toBe('settled');
          expect(plan.room.unrated?.reason).toMatch(/bots/);
          for (const change of Object.values(plan.room.ratingChanges!)) expect(change.delta).toBe(0);
          expect(
            historyRowsOf(plan)
              .map((h) => h.uid)
              .sort(),
          ).toEqual([...room.memberUids].sort());
          for (const { uid, row } of historyRowsOf(plan)) {
            expect(row).toMatchObject({ bots: true, delta: 0, ratingBefore: players.get(uid)!.ladders.team!.rating });
            expect(row.ratingAfter).toBe(row.ratingBefore);
          }
          for (const { change } of plan.states) {
            expect(change.meetings).toEqual(met);
            expect(change).toMatchObject({ ticketId: null, mode: null });
          }
          if (kind === 'team' && outcome !== 'draw')
            for (const { row } of historyRowsOf(plan)) expect(row.outcome).toBe(outcome === 'A' ? 'win' : 'loss');
        },
      ),
    );
  });

  it("counts each human's report that contradicts the result, as any settlement does, and flags at the threshold", () => {
    const uids = ['a', 'b', 'c'];
    const flagAfter = fairPlay.reportAbuse.flagAfter;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('team' as const, 'ffa' as const),
        fc.array(fc.option(fc.boolean(), { nil: null }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: flagAfter }), { minLength: 3, maxLength: 3 }),
        (size, kind, reported, counts) => {
          const room = botRoom(uids.slice(0, size), kind);
          const truth = kind === 'team' ? { outcome: 'A' as const } : { placements: placed(room.memberUids, 1) };
          const lie = kind === 'team' ? { outcome: 'B' as const } : { placements: placed(room.memberUids, 2) };
          // Each human reported the truth (true), a lie (false) or nothing (null); a game server settled it.
          const reports = Object.fromEntries(
            room.memberUids.flatMap((uid, i) =>
              reported[i] === null ? [] : [[uid, { result: reported[i] ? truth : lie, at: 1, authoritative: false }]],
            ),
          );
          const withServer = {
            ...room,
            reports: { ...reports, server: { result: truth, at: 2, authoritative: true } },
          };
          const states = new Map(room.memberUids.map((uid, i) => [uid, { ...idleState(0), falseReports: counts[i]! }]));
          const plan = planSettlement({
            room: withServer,
            result: truth,
            ladder,
            fairPlay,
            players: new Map(room.memberUids.map((uid) => [uid, newPlayer(uid, uid, { team: ladder }, 0)])),
            states,
            flags: new Map(),
            nowMs: NOW_SETTLED,
          });
          const liars = room.memberUids.filter((_, i) => reported[i] === false);
          for (const { uid, change } of plan.states) {
            const before = states.get(uid)!.falseReports;
            expect(change.falseReports ?? before).toBe(liars.includes(uid) ? before + 1 : before);
          }
          const flagged = liars.filter((uid) => states.get(uid)!.falseReports + 1 >= flagAfter);
          expect(plan.flags.map((f) => f.uid)).toEqual(flagged);
        },
      ),
    );
  });
});

const placed = (uids: readonly string[], first: number) =>
  Object.fromEntries(uids.map((uid, i) => [uid, i === 0 ? first : 3 - first]));
