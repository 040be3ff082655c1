import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { doc, getDoc } from 'firebase/firestore';
import { party, players } from '../support/players.js';
import { db, documentPaths, expectRefusal } from '../support/admin.js';
import { waitForDoc } from '../support/listen.js';
import {
  enqueue,
  expectInvariants,
  presenceOf,
  roomOf,
  roomTickets,
  sideUids,
  sweep,
  ticketOf,
  type Room,
} from '../support/game.js';

describe('queueing and matching through the client SDK', () => {
  it('matches two 1v1 players at once: the second call returns the room, both listeners see it', async () => {
    const [ann, bob] = await players('Ann', 'Bob');
    const first = await enqueue(ann, '1v1');
    expect(first.room).toBeNull();
    const annSeesMatch = waitForDoc(ann.db, `pools/1v1/tickets/${first.ticketId}`, (t) => t?.status === 'matched');

    const second = await enqueue(bob, '1v1');
    expect(second.room).not.toBeNull();
    const room = second.room!;
    expect(room).toMatchObject({ mode: '1v1', kind: 'team', status: 'active' });
    expect(sideUids(room).flat().sort()).toEqual([ann.uid, bob.uid].sort());
    expect(room.quality).toMatchObject({ spread: 0, sideDifference: 0, winProbabilityA: 0.5 });

    expect((await annSeesMatch)?.roomId).toBe(room.id);
    const seenByAnn = (await getDoc(doc(ann.db, 'rooms', room.id))).data();
    expect(seenByAnn?.names).toEqual({ [ann.uid]: 'Ann', [bob.uid]: 'Bob' });
    expect(await presenceOf(ann)).toEqual({ kind: 'inRoom', roomId: room.id, mode: '1v1' });
    await expectRefusal(enqueue(ann, '1v1'), 'failed-precondition', /in a live 1v1 room/);
    await expectInvariants();
  });

  it('fills a 3v3 from two parties and two solos with one party on each side', async () => {
    const [a1, a2, b1, b2, s1, s2] = await players('A One', 'A Two', 'B One', 'B Two', 'Solo One', 'Solo Two');
    const partyA = await party(a1, a2);
    const partyB = await party(b1, b2);
    expect((await enqueue(a1, '3v3')).room).toBeNull();
    expect((await enqueue(s1, '3v3')).room).toBeNull();
    expect((await enqueue(s2, '3v3')).room).toBeNull();
    const { room } = await enqueue(b1, '3v3');
    expect(room).not.toBeNull();
    const partiesPerSide = room!.sides.map((side) => side.tickets.filter((t) => t.partyId).map((t) => t.partyId));
    expect(partiesPerSide.map((p) => p.length)).toEqual([1, 1]);
    expect(partiesPerSide.flat().sort()).toEqual([partyA, partyB].sort());
    for (const side of room!.sides) expect(side.tickets.flatMap((t) => t.members)).toHaveLength(3);
    // A party of two scores its average rating plus 10 per member.
    expect(roomTickets(room!).find((t) => t.partyId)?.members).toHaveLength(2);
    expect((await ticketOf('3v3', roomTickets(room!).find((t) => t.partyId === partyA)!.ticketId)).score).toBe(1520);
    await expectInvariants();
  });

  it('waits for premade balance: a party does not face solos alone', async () => {
    const [p1, p2, s1, s2, s3, s4] = await players('P One', 'P Two', 'S One', 'S Two', 'S Three', 'S Four');
    await party(p1, p2);
    await enqueue(p1, '3v3');
    for (const s of [s1, s2, s3, s4]) expect((await enqueue(s, '3v3')).room).toBeNull();
    await sweep();
    const stats = (await db.doc('pools/3v3').get()).data()!;
    expect(stats).toMatchObject({ waitingTickets: 5, waitingPlayers: 6 });
    expect(stats.unmatched.premadeImbalance ?? 0).toBeGreaterThan(0);
  });

  /** A party of two and five solos queue in 3v3, where they cannot play (a party may not face three solos). */
  async function partyBesideFiveSolos() {
    const names = ['P One', 'P Two', 'S One', 'S Two', 'S Three', 'S Four', 'S Five', 'S Six'];
    const [p1, p2, ...solos] = await players(...names);
    await party(p1!, p2!);
    const queuedAt = Date.now();
    await enqueue(p1!, '3v3');
    for (const s of solos.slice(0, 5)) expect((await enqueue(s, '3v3')).room).toBeNull();
    return { queuedAt, sixth: solos[5]! };
  }

  it('leaves a solo to the sweep where its full read holds a party that has waited 6 s, and the sweep seats it', async () => {
    const { queuedAt, sixth } = await partyBesideFiveSolos();
    // No setting: a 3v3 arrival whose read is full waits for the sweep beside a 2-stack that has waited 6 s.
    await sleep(Math.max(0, queuedAt + 6_200 - Date.now()));
    // Six solos could play at once; the sixth's read (the party and five solos) is full and the party has waited.
    const last = await enqueue(sixth, '3v3');
    expect(last.room).toBeNull();
    await sweep();
    expect((await ticketOf('3v3', last.ticketId)).status).toBe('matched');
    await expectInvariants();
  });

  it('matches the same solo at once while the party has not waited 6 s', async () => {
    const { sixth } = await partyBesideFiveSolos();
    const { room } = await enqueue(sixth, '3v3');
    expect(room?.memberUids).toContain(sixth.uid);
    expect(room?.memberUids).toHaveLength(6);
    await expectInvariants();
  });

  it('starts a free-for-all at once at the maximum, and after the fill wait at the minimum', async () => {
    const four = await players('F1', 'F2', 'F3', 'F4');
    for (const p of four.slice(0, 3)) expect((await enqueue(p, 'ffa')).room).toBeNull();
    const { room: full } = await enqueue(four[3]!, 'ffa');
    expect(full?.memberUids).toHaveLength(4);

    const three = await players('G1', 'G2', 'G3');
    const tickets = [];
    for (const p of three) tickets.push((await enqueue(p, 'ffa')).ticketId);
    await sweep(600);
    expect((await ticketOf('ffa', tickets[0]!)).status).toBe('queued'); // the fill wait (2 s) is not over
    await sleep(2_000);
    await sweep(800);
    const matched = await ticketOf('ffa', tickets[0]!);
    expect(matched.status).toBe('matched');
    expect((await roomOf(matched.roomId)).memberUids.sort()).toEqual(three.map((p) => p.uid).sort());
    await expectInvariants();
  });

  it('cancels: the ticket ends cancelled, the player may queue again, and cancelling twice is harmless', async () => {
    const [cat] = await players('Cat');
    const { ticketId } = await enqueue(cat, '1v1');
    const answer = await cat.call('cancelQueue');
    expect(answer).toMatchObject({ cancelled: true, presence: { kind: 'idle' } });
    expect(await cat.call('cancelQueue')).toEqual({ cancelled: false, presence: { kind: 'idle' }, ticket: null });
    const stored = await ticketOf('1v1', ticketId);
    expect(stored).toMatchObject({ status: 'cancelled', endReason: `cancelled by ${cat.uid}` });
    // The answer carries the ticket as stored, for a client whose listener has not heard of the cancel.
    const { changedAt: _written, changeShard: _shard, ...ticket } = stored;
    expect(answer.ticket).toEqual(ticket);
    const again = await enqueue(cat, '1v1');
    expect(again.ticketId).not.toBe(ticketId);
    await expectInvariants();
  });

  it('expires a ticket whose client stopped heartbeating, and keeps one that heartbeats', async () => {
    const [quiet] = await players('Quiet');
    const { ticketId } = await enqueue(quiet, '1v1');
    await sleep(4_200); // the 1v1 test mode's time-to-live is 4 s
    await sweep(600);
    expect(await ticketOf('1v1', ticketId)).toMatchObject({ status: 'expired' });
    expect(await presenceOf(quiet)).toEqual({ kind: 'idle' });

    const [alive] = await players('Alive');
    const live = await enqueue(alive, '1v1');
    for (let i = 0; i < 4; i++) {
      await sleep(1_300);
      const beat = await alive.call('heartbeat');
      expect(beat.presence.kind).toBe('queued');
    }
    await sweep(600);
    expect((await ticketOf('1v1', live.ticketId)).status).toBe('queued');
    // Having waited past the time-to-live on heartbeats, it is still matched when an opponent arrives.
    const [late] = await players('Late');
    const { room } = await enqueue(late, '1v1');
    expect(room?.memberUids.sort()).toEqual([alive.uid, late.uid].sort());
    await expectInvariants();
  });

  it('checks who may queue: the party leader, a party that fits the mode, nobody twice', async () => {
    const [lead, mate, third] = await players('Lead', 'Mate', 'Third');
    await party(lead, mate, third);
    await expectRefusal(enqueue(mate, '2v2'), 'permission-denied', /Only the party leader/);
    await expectRefusal(enqueue(lead, '2v2'), 'failed-precondition', /party of 3 cannot queue for 2v2/);
    await enqueue(lead, '3v3');
    await expectRefusal(enqueue(lead, 'ffa'), 'failed-precondition', /already queued for 3v3/);
    await expectRefusal(enqueue(mate, 'ffa'), 'permission-denied', /Only the party leader/);
  });

  it("cancels the party's ticket when a member leaves while queued, and freezes membership in a live room", async () => {
    const [lead, mate, o1, o2] = await players('Queued Lead', 'Queued Mate', 'Opp One', 'Opp Two');
    const { party: ours } = await lead.call('createParty');
    await mate.call('joinParty', { code: ours.code });
    const { ticketId } = await enqueue(lead, '3v3');
    await mate.call('leaveParty');
    expect(await ticketOf('3v3', ticketId)).toMatchObject({
      status: 'cancelled',
      endReason: `party member ${mate.uid} left the party`,
    });
    expect(await presenceOf(lead)).toEqual({ kind: 'idle' });

    await mate.call('joinParty', { code: ours.code });
    await party(o1, o2);
    await enqueue(lead, '2v2');
    const { room } = await enqueue(o1, '2v2');
    expect(room?.status).toBe('pending');
    await expectRefusal(mate.call('leaveParty'), 'failed-precondition', /live room/);
    await expectRefusal(lead.call('kickPartyMember', { uid: mate.uid }), 'failed-precondition', /live room/);
    await expectInvariants();
  });

  it.each([
    ['enqueue', {}],
    ['enqueue', { mode: 'nope' }],
    ['enqueue', { mode: 5 }],
    ['enqueue', { mode: '1v1', rating: 3000 }],
    ['cancelQueue', { ticketId: 'x' }],
    ['heartbeat', { at: 1 }],
    ['acceptMatch', {}],
    ['acceptMatch', { roomId: 42 }],
    ['declineMatch', { roomId: '' }],
    ['declineMatch', { roomId: 'r'.repeat(500) }],
  ])('answers %s(%j) with invalid-argument and changes nothing', async (name, data) => {
    const [p] = await players('Bad Input');
    await enqueue(p, '2v2');
    const before = await documentPaths();
    const tickets = (await db.collectionGroup('tickets').get()).docs.map((d) => d.data());
    await expectRefusal(p.callUnchecked(name, data), 'invalid-argument');
    expect(await documentPaths()).toEqual(before);
    expect((await db.collectionGroup('tickets').get()).docs.map((d) => d.data())).toEqual(tickets);
  });

  it("answers accepting an unknown room with not-found and a stranger's answer with permission-denied", async () => {
    const [a, b, stranger] = await players('RC A', 'RC B', 'Stranger');
    await expectRefusal(a.call('acceptMatch', { roomId: 'missing' }), 'not-found');
    const rooms: Room[] = [];
    const [c, d] = await players('RC C', 'RC D');
    for (const p of [a, b, c]) await enqueue(p, '2v2');
    rooms.push((await enqueue(d, '2v2')).room!);
    await expectRefusal(stranger.call('acceptMatch', { roomId: rooms[0]!.id }), 'permission-denied');
  });
});
