import { beforeEach, describe, it } from 'vitest';
import { assertFails } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, setDoc } from 'firebase/firestore';
import { as, seed } from '../support/rules.js';

beforeEach(() =>
  seed({
    'blocks/alice': { uid: 'alice', blocked: [{ uid: 'bob', displayName: 'Bob', at: 1 }], updatedAt: 1 },
  }),
);

describe('block lists', () => {
  it('are readable by no client, not even their owner, and writable by none', async () => {
    await assertFails(getDoc(doc(as('alice'), 'blocks/alice')));
    await assertFails(getDoc(doc(as('bob'), 'blocks/alice')));
    await assertFails(getDocs(collection(as('alice'), 'blocks')));
    await assertFails(setDoc(doc(as('alice'), 'blocks/alice'), { uid: 'alice', blocked: [], updatedAt: 2 }));
  });
});
