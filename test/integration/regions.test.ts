import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { db, documentPaths, expectRefusal } from '../support/admin.js';
import { expectInvariants, roomOf, sweep, ticketOf } from '../support/game.js';
import { players } from '../support/players.js';

// The test configuration's `regional` is a regional 1v1: eu – us – asia in a line; a player reaches the next region
// after 2 s of waiting and the one beyond after 4 s, and a measured round trip may be 80 ms at first, 150 ms
// from 2 s.
describe('a regional mode', () => {
  it('refuses a request without a region, or with one it does not have, naming the field and changing nothing', async () => {
    const [ann] = await players('Regionless Ann');
    const before = await documentPaths();
    await expectRefusal(
      ann.callUnchecked('enqueue', { mode: 'regional' }),
      'invalid-argument',
      /region: this mode is regional/,
    );
    await expectRefusal(
      ann.callUnchecked('enqueue', { mode: 'regional', region: 'mars' }),
      'invalid-argument',
      /region: "mars" is not a region of this mode \(regions: eu, us, asia\)/,
    );
    await expectRefusal(
      ann.callUnchecked('enqueue', { mode: '1v1', region: 'eu' }),
      'invalid-argument',
      /region: mode "1v1" has no regions/,
    );
    await expectRefusal(
      ann.callUnchecked('enqueue', { mode: 'regional', rtts: { eu: 'fast' } }),
      'invalid-argument',
      /rtts\.eu/,
    );
    expect(await documentPaths()).toEqual(before);
  });

  it('refuses round trips to regions the mode lacks, too many of them, and rtts on a mode without regions', async () => {
    const [ann] = await players('Hostile Ann');
    const before = await documentPaths();
    const thousands = Object.fromEntries(Array.from({ length: 15_000 }, (_, i) => [`r${i}`, 10]));
    const tooMany = await expectRefusal(
      ann.callUnchecked('enqueue', { mode: 'regional', rtts: thousands }),
      'invalid-argument',
      /^Invalid request: rtts: at most 32 regions\b/,
    );
    expect(tooMany.message!.length).toBeLessThan(100);
    await expectRefusal(
      ann.callUnchecked('enqueue', { mode: 'regional', rtts: { eu: 20, mars: 40 } }),
      'invalid-argument',
      /^rtts: "mars" is not a region of this mode \(regions: eu, us, asia\)\./,
    );
    await expectRefusal(
      ann.callUnchecked('enqueue', { mode: '1v1', rtts: { eu: 20 } }),
      'invalid-argument',
      /^rtts: mode "1v1" has no regions\./,
    );
    // An unknown key is named, not echoed whole.
    const echo = await expectRefusal(
      ann.callUnchecked('enqueue', { mode: 'regional', region: 'eu', ['k'.repeat(5000)]: 1 }),
      'invalid-argument',
      /Unrecognized key: "k{40}…"/,
    );
    expect(echo.message!.length).toBeLessThan(120);
    expect(await documentPaths()).toEqual(before);
  });

  it('keeps matching when players send the largest requests the schemas allow', async () => {
    const [ann, ben] = await players('Largest Ann', 'Largest Ben');
    const largest = { mode: 'regional', region: 'eu', rtts: { eu: 10_000, us: 10_000, asia: 10_000 } };
    const a = await ann.call('enqueue', largest);
    const b = await ben.call('enqueue', largest);
    expect(b.room).toMatchObject({ region: 'eu' });
    expect(b.room!.memberUids.sort()).toEqual([ann.uid, ben.uid].sort());
    // The ticket carries three round trips, not whatever a client cared to send.
    const ticket = await ticketOf('regional@eu', a.ticketId);
    expect(ticket.rtts).toEqual(largest.rtts);
    expect(JSON.stringify(ticket).length).toBeLessThan(2_000);
    await expectInvariants();
  });

  it('queues a player in their region, matches them there at once, and says where the room plays', async () => {
    const [ann, ben] = await players('Eu Ann', 'Eu Ben');
    const first = await ann.call('enqueue', { mode: 'regional', region: 'eu' });
    // `mode` keeps the pool id for clients of 0.1, which follow their ticket by it (docs/upgrading.md).
    expect(first).toMatchObject({ mode: 'regional@eu', pool: 'regional@eu', room: null });
    // Nearest by the round trips measured: eu.
    const second = await ben.call('enqueue', { mode: 'regional', rtts: { eu: 30, us: 90 } });
    expect(second.pool).toBe('regional@eu');
    expect(second.room).toMatchObject({ mode: 'regional@eu', region: 'eu' });
    expect((await db.doc(`pools/regional@eu/tickets/${first.ticketId}`).get()).data()?.status).toBe('matched');
    await expectInvariants();
  });

  it('keeps neighbours apart while they are fresh, then seats them together where both may play', async () => {
    // Ann is in eu and measured us at 120 ms; Ben is in us and measured eu at 60 ms. Fresh, each stays home.
    const [ann, ben] = await players('Wide Ann', 'Wide Ben');
    const a = await ann.call('enqueue', { mode: 'regional', rtts: { eu: 20, us: 120 } });
    const b = await ben.call('enqueue', { mode: 'regional', rtts: { us: 20, eu: 60 } });
    expect([a.pool, b.pool, a.room, b.room]).toEqual(['regional@eu', 'regional@us', null, null]);
    await sweep(600);
    expect((await ticketOf('regional@eu', a.ticketId)).status).toBe('queued');
    // After 2 s both reach the next region and 150 ms: the first sweep that sees it seats them.
    await sleep(2_000);
    await sweep();
    const ticket = await ticketOf('regional@eu', a.ticketId);
    expect(ticket.status).toBe('matched');
    const room = await roomOf(ticket.roomId);
    expect(room.memberUids.sort()).toEqual([ann.uid, ben.uid].sort());
    expect((await ticketOf('regional@us', b.ticketId)).roomId).toBe(room.id);
    expect((room as unknown as { region: string }).region).toMatch(/^(eu|us)$/);
    await expectInvariants();
  });

  it('never seats a player in a region they measured too far away, however long they wait', async () => {
    // Cat in eu measured asia at 400 ms; Dan in asia measured eu at 400 ms. Two hops apart, beyond any limit.
    const [cat, dan] = await players('Far Cat', 'Far Dan');
    const c = await cat.call('enqueue', { mode: 'regional', rtts: { eu: 20, asia: 400 } });
    await dan.call('enqueue', { mode: 'regional', rtts: { asia: 20, eu: 400 } });
    await sleep(4_200);
    await sweep();
    expect((await ticketOf('regional@eu', c.ticketId)).status).toBe('queued');
    // Each region's queue statistics are its own.
    const stats = await Promise.all(['eu', 'asia'].map((r) => db.doc(`pools/regional@${r}`).get()));
    expect(stats.map((s) => s.data()?.waitingPlayers)).toEqual([1, 1]);
    await expectInvariants();
  });

  it('sends a ticket back to its own region with its round trips after a failed ready check', async () => {
    // `regionalCheck` is `regional` with a ready check. Ann (eu) measured us at 140 ms and asia at 400 ms; Ben
    // (us) measured eu at 9 s: once both reach one hop and 150 ms, they can meet in us only.
    const [ann, ben, cal] = await players('Home Ann', 'Home Ben', 'Home Cal');
    const annRtts = { eu: 20, us: 140, asia: 400 };
    const a = await ann.call('enqueue', { mode: 'regionalCheck', rtts: annRtts });
    const b = await ben.call('enqueue', { mode: 'regionalCheck', rtts: { us: 20, eu: 9000 } });
    expect([a.pool, b.pool]).toEqual(['regionalCheck@eu', 'regionalCheck@us']);
    await sleep(2_100);
    await sweep();
    const first = await ticketOf('regionalCheck@eu', a.ticketId);
    expect(first.status).toBe('matched');
    const room = await roomOf(first.roomId);
    expect((room as unknown as { region: string }).region).toBe('us');
    await ann.call('acceptMatch', { roomId: room.id });
    await ben.call('declineMatch', { roomId: room.id });
    // Ann waits again in eu, with her round trips and her first enqueue time; not in us with none.
    const presence = (await ann.call('getProfile')).presence;
    expect(presence).toMatchObject({ kind: 'queued', mode: 'regionalCheck@eu' });
    const back = await ticketOf('regionalCheck@eu', (presence as { ticketId: string }).ticketId);
    expect(back).toMatchObject({ status: 'queued', rtts: annRtts, enqueuedAt: first.enqueuedAt });
    // Cal is in asia, two hops from Ann's home and 400 ms away by her measure: they never share a room.
    const c = await cal.call('enqueue', { mode: 'regionalCheck', rtts: { asia: 20, us: 9000, eu: 9000 } });
    expect(c).toMatchObject({ pool: 'regionalCheck@asia', room: null });
    await sleep(2_100);
    await sweep();
    expect((await ticketOf('regionalCheck@asia', c.ticketId)).status).toBe('queued');
    expect((await ticketOf('regionalCheck@eu', back.id)).status).toBe('queued');
    // At home she is matched as any eu player would be.
    const [dan] = await players('Home Dan');
    const d = await dan.call('enqueue', { mode: 'regionalCheck', region: 'eu' });
    if (!d.room) await sweep();
    const matched = await ticketOf('regionalCheck@eu', back.id);
    expect(matched.status).toBe('matched');
    expect((await roomOf(matched.roomId)).memberUids.sort()).toEqual([ann.uid, dan.uid].sort());
    await expectInvariants();
    await cal.call('cancelQueue');
  });
});
