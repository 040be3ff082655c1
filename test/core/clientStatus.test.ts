import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultLadders } from '../../functions/src/core/ladder/ladder.js';
import { settledRoom, settleRoom } from '../../functions/src/core/room/results.js';
import { pendingRoom as pending, readyCheckMode as mode } from './pendingRoom.js';
import { answerReadyCheck, expireReadyCheck } from '../../functions/src/core/room/readyCheck.js';
import { nextBeatIn, retryIn } from '../../client/src/heartbeat.js';
import { extendedExpiry } from '../../functions/src/core/queue/ticket.js';
import { deriveStatus, unratedFor, type MatchFacts } from '../../client/src/status.js';
import { describeRoom, outcomeOf, teamResultFor } from '../../client/src/room.js';
import type { Room, Ticket } from '@ladder/client';
import { sameRanks, standingAt } from './standings.js';

const ticketOf: Record<string, string> = { a: 't1', b: 't1', c: 't2', d: 't3' };

const queuedTicket = (over: Partial<Ticket> = {}): Ticket => ({
  id: 't2',
  mode: '2v2',
  members: [{ uid: 'c', rating: 1500 }],
  memberUids: ['c'],
  names: { c: 'Cat' },
  ranks: {},
  score: 1500,
  partyId: null,
  ownerUid: 'c',
  enqueuedAt: 1_000,
  expiresAt: 61_000,
  ttlSeconds: 60,
  status: 'queued',
  roomId: null,
  endedAt: null,
  endReason: null,
  createdAt: 1_000,
  avoid: [],
  recent: [],
  choices: {},
  alsoIn: [],
  rtts: null,
  ...over,
});

const facts = (uid: string, over: Partial<MatchFacts> = {}): MatchFacts => ({
  uid,
  ticketId: ticketOf[uid]!,
  mode: '2v2',
  ticket: undefined,
  room: undefined,
  stats: null,
  cooldownUntil: null,
  requeued: false,
  ...over,
});

