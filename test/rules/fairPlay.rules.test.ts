import { beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore';
import { as, rulesEnv, seed } from '../support/rules.js';

const flag = { uid: 'mallory', falseReports: 5, flaggedAt: 1, lastRoomId: 'r1', updatedAt: 1 };

beforeEach(() =>
  seed({
    'reviewFlags/mallory': flag,
    'playerStates/mallory': { mode: null, ticketId: null, calls: { tokens: 3, at: 1 }, updatedAt: 1 },
  }),
);

const operator = () => rulesEnv().authenticatedContext('op', { admin: true }).firestore();

describe('review flags and rate-limit buckets', () => {
  it('let an operator with the admin claim read and list review flags', async () => {
    await assertSucceeds(getDoc(doc(operator(), 'reviewFlags/mallory')));
    await assertSucceeds(getDocs(collection(operator(), 'reviewFlags')));
  });

  it('hide review flags from players, the flagged one included, and from a claim that is not admin: true', async () => {
    await assertFails(getDoc(doc(as('mallory'), 'reviewFlags/mallory')));
    await assertFails(getDocs(collection(as('alice'), 'reviewFlags')));
    await assertFails(getDoc(doc(as(null), 'reviewFlags/mallory')));
    const almost = rulesEnv().authenticatedContext('eve', { admin: 'true' }).firestore();
    await assertFails(getDoc(doc(almost, 'reviewFlags/mallory')));
  });

  it("let nobody write a flag or a bucket, operators included, and nobody read another player's bucket", async () => {
    await assertFails(setDoc(doc(operator(), 'reviewFlags/alice'), { ...flag, uid: 'alice' }));
    await assertFails(deleteDoc(doc(operator(), 'reviewFlags/mallory')));
    await assertFails(deleteDoc(doc(as('mallory'), 'reviewFlags/mallory')));
    // The bucket is `calls` on the player's private state: theirs to read, as the rest of it.
    await assertSucceeds(getDoc(doc(as('mallory'), 'playerStates/mallory')));
    await assertFails(getDoc(doc(as('alice'), 'playerStates/mallory')));
    const refilled = { mode: null, ticketId: null, calls: { tokens: 40, at: 2 }, updatedAt: 2 };
    await assertFails(setDoc(doc(as('mallory'), 'playerStates/mallory'), refilled));
  });
});
