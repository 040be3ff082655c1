import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { signInWithCustomToken } from 'firebase/auth';
import { app } from '../../functions/src/store/firestore/db.js';
import { devPlayer, newClientApp, type Client } from '../support/client.js';
import { db, documentPaths, expectRefusal } from '../support/admin.js';
import { waitForDoc } from '../support/listen.js';
import {
  enqueue,
  expectInvariants,
  historyOf,
  historyRowOf,
  presenceOf,
  roomOf,
  sideUids,
  sweep,
  type Room,
} from '../support/game.js';
import { party, players } from '../support/players.js';

// Results as a client may send them, well-formed or not.
const report = (client: Client, roomId: string, result: object) =>
  client.callUnchecked('reportResult', { roomId, ...result }) as Promise<{ room: Room }>;
const profile = async (client: Client) => (await client.call('getProfile')).player;

/** Two fresh players matched into an active 1v1 room; `a` is on side A. */
async function duel(prefix: string) {
  const [x, y] = await players(`${prefix} X`, `${prefix} Y`);
  await enqueue(x, '1v1');
  const { room } = await enqueue(y, '1v1');
  const [sideA] = sideUids(room!);
  const [a, b] = sideA!.includes(x.uid) ? [x, y] : [y, x];
  return { room: room!, a, b };
}

async function gameServer(): Promise<Client> {
  const token = await getAuth(app).createCustomToken('game-server-1', { gameServer: true });
  const parts = newClientApp();
  await signInWithCustomToken(parts.auth, token);
  return { ...parts, uid: 'game-server-1' };
}

