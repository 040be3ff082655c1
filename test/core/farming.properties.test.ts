import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchNowAvoiding, sweepAvoiding } from '../../functions/src/core/fairplay/avoidance.js';
import type { GuardedTicket } from '../../functions/src/core/queue/ticket.js';
import {
  afterGame,
  farmingConfigSchema,
  MAX_MEETINGS,
  recentOpponents,
  type FarmingConfig,
  type Meetings,
} from '../../functions/src/core/fairplay/rematchWindow.js';
import { cappedPairs, farmingStanding, unratedReason } from '../../functions/src/core/fairplay/pairCap.js';
import { fairPlayConfigSchema } from '../../functions/src/core/fairplay/config.js';
import { proposalTickets, sweepPool, violations, type MatchProposal } from '../../functions/src/core/match/index.js';
import { defaultModes } from '../../functions/src/core/mode/modes.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { NOW, poolArbitrary, solos, PARTY_BONUS } from './helpers.js';

const modeIds = ['1v1', '2v2', '5v5', 'ffa'] as const;
const rules: FarmingConfig = { rematchMinutes: 10, rematchGames: 2, relaxAfterSeconds: 90, dailyPairCap: 3 };
const MINUTE = 60_000;

/** A pool whose players met some players of other tickets lately: minutes and games ago, some long past. */
const farmedPool = (modeId: (typeof modeIds)[number]) =>
  poolArbitrary(defaultModes[modeId]!, 30).chain((tickets) => {
    const uids = tickets.flatMap((t) => t.members.map((m) => m.uid));
    const met =
      uids.length < 2
        ? fc.constant([])
        : fc.array(
            fc.record({
              by: fc.nat(uids.length - 1),
              of: fc.nat(uids.length - 1),
              minutesAgo: fc.integer({ min: 0, max: 30 }),
              gamesAgo: fc.integer({ min: 0, max: 4 }),
            }),
            { maxLength: 20 },
          );
    return met.map((meetings) =>
      tickets.map((t): GuardedTicket => {
        const mine = meetings.filter((m) => t.members.some((member) => member.uid === uids[m.by]));
        const recent = mine
          .filter((m) => !t.members.some((member) => member.uid === uids[m.of]))
          .map((m) => ({ uid: uids[m.of]!, at: NOW - m.minutesAgo * MINUTE, gamesAgo: m.gamesAgo }));
        return { ...t, avoid: [], recent };
      }),
    );
  });

/**
 * An oracle written from the rule as players read it: two tickets facing each other are kept apart while one of
 * them met the other within the windows, shrunk evenly to nothing by the longer wait of the two.
 */
function rematchIn(proposal: MatchProposal, pool: readonly GuardedTicket[], config: FarmingConfig, nowMs: number) {
  const byId = new Map(pool.map((t) => [t.id, t]));
  const sides = proposal.sides.map((side) => side.map((t) => byId.get(t.id)!));
  const facing: [GuardedTicket, GuardedTicket][] = [];
  if (sides.length === 2) for (const a of sides[0]!) for (const b of sides[1]!) facing.push([a, b]);
  else for (const a of sides[0]!) for (const b of sides[0]!) if (a !== b) facing.push([a, b]);
  for (const [a, b] of facing) {
    const wait = Math.max(nowMs - a.enqueuedAt, nowMs - b.enqueuedAt) / 1000;
    const share = Math.max(0, 1 - wait / config.relaxAfterSeconds);
    for (const r of a.recent ?? []) {
      if (!b.members.some((m) => m.uid === r.uid)) continue;
      if (nowMs - r.at < share * config.rematchMinutes * MINUTE || r.gamesAgo < share * config.rematchGames) {
        return [a.id, b.id];
      }
    }
  }
  return null;
}

const ids = (proposals: MatchProposal[]) => proposals.map((p) => p.sides.map((s) => s.map((t) => t.id)));

