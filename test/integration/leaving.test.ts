import { describe, expect, it } from 'vitest';
import { documentPaths, expectRefusal } from '../support/admin.js';
import { enqueue, expectInvariants, roomOf, sideUids } from '../support/game.js';
import { players } from '../support/players.js';

describe('leaving a started game', () => {
  it('settles a 1v1 for the rival at once, counts the leave once and shows the leave rate', async () => {
    const [quitter, stayer] = await players('Leave Q', 'Leave S');
    await enqueue(quitter, '1v1');
    const { room } = await enqueue(stayer, '1v1');
    expect(room?.status).toBe('active');
    const { room: settled } = await quitter.call('forfeit', { roomId: room!.id });
    expect(settled.status).toBe('settled');
    expect(settled.forfeits).toEqual([quitter.uid]);
    expect(settled.ratingChanges![stayer.uid]!.delta).toBeGreaterThan(0);
    expect(settled.ratingChanges![quitter.uid]!.delta).toBe(-settled.ratingChanges![stayer.uid]!.delta);
    // Leaving again changes nothing and is not counted twice.
    expect((await quitter.call('forfeit', { roomId: room!.id })).room).toEqual(settled);
    expect((await quitter.call('getProfile')).leaving).toEqual({ leaves: 1, games: 1, leaveRate: 1 });
    expect((await stayer.call('getProfile')).leaving).toEqual({ leaves: 0, games: 1, leaveRate: 0 });
    await expectInvariants();
  });

  it('keeps a team game going while one side still has players, and settles it once the whole side left', async () => {
    const clients = await players('Team L1', 'Team L2', 'Team L3', 'Team L4');
    let room = null;
    for (const c of clients) room = (await enqueue(c, '2v2')).room ?? room;
    await expectRefusal(
      clients[0]!.call('forfeit', { roomId: room!.id }),
      'failed-precondition',
      /decline the ready check instead/,
    );
    for (const c of clients) await c.call('acceptMatch', { roomId: room!.id });
    const [sideA, sideB] = sideUids((await roomOf(room!.id)) as never);
    const byUid = new Map(clients.map((c) => [c.uid, c]));
    const first = await byUid.get(sideA![0]!)!.call('forfeit', { roomId: room!.id });
    expect(first.room).toMatchObject({ status: 'active', forfeits: [sideA![0]] });
    const last = await byUid.get(sideA![1]!)!.call('forfeit', { roomId: room!.id });
    expect(last.room).toMatchObject({ status: 'settled', result: { outcome: 'B' } });
    for (const uid of sideB!) expect(last.room.ratingChanges![uid]!.delta).toBeGreaterThan(0);
    await expectInvariants();
  });

  it('answers bad requests naming the field, and strangers with permission-denied, changing nothing', async () => {
    const [x, y, stranger] = await players('Bad L1', 'Bad L2', 'Bad L3');
    await enqueue(x, '1v1');
    const { room } = await enqueue(y, '1v1');
    const before = await documentPaths();
    await expectRefusal(x.callUnchecked('forfeit', {}), 'invalid-argument', /roomId/);
    await expectRefusal(x.callUnchecked('forfeit', { roomId: 'a/b' }), 'invalid-argument', /roomId/);
    await expectRefusal(x.call('forfeit', { roomId: 'no-such-room' }), 'not-found');
    await expectRefusal(stranger.call('forfeit', { roomId: room!.id }), 'permission-denied');
    expect(await documentPaths()).toEqual(before);
  });
});