describe("the client's match status", () => {
  it("shows a queued ticket with its wait and the mode's median wait as the estimate", () => {
    const stats = {
      mode: '2v2',
      waitingTickets: 3,
      waitingPlayers: 4,
      oldestWaitSeconds: 9,
      recentMatchWaitSeconds: { p50: 7, p95: 20, samples: 12 },
      recentMatchWaitBySize: {},
      unmatched: {},
      bandEdges: [],
      bands: {},
      updatedAt: 0,
    };
    expect(deriveStatus(facts('c', { ticket: queuedTicket(), stats }), 13_999)).toMatchObject({
      kind: 'queued',
      waitedSeconds: 12,
      estimatedWaitSeconds: 7,
      expiresAt: 61_000,
    });
    expect(deriveStatus(facts('c', { ticket: queuedTicket() }), 0)).toMatchObject({
      waitedSeconds: 0,
      estimatedWaitSeconds: null,
    });
  });

  it("estimates from the player's band and says why that band waits, else from the whole mode", () => {
    const waits = (p50: number) => ({ p50, p95: p50 * 2, samples: 5 });
    const band = (p50: number | null, waitingBecause: Record<string, number>) => ({
      waitingTickets: 1,
      waitingPlayers: 1,
      oldestWaitSeconds: 1,
      recentMatchWaitSeconds: p50 === null ? null : waits(p50),
      waitingBecause,
    });
    const stats = {
      mode: '2v2',
      waitingTickets: 3,
      waitingPlayers: 4,
      oldestWaitSeconds: 9,
      recentMatchWaitSeconds: waits(7),
      recentMatchWaitBySize: {},
      unmatched: {},
      bandEdges: [
        { id: 'silver', minRating: 0 },
        { id: 'gold', minRating: 1400 },
        { id: 'king', minRating: 2200 },
      ],
      bands: {
        gold: band(30, { spreadCap: 1, sideDifferenceCap: 4, premadeImbalance: 0 }),
        king: band(null, {}),
      },
      updatedAt: 0,
    };
    const queued = (rating: number) =>
      deriveStatus(facts('c', { ticket: queuedTicket({ members: [{ uid: 'c', rating }] }), stats }), 2_000);
    expect(queued(1500)).toMatchObject({ band: 'gold', estimatedWaitSeconds: 30, waitingBecause: 'sideDifferenceCap' });
    // A band without recent matches falls back to the mode's usual wait; no reason, none is made up.
    expect(queued(2300)).toMatchObject({ band: 'king', estimatedWaitSeconds: 7, waitingBecause: null });
    expect(queued(900)).toMatchObject({ band: 'silver', estimatedWaitSeconds: 7, waitingBecause: null });
    expect(deriveStatus(facts('c', { ticket: queuedTicket() }), 0)).toMatchObject({ band: null, waitingBecause: null });
    // Statistics written before bands existed lack both fields: the mode's figures stand.
    const { bandEdges: _edges, bands: _bands, ...older } = stats;
    expect(deriveStatus(facts('c', { ticket: queuedTicket(), stats: older as typeof stats }), 2_000)).toMatchObject({
      band: null,
      estimatedWaitSeconds: 7,
      waitingBecause: null,
    });
  });

  it('waits for the room of a matched ticket rather than guessing', () => {
    expect(deriveStatus(facts('c', { ticket: queuedTicket({ status: 'matched', roomId: 'r' }) }), 2_000)).toBeNull();
    expect(
      deriveStatus(facts('c', { ticket: queuedTicket({ status: 'matched', roomId: 'r' }), room: pending() }), 2_000),
    ).toMatchObject({
      kind: 'pending',
      deadline: 21_000,
      youAccepted: false,
    });
  });

  it('agrees with the server on who goes back to the queue and who cools down after a failed ready check', () => {
    const uids = ['a', 'b', 'c', 'd'];
    fc.assert(
      fc.property(fc.subarray(uids), fc.option(fc.constantFrom(...uids), { nil: null }), (accepting, decliner) => {
        let room = pending();
        for (const uid of accepting) room = answerReadyCheck(room, uid, true, mode, 2_000).room;
        if (room.status !== 'pending') return;
        const step = decliner
          ? answerReadyCheck(room, decliner, false, mode, 3_000)
          : expireReadyCheck(room, 30_000, () => true);
        const requeued = new Set(step.cancellation!.requeue.flatMap((t) => t.members.map((m) => m.uid)));
        const cooled = new Set(step.cancellation!.cooldown);
        const cooldownUntil = step.room.endedAt! + 60_000;
        for (const uid of uids) {
          const status = deriveStatus(
            facts(uid, { room: step.room, cooldownUntil: cooled.has(uid) ? cooldownUntil : null }),
            40_000,
          );
          if (requeued.has(uid)) expect(status).toEqual({ kind: 'requeueing' });
          else
            expect(status).toMatchObject({ kind: 'cancelled', cooldownUntil: cooled.has(uid) ? cooldownUntil : null });
        }
      }),
    );
  });

  it("holds back a cancelled status until the player's state shows their cooldown", () => {
    const cancelled = answerReadyCheck(pending(), 'c', false, mode, 3_000).room;
    expect(deriveStatus(facts('c', { room: cancelled, cooldownUntil: null }), 3_000)).toBeNull();
    expect(deriveStatus(facts('c', { room: cancelled, cooldownUntil: 63_000 }), 3_000)).toMatchObject({
      kind: 'cancelled',
      cooldownUntil: 63_000,
    });
  });

  it('reports the rating change and the outcome the server records, in team and free-for-all rooms', () => {
    const standings = new Map(['a', 'b', 'c', 'd'].map((uid) => [uid, standingAt(1500)]));
    const team = { ...pending(), status: 'active' as const, readyCheck: null };
    for (const outcome of ['A', 'B', 'draw'] as const) {
      const changes = settleRoom(team, { outcome }, standings, defaultLadders.team);
      const settled: Room = {
        ...team,
        status: 'settled',
        result: { outcome },
        ratingChanges: settledRoom(team, { outcome }, changes, sameRanks(changes), 9_000).ratingChanges,
      };
      for (const change of changes) {
        expect(deriveStatus(facts(change.uid, { room: settled }), 9_000)).toMatchObject({
          kind: 'settled',
          outcome: change.outcome,
          ratingChange: { delta: change.update.delta },
        });
      }
    }
    const ffa: typeof team = { ...team, kind: 'ffa', sides: [{ tickets: team.sides.flatMap((s) => s.tickets) }] };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }), (places) => {
        const placements = Object.fromEntries(['a', 'b', 'c', 'd'].map((uid, i) => [uid, places[i]!]));
        for (const { uid, outcome } of settleRoom(ffa, { placements }, standings, defaultLadders.team)) {
          expect(outcomeOf({ ...ffa, result: { placements } }, uid)).toBe(outcome);
        }
      }),
    );
  });

  it('tells a player of an unrated game whom they met too often, and the others why', () => {
    const team = { ...pending(), status: 'active' as const, readyCheck: null };
    const standings = new Map(['a', 'b', 'c', 'd'].map((uid) => [uid, standingAt(1500)]));
    const changes = settleRoom(team, { outcome: 'A' }, standings, defaultLadders.team);
    const reason =
      'Unrated: Ann and Cat had already played each other 5 times today; at most 5 games a day between the same two players count for rating.';
    const settled: Room = {
      ...team,
      status: 'settled',
      result: { outcome: 'A' },
      ratingChanges: settledRoom(team, { outcome: 'A' }, changes, sameRanks(changes), 9_000).ratingChanges,
      names: { ...team.names, c: 'Cat' },
      unrated: { reason, pairs: [{ a: 'a', b: 'c', games: 5 }] },
    };
    expect(deriveStatus(facts('a', { room: settled }), 9_000)).toMatchObject({
      kind: 'settled',
      unrated:
        'Unrated: you had already played Cat 5 times today, the most games a day against the same opponent that count for rating.',
    });
    expect(deriveStatus(facts('d', { room: settled }), 9_000)).toMatchObject({ kind: 'settled', unrated: reason });
    expect(deriveStatus(facts('d', { room: { ...settled, unrated: null } }), 9_000)).toMatchObject({ unrated: null });
  });
});

