import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultLadders } from '../../functions/src/core/ladder/ladder.js';
import type { Standing } from '../../functions/src/core/ladder/standing.js';
import {
  alreadyDecided,
  recordReport,
  SETTLING_GRACE_MS,
  roomAfterVerdict,
  settledRoom,
  settleRoom,
  validateResult,
  verdictAtDeadline,
  verdictNow,
} from '../../functions/src/core/room/results.js';
import type { Result, RoomDoc } from '../../functions/src/core/room/room.js';
import { soloTicket } from './pendingRoom.js';
import { sameRanks, standingAt } from './standings.js';
import { poolId } from '../support/ids.js';

const results = { oneSidedAtDeadline: 'settle' as const, gameServerClaim: 'gameServer' };
const solo = (uid: string, rating = 1500) => soloTicket(uid, rating);

function room(kind: 'team' | 'ffa', reports: Record<string, Result> = {}, authoritative: string[] = []): RoomDoc {
  const sides =
    kind === 'team'
      ? [{ tickets: [solo('a1'), solo('a2')] }, { tickets: [solo('b1'), solo('b2')] }]
      : [{ tickets: ['p', 'q', 'r', 's'].map((u) => solo(u)) }];
  const memberUids = sides.flatMap((s) => s.tickets.map((t) => t.ownerUid));
  return {
    id: 'r',
    mode: poolId('m'),
    ladder: 'team',
    kind,
    sides,
    memberUids,
    names: {},
    ranks: {},
    season: null,
    proposedAt: 0,
    quality: { spread: 0, sideDifference: null, winProbabilityA: null, waitSeconds: {} },
    status: 'active',
    readyCheck: null,
    reportDeadline: 10,
    result: null,
    ratingChanges: null,
    reports: Object.fromEntries(
      Object.entries(reports).map(([uid, result]) => [
        uid,
        { result, at: 1, authoritative: authoritative.includes(uid) },
      ]),
    ),
    createdAt: 0,
    updatedAt: 0,
    endedAt: null,
    endReason: null,
    forfeits: [],
    unrated: null,
    leaveAfterSilentSeconds: null,
    region: null,
    voided: null,
    rematch: null,
    rematchOf: null,
    bots: [],
    agreed: {},
    backfill: null,
    late: {},
    openUntil: null,
  };
}

const A = { outcome: 'A' } as const;
const B = { outcome: 'B' } as const;

describe('what the reports decide', () => {
  it('settles a team room when both sides agree, waits on one side, disputes on disagreement', () => {
    expect(verdictNow(room('team', { a1: A, b2: A }))).toEqual({ kind: 'settle', result: A });
    expect(verdictNow(room('team', { a1: A, a2: A }))).toEqual({ kind: 'wait' });
    expect(verdictNow(room('team', { a1: A, b1: B }))).toEqual({ kind: 'dispute' });
    // Within a side the majority counts; a split side disputes.
    expect(verdictNow(room('team', { a1: A, a2: B, b1: A }))).toEqual({ kind: 'dispute' });
  });

  it('lets an authoritative report settle at once, whatever the players say', () => {
    expect(verdictNow(room('team', { a1: A, b1: A, server: B }, ['server']))).toEqual({ kind: 'settle', result: B });
  });

  it('at the deadline: settles one-sided reports, voids conflicts and silence', () => {
    expect(verdictAtDeadline(room('team', { a1: B }), results)).toEqual({ kind: 'settle', result: B });
    expect(verdictAtDeadline(room('team', { a1: B }), { ...results, oneSidedAtDeadline: 'void' }).kind).toBe('void');
    expect(verdictAtDeadline(room('team', { a1: A, b1: B }), results).kind).toBe('void');
    expect(verdictAtDeadline(room('team'), results)).toMatchObject({ kind: 'void', reason: /no result/ });
  });

  it("settles a free-for-all on a strict majority of the room's players", () => {
    const placements = { placements: { p: 1, q: 2, r: 3, s: 4 } };
    const other = { placements: { p: 2, q: 1, r: 3, s: 4 } };
    expect(verdictNow(room('ffa', { p: placements, q: placements })).kind).toBe('wait');
    expect(verdictNow(room('ffa', { p: placements, q: placements, r: placements }))).toEqual({
      kind: 'settle',
      result: placements,
    });
    expect(verdictNow(room('ffa', { p: placements, q: other })).kind).toBe('dispute');
  });

  it('refuses a result of the wrong kind, or placements that do not name exactly the players', () => {
    expect(() => validateResult(room('ffa'), A)).toThrow(/free-for-all/);
    expect(() => validateResult(room('team'), { placements: { a1: 1 } })).toThrow(/team room/);
    expect(() => validateResult(room('ffa'), { placements: { p: 1, q: 2, r: 3 } })).toThrow(
      /exactly the room's players/,
    );
  });
});