describe('recent opponents', () => {
  for (const modeId of modeIds) {
    const mode = defaultModes[modeId]!;
    it(`never face each other in a ${modeId} room the sweep proposes before their relaxed window is over`, () => {
      fc.assert(
        fc.property(farmedPool(modeId), (pool) => {
          const { proposals } = sweepAvoiding(mode, pool, NOW, rules);
          const seen = new Set<string>();
          for (const proposal of proposals) {
            expect(rematchIn(proposal, pool, rules, NOW)).toBeNull();
            expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
            for (const t of proposalTickets(proposal)) {
              expect(seen.has(t.id)).toBe(false);
              seen.add(t.id);
            }
          }
        }),
        { numRuns: 60 },
      );
    });

    it(`never face each other in a ${modeId} room matched at queueing before their relaxed window is over`, () => {
      fc.assert(
        fc.property(farmedPool(modeId), (pool) => {
          if (pool.length === 0) return;
          const [first, ...candidates] = pool;
          // The new ticket just played every other candidate, on top of what the pool met.
          const played = candidates.filter((_, i) => i % 2 === 0);
          const recent = [...first!.recent!, ...played.map((c) => ({ uid: c.members[0]!.uid, at: NOW, gamesAgo: 0 }))];
          const arrival = { ...first!, recent };
          const proposal = matchNowAvoiding(mode, arrival, candidates, NOW, rules);
          if (!proposal) return;
          expect(proposalTickets(proposal).map((t) => t.id)).toContain(arrival.id);
          expect(rematchIn(proposal, [arrival, ...candidates], rules, NOW)).toBeNull();
          expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
        }),
        { numRuns: 60 },
      );
    });

    it(`change nothing in ${modeId} when nobody met anyone lately`, () => {
      fc.assert(
        fc.property(poolArbitrary(mode, 30), (tickets: Ticket[]) => {
          const pool = tickets.map((t) => ({ ...t, avoid: [], recent: [] }));
          expect(ids(sweepAvoiding(mode, pool, NOW, rules).proposals)).toEqual(
            ids(sweepPool(mode, tickets, NOW).proposals),
          );
          if (pool.length === 0) return;
          const [arrival, ...candidates] = pool;
          const plain = matchNowAvoiding(mode, arrival!, candidates, NOW);
          expect(matchNowAvoiding(mode, arrival!, candidates, NOW, rules)).toEqual(plain);
        }),
        { numRuns: 30 },
      );
    });
  }

  it('keep two 1v1 players who just met apart while either window holds, then let them meet once they waited', () => {
    const mode = defaultModes['1v1']!;
    const pair = (waitSeconds: number, minutesAgo: number, gamesAgo: number) => {
      const [a, b] = solos([1500, 1510], waitSeconds);
      const recent = [{ uid: b!.members[0]!.uid, at: NOW - minutesAgo * MINUTE, gamesAgo }];
      return [
        { ...a!, avoid: [], recent },
        { ...b!, avoid: [] },
      ];
    };
    const matches = (waitSeconds: number, minutesAgo: number, gamesAgo: number) =>
      sweepAvoiding(mode, pair(waitSeconds, minutesAgo, gamesAgo), NOW, rules).proposals.length;
    expect(matches(0, 0, 0)).toBe(0);
    // Met 20 minutes and 5 games ago: outside both windows.
    expect(matches(0, 20, 5)).toBe(1);
    // Met 20 minutes ago, but in the last game: the game window holds, shrinking with the wait.
    expect(matches(0, 20, 1)).toBe(0);
    expect(matches(50, 20, 1)).toBe(1);
    // Met 6 minutes ago: 10 minutes at once, 5 minutes after waiting half the relaxing time.
    expect(matches(30, 6, 9)).toBe(0);
    expect(matches(45, 6, 9)).toBe(1);
    expect(matches(rules.relaxAfterSeconds, 0, 0)).toBe(1);
    // Turned off, nothing is held apart.
    expect(sweepAvoiding(mode, pair(0, 0, 0), NOW).proposals).toHaveLength(1);
  });

  it('may be team-mates: in 2v2 only tickets on opposite sides are held apart', () => {
    const mode = defaultModes['2v2']!;
    const [a, b, c, d] = solos([1500, 1500, 1500, 1500], 10).map((t) => ({ ...t, avoid: [] as string[] }));
    const recent = [{ uid: b!.members[0]!.uid, at: NOW, gamesAgo: 0 }];
    const pool = [{ ...a!, recent }, b!, c!, d!];
    const { proposals } = sweepAvoiding(mode, pool, NOW, rules);
    expect(proposals).toHaveLength(1);
    const sideOf = (id: string) => proposals[0]!.sides.findIndex((side) => side.some((t) => t.id === id));
    expect(sideOf(a!.id)).toBe(sideOf(b!.id));
  });
});

const met = (meetings: Meetings | null, opponents: string[], nowMs: number, config = rules) =>
  afterGame(
    meetings,
    opponents.map((uid) => ({ uid, displayName: uid.toUpperCase() })),
    config,
    nowMs,
  );

/** A team room of solo players, a side per list. */
const teamRoom = (...sides: string[][]) => ({
  kind: 'team' as const,
  memberUids: sides.flat(),
  sides: sides.map((uids) => ({
    tickets: uids.map((uid) => ({
      ticketId: uid,
      partyId: null,
      ownerUid: uid,
      score: 1500,
      enqueuedAt: 0,
      members: [{ uid, rating: 1500 }],
    })),
  })),
});

