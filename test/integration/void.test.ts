import { describe, expect, it } from 'vitest';
import type { Client } from '../support/client.js';
import { documentPaths, expectRefusal } from '../support/admin.js';
import { enqueue, expectInvariants, historyOf, roomOf, sideUids } from '../support/game.js';
import { auditRows, operator, profileOf, stateOf } from '../support/operator.js';
import { players } from '../support/players.js';

const reason = 'match-fixing confirmed, ticket #51';

/** A 1v1 between these two, won by `winner`; both report. */
async function duel(winner: Client, loser: Client) {
  await enqueue(winner, '1v1');
  const { room } = await enqueue(loser, '1v1');
  const side = sideUids(room!)[0]!.includes(winner.uid) ? 'A' : 'B';
  for (const c of [winner, loser]) await c.call('reportResult', { roomId: room!.id, outcome: side });
  expect((await roomOf(room!.id)).status).toBe('settled');
  return room!.id;
}

describe('voiding a room', () => {
  it('reverses a settled game exactly once, even after later games, and the players see the reversal', async () => {
    const op = await operator();
    const [ann, bob] = await players('Void Ann', 'Void Bob');
    const fixed = await duel(ann, bob);
    const first = (await roomOf(fixed)).ratingChanges!;
    await duel(bob, ann); // played since: this game stays
    const [annBefore, bobBefore] = [(await profileOf(ann.uid)).ladders.solo, (await profileOf(bob.uid)).ladders.solo];
    const meetingsBefore = (await stateOf(ann.uid)).meetings.opponents.find((m: { uid: string }) => m.uid === bob.uid);
    expect(meetingsBefore.gamesThatDay).toBe(2);

    const answer = await op.call('voidRoom', { roomId: fixed, reason });
    expect(answer.room.voided).toMatchObject({ by: op.uid, reason });
    expect(answer.room.status).toBe('settled');
    const [annAfter, bobAfter] = [(await profileOf(ann.uid)).ladders.solo, (await profileOf(bob.uid)).ladders.solo];
    expect(annAfter).toMatchObject({ rating: annBefore.rating - first[ann.uid]!.delta, games: 1, wins: 0, losses: 1 });
    // The season's count (off-season here: the solo ladder has no seasons) drops too, so placement follows.
    expect([annBefore.seasonGames, annAfter.seasonGames]).toEqual([2, 1]);
    expect(bobAfter).toMatchObject({ rating: bobBefore.rating - first[bob.uid]!.delta, games: 1, wins: 1, losses: 0 });
    expect(
      (await stateOf(ann.uid)).meetings.opponents.find((m: { uid: string }) => m.uid === bob.uid).gamesThatDay,
    ).toBe(1);
    const history = await historyOf(ann);
    expect(history).toContainEqual(
      expect.objectContaining({ id: fixed, kind: 'game', voidedAt: answer.room.voided!.at }),
    );
    expect(history).toContainEqual(
      expect.objectContaining({ id: `void:${fixed}`, kind: 'void', delta: -first[ann.uid]!.delta, reason }),
    );
    const board = await ann.call('getLeaderboard', { ladder: 'solo', limit: 10 });
    expect(board.top.find((r) => r.uid === ann.uid)?.rating).toBe(annAfter.rating);
    const rows = (await auditRows()).filter((r) => r.action === 'voidRoom');
    expect(rows).toEqual([
      expect.objectContaining({
        id: answer.auditId,
        target: fixed,
        reason,
        before: expect.objectContaining({ ratingChanges: first }),
      }),
    ]);
    await expectInvariants();

    // A second void is refused and changes nothing.
    const paths = await documentPaths();
    await expectRefusal(
      op.call('voidRoom', { roomId: fixed, reason }),
      'failed-precondition',
      /^roomId: room ".+" was voided already/,
    );
    expect(await documentPaths()).toEqual(paths);
    expect((await profileOf(ann.uid)).ladders.solo).toEqual(annAfter);
  });

  it("keeps the pair's earlier meeting when their later game is voided: when they met, that day's count, their games", async () => {
    const op = await operator();
    const [ann, bob] = await players('Twice Ann', 'Twice Bob');
    const earlier = await duel(ann, bob);
    const later = await duel(bob, ann);
    await op.call('voidRoom', { roomId: later, reason });
    const met = (await roomOf(earlier)).endedAt;
    for (const uid of [ann.uid, bob.uid]) {
      const { meetings } = await stateOf(uid);
      expect(meetings.games).toBe(1);
      expect(meetings.opponents).toEqual([
        expect.objectContaining({
          uid: uid === ann.uid ? bob.uid : ann.uid,
          lastAt: met,
          lastGame: 1,
          gamesThatDay: 1,
        }),
      ]);
      expect((await profileOf(uid)).ladders.solo).toMatchObject({ games: 1, seasonGames: 1 });
    }
    await expectInvariants();
  });

  it('refuses a non-operator, an unknown room, an unsettled room and a reason too long, changing nothing', async () => {
    const op = await operator();
    const [ann, bob] = await players('Live Ann', 'Live Bob');
    await enqueue(ann, '1v1');
    const { room } = await enqueue(bob, '1v1');
    const paths = await documentPaths();
    await expectRefusal(ann.call('voidRoom', { roomId: room!.id, reason }), 'permission-denied', /^Operators only/);
    await expectRefusal(
      op.call('voidRoom', { roomId: 'no-such-room', reason }),
      'not-found',
      /^roomId: there is no room "no-such-room"/,
    );
    await expectRefusal(
      op.call('voidRoom', { roomId: room!.id, reason }),
      'failed-precondition',
      /^roomId: room ".+" is active, not settled: only a settled game can be voided/,
    );
    await expectRefusal(
      op.call('voidRoom', { roomId: room!.id, reason: 'x'.repeat(501) }),
      'invalid-argument',
      /reason: must be at most 500/,
    );
    expect(await documentPaths()).toEqual(paths);
    expect((await roomOf(room!.id)).status).toBe('active');
  });
});
