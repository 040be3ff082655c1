import { describe, expect, it } from 'vitest';
import { documentPaths, expectRefusal } from '../support/admin.js';
import { enqueue, expectInvariants, historyOf, sideUids } from '../support/game.js';
import { auditRows, operator, profileOf } from '../support/operator.js';
import { players } from '../support/players.js';

const reason = 'incident #9: a duplicated loss';

describe('adjusting a rating', () => {
  it('is for operators only, and bad input is refused naming the field, changing nothing', async () => {
    const [eve] = await players('Adjust Eve');
    const op = await operator();
    const before = await documentPaths();
    const profile = await profileOf(eve.uid);
    const call = (data: { uid?: string; ladder?: string; delta?: number; reason?: string }) =>
      op.call('adjustRating', { uid: eve.uid, ladder: 'solo', delta: 10, reason, ...data });
    await expectRefusal(
      eve.call('adjustRating', { uid: eve.uid, ladder: 'solo', delta: 10, reason }),
      'permission-denied',
      /^Operators only/,
    );
    await expectRefusal(call({ delta: 0 }), 'invalid-argument', /delta: must not be 0/);
    await expectRefusal(call({ delta: 2.5 }), 'invalid-argument', /delta: must be a whole number/);
    await expectRefusal(call({ delta: 1001 }), 'invalid-argument', /delta: must be at most 1000/);
    await expectRefusal(call({ delta: -1001 }), 'invalid-argument', /delta: must be at least -1000/);
    await expectRefusal(call({ reason: 'r'.repeat(501) }), 'invalid-argument', /reason: must be at most 500/);
    await expectRefusal(call({ uid: 'nobody' }), 'not-found', /^uid: there is no player "nobody"/);
    await expectRefusal(call({ ladder: 'chess' }), 'invalid-argument', /^ladder: no ladder is named "chess"/);
    expect(await documentPaths()).toEqual(before);
    expect(await profileOf(eve.uid)).toEqual(profile);
  });

  it('moves the rating, shows in the history as an adjustment, and the leaderboard and tier follow', async () => {
    const op = await operator();
    const [ann, bob] = await players('Adjusted Ann', 'Adjusted Bob');
    await enqueue(ann, '1v1');
    const { room } = await enqueue(bob, '1v1');
    const annSide = sideUids(room!)[0]!.includes(ann.uid) ? 'A' : 'B';
    for (const c of [ann, bob]) await c.call('reportResult', { roomId: room!.id, outcome: annSide });
    const before = (await profileOf(bob.uid)).ladders.solo;
    expect(before.rating).toBeLessThan((await profileOf(ann.uid)).ladders.solo.rating);

    const { standing, auditId } = await op.call('adjustRating', { uid: bob.uid, ladder: 'solo', delta: 400, reason });
    expect(standing).toMatchObject({ rating: before.rating + 400, games: 1, wins: 0, losses: 1 });
    expect(standing.visible.tier).not.toEqual(before.visible.tier);
    expect((await profileOf(bob.uid)).ladders.solo).toEqual(standing);
    // The player reads it in their own history, as no game.
    const history = await historyOf(bob);
    expect(history).toContainEqual(
      expect.objectContaining({
        id: `adjust:${auditId}`,
        kind: 'adjustment',
        outcome: null,
        roomId: null,
        delta: 400,
        reason,
      }),
    );
    const board = await ann.call('getLeaderboard', { ladder: 'solo', limit: 10 });
    expect(board.top.map((r) => [r.uid, r.rating])).toEqual([
      [bob.uid, before.rating + 400],
      [ann.uid, (await profileOf(ann.uid)).ladders.solo.rating],
    ]);
    const [row] = (await auditRows()).filter((r) => r.action === 'adjustRating');
    expect(row).toMatchObject({
      id: auditId,
      actor: op.uid,
      target: bob.uid,
      reason,
      before: { ladder: 'solo', standing: before },
      after: { standing },
    });
    // The invariants hold: the rating chains through the adjustment, and the ladder's sum moved by it alone.
    await expectInvariants();
    const down = await op.call('adjustRating', { uid: bob.uid, ladder: 'solo', delta: -400, reason: 'undo' });
    expect(down.standing.rating).toBe(before.rating);
    await expectInvariants();
  });
});