describe('a report on a room its reports already settle', () => {
  const player = (uid: string) => ({ uid, authoritative: false });

  it('is nothing to write when it agrees, and is written when it disagrees', () => {
    const decided = room('team', { a1: A, b2: A });
    expect(alreadyDecided(decided, player('a2'), A, 1_000)).toBe(true);
    expect(alreadyDecided(decided, player('a2'), B, 1_000)).toBe(false);
    // Not settleable yet: the report may be the one that settles it.
    expect(alreadyDecided(room('team', { a1: A }), player('b1'), A, 1_000)).toBe(false);
    expect(alreadyDecided(decided, { uid: 'server', authoritative: true }, A, 1_000)).toBe(false);
    // Settleable for longer than its settling sender should take: this report is written, and settles it.
    expect(alreadyDecided(decided, player('a2'), A, SETTLING_GRACE_MS + 10)).toBe(false);
  });

  it('is skipped only when recording it would leave the verdict as it was', () => {
    const teamResult = fc.constantFrom<Result>(A, B, { outcome: 'draw' });
    const ffaResult = fc.constantFrom<Result>(
      { placements: { p: 1, q: 2, r: 3, s: 4 } },
      { placements: { p: 2, q: 1, r: 3, s: 4 } },
    );
    const cases = fc.oneof(
      fc.record({
        kind: fc.constant('team' as const),
        reports: fc.dictionary(fc.constantFrom('a1', 'a2', 'b1', 'b2'), teamResult),
        reporter: fc.constantFrom('a1', 'a2', 'b1', 'b2'),
        report: teamResult,
      }),
      fc.record({
        kind: fc.constant('ffa' as const),
        reports: fc.dictionary(fc.constantFrom('p', 'q', 'r', 's'), ffaResult),
        reporter: fc.constantFrom('p', 'q', 'r', 's'),
        report: ffaResult,
      }),
    );
    fc.assert(
      fc.property(cases, ({ kind, reports, reporter, report }) => {
        const before = room(kind, reports);
        if (!alreadyDecided(before, player(reporter), report, 2)) return;
        expect(verdictNow(recordReport(before, player(reporter), report, 2))).toEqual(verdictNow(before));
        expect(verdictNow(before).kind).toBe('settle');
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('settling a room', () => {
  const standings = (uids: string[], rating: () => number) =>
    new Map<string, Standing>(uids.map((u) => [u, standingAt(rating(), 20)]));

  it('moves both sides of a team room by equal and opposite amounts and records the outcome', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 800, max: 2400 }), { minLength: 4, maxLength: 4 }),
        fc.constantFrom('A', 'B', 'draw'),
        (ratings, outcome) => {
          const r = room('team');
          const byUid = new Map(r.memberUids.map((u, i) => [u, standingAt(ratings[i]!, 20)]));
          const outcomes = settleRoom(r, { outcome: outcome as 'A' }, byUid, defaultLadders.team);
          const delta = (uid: string) => outcomes.find((o) => o.uid === uid)!.update.delta;
          expect(delta('a1')).toBe(delta('a2'));
          // As a sum: for a draw between equal averages the two sides' changes are 0 and -0.
          expect(delta('a1') + delta('b1')).toBe(0);
          if (outcome !== 'draw') expect(delta(outcome === 'A' ? 'a1' : 'b1')).toBeGreaterThanOrEqual(0);
          const record = outcomes.find((o) => o.uid === 'b2')!.outcome;
          expect(record).toBe(outcome === 'draw' ? 'draw' : outcome === 'B' ? 'win' : 'loss');
        },
      ),
      { examples: [[[1292, 1655, 2146, 801], 'draw']] },
    );
  });

  it("gives a free-for-all's sole winner a win, a shared first place a draw, the rest losses", () => {
    const r = room('ffa');
    const all = standings(r.memberUids, () => 1500);
    const sole = settleRoom(r, { placements: { p: 1, q: 2, r: 3, s: 4 } }, all, defaultLadders.team);
    expect(sole.map((o) => o.outcome)).toEqual(['win', 'loss', 'loss', 'loss']);
    const shared = settleRoom(r, { placements: { p: 1, q: 1, r: 3, s: 3 } }, all, defaultLadders.team);
    expect(shared.map((o) => o.outcome)).toEqual(['draw', 'draw', 'loss', 'loss']);
  });
});

describe('recording a report', () => {
  const player = { uid: 'a1', authoritative: false };

  it("records a player's report, and changes nothing when they repeat it", () => {
    const reported = recordReport(room('team'), player, A, 5);
    expect(reported.reports.a1).toEqual({ result: A, at: 5, authoritative: false });
    expect(recordReport(reported, player, A, 9)).toBe(reported);
    expect(recordReport(reported, player, B, 9).reports.a1).toEqual({ result: B, at: 9, authoritative: false });
  });

  it("takes reports from the room's players and trusted game servers only", () => {
    expect(() => recordReport(room('team'), { uid: 'stranger', authoritative: false }, A, 5)).toThrow(
      /Only the players of a room/,
    );
    expect(recordReport(room('team'), { uid: 'server', authoritative: true }, A, 5).reports.server?.authoritative).toBe(
      true,
    );
  });

  it('answers a settled room as it is, and refuses rooms not started or over', () => {
    const settled = { ...room('team'), status: 'settled' as const };
    expect(recordReport(settled, player, A, 5)).toBe(settled);
    expect(() => recordReport({ ...room('team'), status: 'pending' }, player, A, 5)).toThrow(
      /ready check is still open/,
    );
    expect(() => recordReport({ ...room('team'), status: 'voided' }, player, A, 5)).toThrow(/The room is voided/);
    expect(() => recordReport(room('team'), player, { placements: { a1: 1 } }, 5)).toThrow(/team room/);
  });

  it('moves the room as the verdict says: voided with the reason, disputed, or active and waiting', () => {
    expect(roomAfterVerdict(room('team'), { kind: 'void', reason: 'why' }, 7)).toMatchObject({
      status: 'voided',
      endedAt: 7,
      endReason: 'why',
    });
    expect(roomAfterVerdict(room('team'), { kind: 'dispute' }, 7)).toMatchObject({
      status: 'disputed',
      updatedAt: 7,
      endedAt: null,
    });
    expect(roomAfterVerdict({ ...room('team'), status: 'disputed' }, { kind: 'wait' }, 7)).toMatchObject({
      status: 'active',
    });
  });

  it("settles the room with every player's rating change on it", () => {
    const team = room('team');
    const outcomes = settleRoom(
      team,
      A,
      new Map(team.memberUids.map((uid) => [uid, standingAt(1500)])),
      defaultLadders.team,
    );
    const settled = settledRoom(team, A, outcomes, sameRanks(outcomes), 8);
    expect(settled).toMatchObject({ status: 'settled', result: A, endedAt: 8, endReason: 'settled' });
    expect(Object.keys(settled.ratingChanges!).sort()).toEqual([...team.memberUids].sort());
    expect(settled.ratingChanges!.a1!.delta).toBeGreaterThan(0);
  });
});