describe('room helpers', () => {
  it("shows both sides with names, ratings and each side's win chance", () => {
    const view = describeRoom(pending(), 'c');
    expect(view.sides.map((s) => [s.label, s.players.map((p) => p.name), s.winChance])).toEqual([
      ['A', ['Ann', 'Ben'], 0.6],
      ['B', ['Cat', 'Dan'], 0.4],
    ]);
    expect(view).toMatchObject({ mySide: 1, myWinChance: 0.4 });
  });

  it('tells a late joiner they joined in progress, and why their game is unrated unless the mode rates it', () => {
    const room: Room = { ...pending(), late: { d: 5_000 }, backfill: { until: 60_000, rated: false, maxPlayers: 4 } };
    expect(describeRoom(room, 'd').joinedLate).toEqual({ rated: false });
    expect(describeRoom(room, 'a').joinedLate).toBeNull();
    expect(describeRoom(room, 'a').sides.flatMap((s) => s.players.filter((p) => p.late).map((p) => p.uid))).toEqual([
      'd',
    ]);
    expect(unratedFor(room, 'd')).toBe('Unrated: you joined this game in progress.');
    expect(unratedFor(room, 'a')).toBeNull();
    expect(unratedFor({ ...room, backfill: { ...room.backfill!, rated: true } }, 'd')).toBeNull();
  });

  it("turns a player's own win or loss into their side's letter", () => {
    const room = pending();
    expect(teamResultFor(room, 'c', 'win')).toEqual({ outcome: 'B' });
    expect(teamResultFor(room, 'c', 'loss')).toEqual({ outcome: 'A' });
    expect(teamResultFor(room, 'a', 'win')).toEqual({ outcome: 'A' });
    expect(teamResultFor(room, 'a', 'draw')).toEqual({ outcome: 'draw' });
  });
});

describe('the heartbeat schedule', () => {
  it('beats at 55 % of a known time-to-live, else when half the time left has passed', () => {
    expect(nextBeatIn(0, 60_000, 30_000)).toBe(16_500);
    expect(nextBeatIn(10_000, 18_000, undefined)).toBe(4_000);
    expect(nextBeatIn(10_000, 9_000, undefined)).toBe(250); // overdue: beat at once, it may still be in time
  });

  it('moves the expiry with every beat at its pace, whatever the latencies, and keeps the ticket alive', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 600 }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 0.2, noNaN: true }), fc.double({ min: 0, max: 0.2, noNaN: true })), {
          minLength: 1,
          maxLength: 20,
        }),
        (ttlSeconds, latencies) => {
          const ttlMs = ttlSeconds * 1000;
          // The server creates the ticket; its answer reaches the client, which beats at its pace from then on.
          let expiresAt = ttlMs;
          let answeredAt = 0;
          for (const [there, back] of latencies) {
            const servedAt = answeredAt + nextBeatIn(answeredAt, expiresAt, ttlMs) + there * ttlMs;
            expect(servedAt).toBeLessThan(expiresAt);
            const moved = extendedExpiry({ expiresAt }, ttlSeconds, servedAt);
            expect(moved).toBeGreaterThan(expiresAt);
            expiresAt = moved;
            answeredAt = servedAt + back * ttlMs;
          }
        },
      ),
    );
  });

  it('retries a failed beat with growing backoff, but never later than the next regular beat', () => {
    const delays = [1, 2, 3, 4].map((failures) => retryIn(failures, 0, 60_000, undefined));
    expect(delays[0]).toBeGreaterThanOrEqual(200);
    expect(delays[0]).toBeLessThan(300);
    expect(delays[3]).toBeGreaterThan(delays[0]! * 4);
    expect(retryIn(12, 0, 3_000, undefined)).toBe(1_500);
  });
});
