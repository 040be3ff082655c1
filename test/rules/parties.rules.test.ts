import { beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { as, seed } from '../support/rules.js';

beforeEach(() =>
  seed({
    'parties/p1': { id: 'p1', leader: 'alice', memberUids: ['alice', 'bob'], code: 'ABCDEF' },
    'partyCodes/ABCDEF': { partyId: 'p1', expiresAt: Date.now() + 60_000 },
  }),
);

describe('parties', () => {
  it('lets members, and only members, read their party', async () => {
    await assertSucceeds(getDoc(doc(as('alice'), 'parties/p1')));
    await assertSucceeds(getDoc(doc(as('bob'), 'parties/p1')));
    await assertFails(getDoc(doc(as('carol'), 'parties/p1')));
    await assertFails(getDoc(doc(as(null), 'parties/p1')));
  });

  it('keeps join codes from being read or enumerated by anyone', async () => {
    await assertFails(getDoc(doc(as('alice'), 'partyCodes/ABCDEF')));
    await assertFails(getDocs(collection(as('carol'), 'partyCodes')));
    await assertFails(getDocs(collection(as('carol'), 'parties')));
  });

  it('denies every direct write, even by the leader', async () => {
    await assertFails(updateDoc(doc(as('alice'), 'parties/p1'), { memberUids: ['alice', 'bob', 'carol'] }));
    await assertFails(setDoc(doc(as('carol'), 'parties/p2'), { leader: 'carol', memberUids: ['carol'] }));
    await assertFails(deleteDoc(doc(as('alice'), 'parties/p1')));
    await assertFails(setDoc(doc(as('carol'), 'partyCodes/ZZZZZZ'), { partyId: 'p1' }));
  });
});
