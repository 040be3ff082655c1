import { beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { as, rulesEnv, seed } from '../support/rules.js';

const row = {
  id: 'a1',
  action: 'banPlayer',
  actor: 'op',
  target: 'bob',
  reason: 'aimbot',
  before: { ban: null },
  after: { ban: { at: 1, until: null, reason: 'aimbot', by: 'op' } },
  at: 1,
};
const ban = { at: 1, until: null, reason: 'aimbot', by: 'op' };

const pause = { target: '2v2', message: 'Back soon', by: 'op', at: 1 };

beforeEach(() => seed({ 'audit/a1': row, 'playerStates/bob': { ticketId: null, ban }, 'modePauses/2v2': pause }));

const operator = () => rulesEnv().authenticatedContext('op', { admin: true }).firestore();

describe('the audit of operator actions', () => {
  it('is read and listed by operators', async () => {
    await assertSucceeds(getDoc(doc(operator(), 'audit/a1')));
    await assertSucceeds(getDocs(collection(operator(), 'audit')));
  });

  it('is hidden from players (the one it names included), the signed-out and a claim that is not admin: true', async () => {
    await assertFails(getDoc(doc(as('bob'), 'audit/a1')));
    await assertFails(getDocs(collection(as('bob'), 'audit')));
    await assertFails(getDoc(doc(as(null), 'audit/a1')));
    const almost = rulesEnv().authenticatedContext('eve', { admin: 'true' }).firestore();
    await assertFails(getDoc(doc(almost, 'audit/a1')));
  });

  it('is written by nobody, operators included: a row cannot be forged, changed or removed', async () => {
    await assertFails(setDoc(doc(operator(), 'audit/a2'), { ...row, id: 'a2' }));
    await assertFails(updateDoc(doc(operator(), 'audit/a1'), { reason: 'nothing happened' }));
    await assertFails(deleteDoc(doc(operator(), 'audit/a1')));
    await assertFails(setDoc(doc(as('bob'), 'audit/a2'), { ...row, id: 'a2' }));
  });

  it("lets a banned player read their own ban on their state, operators too, and nobody else's", async () => {
    await assertSucceeds(getDoc(doc(as('bob'), 'playerStates/bob')));
    await assertSucceeds(getDoc(doc(operator(), 'playerStates/bob')));
    await assertSucceeds(getDocs(collection(operator(), 'players/bob/history')));
    await assertFails(getDocs(collection(as('eve'), 'players/bob/history')));
    await assertFails(updateDoc(doc(operator(), 'playerStates/bob'), { ban: null }));
    await assertFails(getDoc(doc(as('eve'), 'playerStates/bob')));
    await assertFails(updateDoc(doc(as('bob'), 'playerStates/bob'), { ban: null }));
  });

  it('shows a paused mode and its message to every signed-in player, and lets nobody pause or resume one', async () => {
    await assertSucceeds(getDoc(doc(as('bob'), 'modePauses/2v2')));
    await assertSucceeds(getDocs(collection(as('bob'), 'modePauses')));
    await assertFails(getDoc(doc(as(null), 'modePauses/2v2')));
    await assertFails(deleteDoc(doc(operator(), 'modePauses/2v2')));
    await assertFails(setDoc(doc(operator(), 'modePauses/1v1'), { ...pause, target: '1v1' }));
  });
});
