import { describe, expect, it } from 'vitest';
import { db, documentPaths, expectRefusal } from '../support/admin.js';
import { enqueue, expectInvariants, roomOf, ticketOf } from '../support/game.js';
import { auditRows, operator, stateOf } from '../support/operator.js';
import { players } from '../support/players.js';

const message = 'Ranked 2v2 is down for a fix; back within the hour.';
const reason = 'incident #7: 2v2 results double-count';

describe('pausing a mode', () => {
  it('is for operators only, and bad input is refused naming the field, changing nothing', async () => {
    const [eve] = await players('Pause Eve');
    const op = await operator();
    const before = await documentPaths();
    await expectRefusal(
      eve.call('pauseMode', { mode: '2v2', message, reason }),
      'permission-denied',
      /^Operators only/,
    );
    await expectRefusal(eve.call('resumeMode', { mode: '2v2', reason }), 'permission-denied', /^Operators only/);
    await expectRefusal(
      op.call('pauseMode', { mode: '9v9', message, reason }),
      'invalid-argument',
      /^mode: no mode or regional pool is named "9v9"/,
    );
    await expectRefusal(
      op.call('pauseMode', { mode: 'regional@mars', message, reason }),
      'invalid-argument',
      /^mode: no mode or regional pool/,
    );
    await expectRefusal(
      op.call('pauseMode', { mode: '2v2', message: 'x'.repeat(301), reason }),
      'invalid-argument',
      /message: must be at most 300 characters/,
    );
    await expectRefusal(
      op.call('pauseMode', { mode: '2v2', message, reason: 'x'.repeat(501) }),
      'invalid-argument',
      /reason: must be at most 500 characters/,
    );
    await expectRefusal(
      op.call('resumeMode', { mode: '2v2', reason }),
      'failed-precondition',
      /^mode: "2v2" is not paused/,
    );
    expect(await documentPaths()).toEqual(before);
  });

  it('refuses queueing with the studio message, releases waiting tickets unpunished, lets live rooms finish', async () => {
    const op = await operator();
    const four = await players('Live 1', 'Live 2', 'Live 3', 'Live 4');
    let roomId = '';
    for (const c of four) roomId = (await enqueue(c, '2v2')).room?.id ?? roomId;
    expect((await roomOf(roomId)).status).toBe('pending');
    const waiting = await players('Wait 1', 'Wait 2', 'Wait 3');
    const tickets = [];
    for (const c of waiting) tickets.push((await enqueue(c, '2v2')).ticketId);

    const paused = await op.call('pauseMode', { mode: '2v2', message, reason });
    expect(paused).toMatchObject({ pools: ['2v2'], released: 3, pause: { target: '2v2', message, by: op.uid } });
    for (const id of tickets)
      expect(await ticketOf('2v2', id)).toMatchObject({
        status: 'cancelled',
        endReason: 'released: the mode was paused',
      });
    for (const c of waiting) expect(await stateOf(c.uid)).toMatchObject({ cooldownUntil: null, dodges: null });
    await expectRefusal(
      enqueue(waiting[0]!, '2v2'),
      'failed-precondition',
      new RegExp(`^Queueing for 2v2 is paused: ${message}`),
    );
    // Other modes queue as before.
    expect((await enqueue(waiting[1]!, 'duel')).ticketId).toBeTruthy();

    // The room formed before the pause plays to its end.
    for (const c of four) await c.call('acceptMatch', { roomId });
    const room = await roomOf(roomId);
    expect(room.status).toBe('active');
    for (const c of four) await c.call('reportResult', { roomId, outcome: 'A' });
    expect((await roomOf(roomId)).status).toBe('settled');

    const resumed = await op.call('resumeMode', { mode: '2v2', reason: 'fix deployed' });
    expect((await enqueue(waiting[0]!, '2v2')).ticketId).toBeTruthy();
    const rows = await auditRows();
    expect(rows.map((r) => r.action)).toEqual(['pauseMode', 'resumeMode']);
    expect(rows[0]).toMatchObject({
      id: paused.auditId,
      target: '2v2',
      reason,
      before: null,
      after: { message, pools: ['2v2'] },
    });
    expect(rows[1]).toMatchObject({ id: resumed.auditId, before: { message }, after: null, reason: 'fix deployed' });
    await expectInvariants();
  });

  it('sends nobody back to a paused pool when a ready check begun before the pause is called off', async () => {
    const op = await operator();
    const four = await players('Check 1', 'Check 2', 'Check 3', 'Check 4');
    let roomId = '';
    for (const c of four) roomId = (await enqueue(c, '2v2')).room?.id ?? roomId;
    await op.call('pauseMode', { mode: '2v2', message, reason });
    for (const c of four.slice(0, 3)) await c.call('acceptMatch', { roomId });
    await four[3]!.call('declineMatch', { roomId });
    expect((await roomOf(roomId)).status).toBe('cancelled');
    // Unpaused, the three who accepted would wait again in 2v2 with new tickets; paused, they are free.
    const queued = await db.collection('pools/2v2/tickets').where('status', '==', 'queued').get();
    expect(queued.docs.map((d) => d.data().memberUids)).toEqual([]);
    for (const c of four.slice(0, 3)) {
      const state = await stateOf(c.uid);
      expect((await ticketOf('2v2', state.ticketId)).status).toBe('matched');
      expect(state.cooldownUntil).toBeNull();
    }
    await op.call('resumeMode', { mode: '2v2', reason: 'fix deployed' });
    expect((await enqueue(four[0]!, '2v2')).ticketId).toBeTruthy();
    await expectInvariants();
  });

  it("pauses one region's pool of a regional mode and leaves the others open", async () => {
    const op = await operator();
    const [ann, bob] = await players('Region Ann', 'Region Bob');
    const { ticketId } = await ann.call('enqueue', { mode: 'regional', region: 'eu' });
    const { released } = await op.call('pauseMode', { mode: 'regional@eu', message: 'EU servers restarting', reason });
    expect(released).toBe(1);
    expect((await ticketOf('regional@eu', ticketId)).status).toBe('cancelled');
    await expectRefusal(
      bob.call('enqueue', { mode: 'regional', region: 'eu' }),
      'failed-precondition',
      /^Queueing for regional@eu is paused: EU servers restarting/,
    );
    expect((await bob.call('enqueue', { mode: 'regional', region: 'us' })).pool).toBe('regional@us');
    // Pausing the whole mode stops every region of it.
    await op.call('pauseMode', { mode: 'regional', message: 'Regional ladder closed', reason });
    await expectRefusal(
      ann.call('enqueue', { mode: 'regional', region: 'asia' }),
      'failed-precondition',
      /^Queueing for regional is paused/,
    );
    expect((await ticketOf('regional@us', (await stateOf(bob.uid)).ticketId)).status).toBe('cancelled');
    await expectInvariants();
  });
});
