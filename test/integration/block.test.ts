import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { sweepPool } from '../../functions/src/core/match/index.js';
import { toCoreTicket, type TicketDoc } from '../../functions/src/core/queue/ticket.js';
import { commitMatch } from '../../functions/src/store/rooms.js';
import { documentPaths, expectRefusal } from '../support/admin.js';
import { enqueue, expectInvariants, sideUids, sweep, ticketOf } from '../support/game.js';
import { players } from '../support/players.js';
import { testContext } from '../support/context.js';
import { poolId } from '../support/ids.js';

const ctx = testContext();
const { config, poolOf } = ctx;

describe('the block list', () => {
  it('keeps two players who blocked one another out of one room, at queueing and in the sweep', async () => {
    const [ann, bob, cat] = await players('Block Ann', 'Block Bob', 'Block Cat');
    expect(await ann.call('blockPlayer', { uid: bob.uid })).toEqual({
      blocked: [{ uid: bob.uid, displayName: 'Block Bob', at: expect.any(Number) }],
    });
    const first = await enqueue(ann, '1v1');
    const second = await enqueue(bob, '1v1');
    // Alone in the pool together, the only two 1v1 players are not matched, now or by the matcher.
    expect(second.room).toBeNull();
    await sweep(600);
    expect((await ticketOf('1v1', first.ticketId)).status).toBe('queued');
    expect((await ticketOf('1v1', second.ticketId)).status).toBe('queued');
    // A third player is matched with one of them at once.
    const third = await enqueue(cat, '1v1');
    expect(third.room).not.toBeNull();
    expect(sideUids(third.room!).flat()).toContain(cat.uid);
    await expectInvariants();
  });

  it('is private, changes nothing when repeated, and answers bad requests naming the field', async () => {
    const [ann, bob] = await players('Private Ann', 'Private Bob');
    await ann.call('blockPlayer', { uid: bob.uid });
    await ann.call('blockPlayer', { uid: bob.uid });
    expect((await ann.call('getBlockList')).blocked.map((b) => b.uid)).toEqual([bob.uid]);
    expect((await bob.call('getBlockList')).blocked).toEqual([]);
    const before = await documentPaths();
    await expectRefusal(
      ann.call('blockPlayer', { uid: ann.uid }),
      'invalid-argument',
      /^uid: you cannot block yourself/,
    );
    await expectRefusal(ann.call('blockPlayer', { uid: 'nobody-here' }), 'not-found', /^uid: there is no player/);
    await expectRefusal(ann.callUnchecked('blockPlayer', { uid: 'a/b' }), 'invalid-argument', /uid/);
    await expectRefusal(ann.callUnchecked('blockPlayer', {}), 'invalid-argument', /uid/);
    expect(await documentPaths()).toEqual(before);
    expect((await ann.call('unblockPlayer', { uid: bob.uid })).blocked).toEqual([]);
    expect((await ann.call('getBlockList')).blocked).toEqual([]);
  });

  it('reaches a ticket already queued: a proposal made from the pool as it was is not committed', async () => {
    const [ann, bob, cat] = await players('Late Ann', 'Late Bob', 'Late Cat');
    // Three players in a 3–4 player free-for-all: nothing forms before the 2 s fill wait.
    const ids = [];
    for (const c of [ann, bob, cat]) ids.push((await enqueue(c, 'ffa')).ticketId);
    const read = await Promise.all(ids.map(async (id) => (await ticketOf('ffa', id)) as TicketDoc));
    await ann.call('blockPlayer', { uid: bob.uid });
    expect((await ticketOf('ffa', ids[0]!)).avoid).toEqual([bob.uid]);
    const { proposals } = sweepPool(config.modes.ffa!, read.map(toCoreTicket), Date.now() + 2_100);
    expect(proposals).toHaveLength(1);
    const before = await documentPaths();
    expect(await commitMatch(ctx, poolOf(poolId('ffa')), proposals[0]!)).toBeNull();
    expect(await documentPaths()).toEqual(before);
    // The matcher, reading the pool as it now is, makes no room of the three either.
    await sleep(2_100);
    await sweep(600);
    for (const id of ids) expect((await ticketOf('ffa', id)).status).toBe('queued');
    await expectInvariants();
  });
});