describe('results and settlement', () => {
  it('settles a 1v1 once both sides agree: ratings, records, history, the room, and both players freed', async () => {
    const { room, a, b } = await duel('Duel');
    const settledSeenByB = waitForDoc(b.db, `rooms/${room.id}`, (r) => r?.status === 'settled');
    const afterA = await report(a, room.id, { outcome: 'A' });
    expect(afterA.room.status).toBe('active'); // one side has spoken
    await report(b, room.id, { outcome: 'A' });
    const seen = await settledSeenByB;
    // Equal ratings, K 32: E = 0.5, so the winner gains 32 · 0.5 = 16 and the loser loses it.
    expect(seen?.ratingChanges).toMatchObject({
      [a.uid]: { before: 1500, after: 1516, delta: 16 },
      [b.uid]: { before: 1500, after: 1484, delta: -16 },
    });
    expect((await profile(a)).ladders.solo).toMatchObject({ rating: 1516, games: 1, wins: 1, losses: 0, draws: 0 });
    expect((await profile(b)).ladders.solo).toMatchObject({ rating: 1484, games: 1, wins: 0, losses: 1, draws: 0 });
    expect((await profile(a)).ladders.team).toMatchObject({ rating: 1500, games: 0 });
    const history = await historyRowOf(b, room.id);
    expect(history).toMatchObject({
      mode: '1v1',
      ladder: 'solo',
      outcome: 'loss',
      ratingBefore: 1500,
      ratingAfter: 1484,
      delta: -16,
    });
    expect(await presenceOf(a)).toEqual({ kind: 'idle' });
    expect((await enqueue(b, '1v1')).ticketId).toBeTruthy();
    await expectInvariants();
  });

  it('settles a 2v2 with a party after the ready check, with provisional K for newcomers', async () => {
    const [p1, p2] = await players('Team P1', 'Team P2');
    await party(p1, p2);
    const [q1, q2] = await players('Team Q1', 'Team Q2');
    await party(q1, q2);
    await enqueue(p1, '2v2');
    const { room } = await enqueue(q1, '2v2');
    for (const c of [p1, p2, q1, q2]) await c.call('acceptMatch', { roomId: room!.id });
    const [sideA] = sideUids(room!);
    const winners = sideA!.includes(p1.uid) ? 'A' : 'B';
    await report(p2, room!.id, { outcome: winners });
    const { room: settled } = await report(q2, room!.id, { outcome: winners });
    expect(settled.status).toBe('settled');
    // Newcomers on the team ladder use the provisional K of 64: ±32 at equal strength.
    for (const uid of [p1.uid, p2.uid]) expect(settled.ratingChanges![uid]!.delta).toBe(32);
    for (const uid of [q1.uid, q2.uid]) expect(settled.ratingChanges![uid]!.delta).toBe(-32);
    expect((await profile(p2)).ladders.team).toMatchObject({ rating: 1532, games: 1, wins: 1, losses: 0, draws: 0 });
    await expectInvariants();
  });

  it('settles a 2v2 once when all four players accept and then report at the same moment', async () => {
    const [p1, p2, q1, q2] = await players('Same P1', 'Same P2', 'Same Q1', 'Same Q2');
    await party(p1!, p2!);
    await party(q1!, q2!);
    await enqueue(p1!, '2v2');
    const { room } = await enqueue(q1!, '2v2');
    const everyone = [p1!, p2!, q1!, q2!];
    await Promise.all(everyone.map((c) => c.call('acceptMatch', { roomId: room!.id })));
    const answers = await Promise.all(everyone.map((c) => report(c, room!.id, { outcome: 'A' })));
    // Whichever answer came back first, the room settled, once: one history row and one game per player.
    expect((await roomOf(room!.id)).status).toBe('settled');
    expect(answers.every(({ room: r }) => r.status === 'active' || r.status === 'settled')).toBe(true);
    for (const c of everyone) {
      expect((await historyOf(c)).length).toBe(1);
      expect((await profile(c)).ladders.team!.games).toBe(1);
    }
    await expectInvariants();
  });

  it('answers all ten players of a 5v5 reporting at the same moment, and settles the room once', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `Five ${i}`);
    const everyone = await Promise.all(names.map((name) => devPlayer(name)));
    await party(everyone[0]!, ...everyone.slice(1, 5));
    await party(everyone[5]!, ...everyone.slice(6));
    await enqueue(everyone[0]!, '5v5');
    const { room } = await enqueue(everyone[5]!, '5v5');
    expect(room?.status).toBe('active');
    const [sideA] = sideUids(room!);
    const answers = await Promise.all(everyone.map((c) => report(c, room!.id, { outcome: 'A' })));
    // Every player is answered (none refused, none asked to retry) with the room as their report left it: still
    // waiting for the other side, or settled by side A's win with every player's change on it.
    for (const { room: answered } of answers) {
      expect(answered.status === 'active' || answered.status === 'settled').toBe(true);
      if (answered.status === 'settled') expect(Object.keys(answered.ratingChanges!)).toHaveLength(10);
    }
    expect(answers.some(({ room: r }) => r.status === 'settled')).toBe(true);
    const settled = await roomOf(room!.id);
    expect(settled).toMatchObject({ status: 'settled', result: { outcome: 'A' } });
    // Settled once: each player has one game on the team ladder, won or lost by one change, and one history row.
    for (const c of everyone) {
      const change = settled.ratingChanges![c.uid]!;
      const won = sideA!.includes(c.uid);
      expect(change.outcome).toBe(won ? 'win' : 'loss');
      expect((await profile(c)).ladders.team).toMatchObject({
        games: 1,
        wins: won ? 1 : 0,
        losses: won ? 0 : 1,
        rating: change.after,
      });
      expect((await historyOf(c)).length).toBe(1);
    }
    await expectInvariants();
  });

  it('settles a free-for-all when a majority of its players report the same placements', async () => {
    const ffa = await players('FFA 1', 'FFA 2', 'FFA 3', 'FFA 4');
    let room: Room | null = null;
    for (const p of ffa) room = (await enqueue(p, 'ffa')).room ?? room;
    expect(room?.memberUids).toHaveLength(4);
    const placements = Object.fromEntries(ffa.map((p, i) => [p.uid, i + 1]));
    await report(ffa[0]!, room!.id, { placements });
    await report(ffa[1]!, room!.id, { placements });
    expect((await roomOf(room!.id)).status).toBe('active'); // two of four is no majority yet
    const { room: settled } = await report(ffa[2]!, room!.id, { placements });
    expect(settled.status).toBe('settled');
    const deltas = ffa.map((p) => settled.ratingChanges![p.uid]!.delta);
    expect(deltas[0]).toBeGreaterThan(0);
    expect(deltas[3]).toBeLessThan(0);
    expect((await profile(ffa[0]!)).ladders.team).toMatchObject({ games: 1, wins: 1 });
    expect((await profile(ffa[1]!)).ladders.team).toMatchObject({ games: 1, losses: 1 });
    await expectInvariants();
  });

  it('settles by the only side that reported once the deadline passes', async () => {
    const { room, b } = await duel('OneSided');
    await report(b, room.id, { outcome: 'B' });
    await sleep(3_200); // the 1v1 test mode gives 3 s to report
    await sweep(600);
    const settled = await roomOf(room.id);
    expect(settled.status).toBe('settled');
    expect(settled.ratingChanges![b.uid]!.delta).toBe(16);
    await expectInvariants();
  });

  it('disputes conflicting reports and voids the room at the deadline without moving ratings', async () => {
    const { room, a, b } = await duel('Conflict');
    await report(a, room.id, { outcome: 'A' });
    const { room: disputed } = await report(b, room.id, { outcome: 'B' });
    expect(disputed.status).toBe('disputed');
    await sleep(3_200);
    await sweep(600);
    const voided = await roomOf(room.id);
    expect(voided).toMatchObject({ status: 'voided', ratingChanges: null });
    expect((await profile(a)).ladders.solo).toMatchObject({ rating: 1500, games: 0 });
    expect(await presenceOf(b)).toEqual({ kind: 'idle' });
    await expectInvariants();
  });

  it('voids a room nobody reports on at its deadline and frees the players', async () => {
    const { room, a } = await duel('Silent');
    await sleep(3_200);
    await sweep(600);
    expect((await roomOf(room.id)).status).toBe('voided');
    expect(await presenceOf(a)).toEqual({ kind: 'idle' });
  });

  it('lets a trusted game server settle at once, overriding the players', async () => {
    const { room, a, b } = await duel('Served');
    await report(a, room.id, { outcome: 'A' });
    await report(b, room.id, { outcome: 'B' });
    const server = await gameServer();
    const { room: settled } = await report(server, room.id, { outcome: 'B' });
    expect(settled.status).toBe('settled');
    expect(settled.ratingChanges![b.uid]!.delta).toBe(16);
    await expectInvariants();
  });

  it('settles exactly once under duplicate and concurrent reports', async () => {
    const { room, a, b } = await duel('Racing');
    const calls = [a, b, a, b, a, b].map((c) => report(c, room.id, { outcome: 'A' }));
    const results = await Promise.all(calls);
    // The calls race, so which answer first sees both reports is not fixed; some answer does, and the room stays settled.
    expect(results.some((r) => r.room.status === 'settled')).toBe(true);
    expect((await db.doc(`rooms/${room.id}`).get()).data()?.status).toBe('settled');
    expect((await profile(a)).ladders.solo).toMatchObject({ rating: 1516, games: 1, wins: 1 });
    expect((await historyOf(a)).length).toBe(1);
    await expectInvariants();
  });

  it('keeps the sum of ratings unchanged over many games without floor or provisional K', async () => {
    const crew = await players('Sum A', 'Sum B', 'Sum C', 'Sum D');
    for (let game = 0; game < 6; game++) {
      const [x, y] = [crew[game % 4]!, crew[(game + 1 + (game >> 2)) % 4]!];
      await enqueue(x, '1v1');
      const { room } = await enqueue(y, '1v1');
      const outcome = (['A', 'B', 'draw'] as const)[game % 3];
      await report(x, room!.id, { outcome });
      await report(y, room!.id, { outcome });
    }
    const ratings = await Promise.all(crew.map(async (c) => (await profile(c)).ladders.solo!));
    expect(ratings.reduce((sum, s) => sum + s.rating!, 0)).toBe(4 * 1500);
    expect(ratings.reduce((sum, s) => sum + s.games!, 0)).toBe(12);
    await expectInvariants();
  });

  it("shows the leaderboard of a ladder and the caller's rank", async () => {
    const { room, a, b } = await duel('Board');
    await report(a, room.id, { outcome: 'A' });
    await report(b, room.id, { outcome: 'A' });
    const board = await b.call('getLeaderboard', { ladder: 'solo', limit: 10 });
    expect(board.top.map((r) => [r.uid, r.rank, r.rating])).toEqual([
      [a.uid, 1, 1516],
      [b.uid, 2, 1484],
    ]);
    expect(board.me).toMatchObject({ rank: 2, rating: 1484 });
    const [newcomer] = await players('Board Newcomer');
    expect((await newcomer.call('getLeaderboard', { ladder: 'solo' })).me).toBeNull();
  });

  it('refuses bad reports, changing nothing', async () => {
    const { room, a } = await duel('Refused');
    const [stranger] = await players('Refused Stranger');
    const before = await documentPaths();
    const stored = await roomOf(room.id);
    await expectRefusal(report(a, room.id, { outcome: 'C' }), 'invalid-argument');
    await expectRefusal(a.callUnchecked('reportResult', { outcome: 'A' }), 'invalid-argument');
    await expectRefusal(report(a, room.id, { outcome: 'A', placements: {} }), 'invalid-argument');
    await expectRefusal(report(a, room.id, { placements: { [a.uid]: 1 } }), 'invalid-argument', /team room/);
    await expectRefusal(report(stranger, room.id, { outcome: 'A' }), 'permission-denied');
    await expectRefusal(report(a, 'no-such-room', { outcome: 'A' }), 'not-found');
    await expectRefusal(a.call('getLeaderboard', { ladder: 'chess' }), 'invalid-argument');
    await expectRefusal(a.call('getLeaderboard', { ladder: 'solo', limit: 1000 }), 'invalid-argument');
    expect(await documentPaths()).toEqual(before);
    expect(await roomOf(room.id)).toEqual(stored);
  });
});
