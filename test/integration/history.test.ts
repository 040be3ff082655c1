import { describe, expect, it } from 'vitest';
import type { Client } from '../support/client.js';
import { documentPaths, expectRefusal } from '../support/admin.js';
import { enqueue, historyOf, sideUids } from '../support/game.js';
import { operator } from '../support/operator.js';
import { players } from '../support/players.js';

/** A 1v1 between the two, won by `winner`; returns the room's id. */
async function play(winner: Client, loser: Client) {
  await enqueue(winner, '1v1');
  const { room } = await enqueue(loser, '1v1');
  const outcome = sideUids(room!)[0]!.includes(winner.uid) ? 'A' : 'B';
  for (const c of [winner, loser]) await c.call('reportResult', { roomId: room!.id, outcome });
  return room!.id;
}

describe("a player's history", () => {
  it('lists their games newest first, page by page, with each one read from its room', async () => {
    const [ann, bob] = await players('History Ann', 'History Bob');
    const rooms = [await play(ann, bob), await play(bob, ann), await play(ann, bob)];
    const all = await historyOf(ann);
    expect(all.map((row) => row.id)).toEqual([...rooms].reverse());
    expect(all.map((row) => row.outcome)).toEqual(['win', 'loss', 'win']);
    // Each row's rating chains into the next: what the ladder shows adds up.
    expect(all[1]!.ratingAfter).toBe(all[0]!.ratingBefore);
    expect(all[2]!.ratingAfter).toBe(all[1]!.ratingBefore);
    const first = await historyOf(ann, { limit: 2 });
    expect(first.map((row) => row.id)).toEqual([rooms[2], rooms[1]]);
    const next = await historyOf(ann, { limit: 2, before: first.at(-1)!.settledAt });
    expect(next.map((row) => row.id)).toEqual([rooms[0]]);
    // Bob sees the same games from his side.
    expect((await historyOf(bob)).map((row) => row.outcome)).toEqual(['loss', 'win', 'loss']);
  });

  it("is the player's own: another player is refused, an operator reads it, bad input changes nothing", async () => {
    const [cat, dan] = await players('History Cat', 'History Dan');
    const roomId = await play(cat, dan);
    await expectRefusal(dan.call('getHistory', { uid: cat.uid }), 'permission-denied', /own history/);
    const op = await operator('History Op');
    expect((await op.call('getHistory', { uid: cat.uid })).rows.map((row) => row.id)).toEqual([roomId]);
    const before = await documentPaths();
    await expectRefusal(cat.callUnchecked('getHistory', { limit: 0 }), 'invalid-argument', /limit/);
    await expectRefusal(cat.callUnchecked('getHistory', { limit: 101 }), 'invalid-argument', /limit/);
    await expectRefusal(cat.callUnchecked('getHistory', { before: 'yesterday' }), 'invalid-argument', /before/);
    await expectRefusal(cat.callUnchecked('getHistory', { uid: 'a/b' }), 'invalid-argument', /uid/);
    expect(await documentPaths()).toEqual(before);
  });
});