describe('games between the same pair in a day', () => {
  const DAY = Date.UTC(2026, 10, 22, 8);
  const capped = (
    room: ReturnType<typeof teamRoom>,
    records: Record<string, Meetings | null>,
    at: number,
    config = rules,
  ) => cappedPairs(room, new Map(Object.entries(records)), config, at);

  it('are rated up to the daily cap, from either player’s count, and unrated past it until the next UTC day', () => {
    let ann: Meetings | null = null;
    let ben: Meetings | null = null;
    const room = teamRoom(['ann'], ['ben']);
    const rated: boolean[] = [];
    for (let game = 0; game < 5; game++) {
      const at = DAY + game * 20 * MINUTE;
      rated.push(capped(room, { ann, ben }, at).length === 0);
      ann = met(ann, ['ben'], at);
      ben = met(ben, ['ann'], at);
    }
    expect(rated).toEqual([true, true, true, false, false]);
    // Only one of the two remembering is enough (the other's record was lost, say).
    expect(capped(room, { ann, ben: null }, DAY + 3 * 60 * MINUTE)).toEqual([{ a: 'ann', b: 'ben', games: 5 }]);
    expect(capped(room, { ann, ben }, DAY + 24 * 60 * MINUTE)).toEqual([]);
    expect(capped(room, { ann, ben }, DAY, { ...rules, dailyPairCap: null })).toEqual([]);
    expect(unratedReason([{ a: 'ann', b: 'ben', games: 5 }], { ann: 'Ann', ben: 'Ben' }, 3)).toBe(
      'Unrated: Ann and Ben had already played each other 5 times today; at most 3 games a day between the same two players count for rating.',
    );
    expect(farmingStanding(ann, rules, DAY + 2 * 60 * MINUTE)).toEqual({
      dailyPairCap: 3,
      today: [{ uid: 'ben', displayName: 'BEN', games: 5, unrated: true }],
    });
  });

  it('count only opponents: team-mates in a team room never cap each other', () => {
    const room = teamRoom(['a1', 'a2'], ['b1', 'b2']);
    let a1: Meetings | null = null;
    for (let game = 0; game < 4; game++) a1 = met(a1, ['a2', 'b1'], NOW + game);
    expect(capped(room, { a1 }, NOW + 10)).toEqual([{ a: 'a1', b: 'b1', games: 4 }]);
  });

  it('keep a bounded record: every opponent met today or inside a window, the latest first', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            opponents: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 9 }),
            gap: fc.nat(7_200_000),
          }),
          {
            maxLength: 60,
          },
        ),
        (games) => {
          let meetings: Meetings | null = null;
          let at = DAY;
          const lastMet = new Map<string, { at: number; game: number }>();
          games.forEach(({ opponents, gap }, i) => {
            at += gap;
            const uids = [...new Set(opponents.map((n) => `p${n}`))];
            meetings = met(meetings, uids, at);
            for (const uid of uids) lastMet.set(uid, { at, game: i + 1 });
          });
          const record = meetings as Meetings | null;
          expect(record?.games ?? 0).toBe(games.length);
          const kept = record?.opponents ?? [];
          expect(kept.length).toBeLessThanOrEqual(MAX_MEETINGS);
          expect(new Set(kept.map((m) => m.uid)).size).toBe(kept.length);
          for (const m of kept)
            expect(m).toMatchObject({ lastAt: lastMet.get(m.uid)!.at, lastGame: lastMet.get(m.uid)!.game });
          // Whom a player queueing now must not meet yet is exactly those inside a window.
          const now = at + 1;
          const expected = [...lastMet]
            .filter(
              ([, last]) =>
                now - last.at < rules.rematchMinutes * MINUTE || games.length - last.game < rules.rematchGames,
            )
            .map(([uid]) => uid)
            .sort();
          if (kept.length < MAX_MEETINGS) {
            expect(
              recentOpponents(record, rules, now)
                .map((r) => r.uid)
                .sort(),
            ).toEqual(expected);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('have safe defaults, and a cap of at least one game', () => {
    expect(fairPlayConfigSchema.parse({}).farming).toEqual({
      rematchMinutes: 10,
      rematchGames: 2,
      relaxAfterSeconds: 120,
      dailyPairCap: 5,
    });
    expect(farmingConfigSchema.safeParse({ dailyPairCap: 0 }).success).toBe(false);
    expect(farmingConfigSchema.safeParse({ relaxAfterSeconds: 0 }).success).toBe(false);
  });
});
