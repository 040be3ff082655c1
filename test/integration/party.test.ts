import { describe, expect, it } from 'vitest';
import { devPlayer, type Client } from '../support/client.js';
import { db, documentPaths, expectRefusal } from '../support/admin.js';
import { waitForDoc } from '../support/listen.js';

const create = async (leader: Client) => (await leader.call('createParty')).party;
const join = async (client: Client, code: string) => (await client.call('joinParty', { code })).party;
const partyIdOf = async (uid: string) => (await db.doc(`playerStates/${uid}`).get()).data()?.partyId ?? null;

describe('parties through the client SDK', () => {
  it("create → join by code → leave, seen live by the members' listeners", async () => {
    const [alice, bob] = await Promise.all([devPlayer('Alice'), devPlayer('Bob')]);
    const party = await create(alice);
    expect(party.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/);
    // The largest side of the test configuration's modes is the 5v5's five players.
    expect(party).toMatchObject({ leader: alice.uid, memberUids: [alice.uid], maxSize: 5 });

    const aliceSeesBob = waitForDoc(alice.db, `parties/${party.id}`, (p) => p?.memberUids.length === 2);
    // Players type codes loosely: lower case and a dash are fine.
    const typed = `${party.code.slice(0, 3).toLowerCase()}-${party.code.slice(3)}`;
    expect((await join(bob, typed)).memberUids).toEqual([alice.uid, bob.uid]);
    expect((await aliceSeesBob)?.members.map((m: { displayName: string }) => m.displayName)).toEqual(['Alice', 'Bob']);
    expect(await partyIdOf(bob.uid)).toBe(party.id);

    const aliceSeesLeave = waitForDoc(alice.db, `parties/${party.id}`, (p) => p?.memberUids.length === 1);
    await bob.call('leaveParty');
    await aliceSeesLeave;
    expect(await partyIdOf(bob.uid)).toBeNull();
  });

  it('hands leadership to the longest-standing member, and removes the party with its last member', async () => {
    const [a, b, c] = await Promise.all([devPlayer('Ann'), devPlayer('Ben'), devPlayer('Cat')]);
    const party = await create(a);
    await join(b, party.code);
    await join(c, party.code);
    const { party: afterLeave } = await a.call('leaveParty');
    expect(afterLeave?.leader).toBe(b.uid);
    await b.call('leaveParty');
    const { party: gone } = await c.call('leaveParty');
    expect(gone).toBeNull();
    expect((await db.doc(`parties/${party.id}`).get()).exists).toBe(false);
    expect((await db.doc(`partyCodes/${party.code}`).get()).exists).toBe(false);
    await expectRefusal(join(a, party.code), 'not-found', /No party has the code/);
  });

  it('lets only the leader kick, hand over and disband', async () => {
    const [lead, mate, other] = await Promise.all([devPlayer('Lead'), devPlayer('Mate'), devPlayer('Other')]);
    const party = await create(lead);
    await join(mate, party.code);
    await join(other, party.code);

    await expectRefusal(mate.call('kickPartyMember', { uid: other.uid }), 'permission-denied', /Only the party leader/);
    await expectRefusal(mate.call('disbandParty'), 'permission-denied');
    await expectRefusal(mate.call('transferPartyLeadership', { uid: mate.uid }), 'permission-denied');
    await expectRefusal(lead.call('kickPartyMember', { uid: 'dev:stranger' }), 'not-found');

    await lead.call('kickPartyMember', { uid: other.uid });
    expect(await partyIdOf(other.uid)).toBeNull();
    const { party: handed } = await lead.call('transferPartyLeadership', { uid: mate.uid });
    expect(handed.leader).toBe(mate.uid);
    await expectRefusal(lead.call('disbandParty'), 'permission-denied');

    await mate.call('disbandParty');
    expect(await partyIdOf(lead.uid)).toBeNull();
    expect(await partyIdOf(mate.uid)).toBeNull();
    expect((await db.doc(`parties/${party.id}`).get()).exists).toBe(false);
  });

  it('keeps a player in one party at a time', async () => {
    const [a, b] = await Promise.all([devPlayer('Solo A'), devPlayer('Solo B')]);
    const first = await create(a);
    await expectRefusal(create(a), 'failed-precondition', /already in a party/);
    const second = await create(b);
    await expectRefusal(join(a, second.code), 'failed-precondition', /already in another party/);
    await expectRefusal(join(a, first.code), 'failed-precondition', /already in this party/);
  });

  it('refuses unknown and expired codes, and retires a code the leader replaces', async () => {
    const [lead, friend] = await Promise.all([devPlayer('Leader'), devPlayer('Friend')]);
    const party = await create(lead);
    await expectRefusal(join(friend, 'ZZZZZZ'), 'not-found', /No party has the code ZZZZZZ/);

    // Time passes: the code's expiry is in the past.
    await db.doc(`partyCodes/${party.code}`).update({ expiresAt: Date.now() - 1 });
    await expectRefusal(join(friend, party.code), 'failed-precondition', /has expired/);

    const { party: renewed } = await lead.call('refreshPartyCode');
    expect(renewed.code).not.toBe(party.code);
    await expectRefusal(join(friend, party.code), 'not-found');
    expect((await join(friend, renewed.code)).memberUids).toHaveLength(2);
  });

  it('lets exactly the free slots be taken when joins race for them', async () => {
    const leader = await devPlayer('Racer Lead');
    const party = await create(leader);
    const racers = await Promise.all(Array.from({ length: party.maxSize + 3 }, (_, i) => devPlayer(`Racer ${i}`)));
    const outcomes = await Promise.allSettled(racers.map((r) => join(r, party.code)));
    const joined = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(joined).toHaveLength(party.maxSize - 1);
    for (const r of refused) expect(r.reason.message).toMatch(/full/);
    const stored = (await db.doc(`parties/${party.id}`).get()).data()!;
    expect(stored.memberUids).toHaveLength(party.maxSize);
    const inParty = await Promise.all(racers.map((r) => partyIdOf(r.uid)));
    expect(inParty.filter((id) => id === party.id)).toHaveLength(party.maxSize - 1);
    expect(inParty.filter((id) => id === null)).toHaveLength(4);
  });

  it.each([
    ['createParty', { name: 'x' }],
    ['joinParty', {}],
    ['joinParty', { code: 123456 }],
    ['joinParty', { code: 'ABC' }],
    ['joinParty', { code: 'ABCDE0' }],
    ['joinParty', { code: 'x'.repeat(5000) }],
    ['joinParty', { code: 'ABCDEF', party: 'p' }],
    ['leaveParty', { now: true }],
    ['kickPartyMember', {}],
    ['kickPartyMember', { uid: 42 }],
    ['kickPartyMember', { uid: 'u'.repeat(200) }],
    ['transferPartyLeadership', { uid: '' }],
    ['disbandParty', { force: true }],
    ['refreshPartyCode', 'now'],
  ])('answers %s(%j) with invalid-argument and changes nothing', async (name, data) => {
    const lead = await devPlayer('Validator');
    await create(lead);
    const before = await documentPaths();
    const stored = (await db.collection('parties').get()).docs.map((d) => d.data());
    await expectRefusal(lead.callUnchecked(name, data), 'invalid-argument');
    expect(await documentPaths()).toEqual(before);
    expect((await db.collection('parties').get()).docs.map((d) => d.data())).toEqual(stored);
  });
});
