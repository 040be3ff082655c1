import { beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, collectionGroup, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { as, seed } from '../support/rules.js';

const archive = (uid: string) => ({ uid, ladder: 'solo', season: 's1', rating: 1600, rank: 1, placed: true });

beforeEach(() =>
  seed({
    'players/alice': { uid: 'alice', displayName: 'Alice', ladders: {} },
    'players/alice/seasons/s1': archive('alice'),
    'players/bob/seasons/s1': archive('bob'),
    'ladders/solo/closes/s1': { ladder: 'solo', season: 's1', phase: 'done', top: [{ rank: 1, uid: 'alice' }] },
    'ladders/solo/extensions/s2': { ladder: 'solo', season: 's2', end: 2, configuredEnd: 1, by: 'op', at: 0 },
  }),
);

describe('season archives and final leaderboards', () => {
  it("lets a player read their own season archive and nobody else's", async () => {
    await assertSucceeds(getDoc(doc(as('alice'), 'players/alice/seasons/s1')));
    await assertSucceeds(getDocs(collection(as('alice'), 'players/alice/seasons')));
    await assertFails(getDoc(doc(as('alice'), 'players/bob/seasons/s1')));
    await assertFails(getDocs(collection(as('alice'), 'players/bob/seasons')));
    await assertFails(getDocs(query(collectionGroup(as('alice'), 'seasons'), where('season', '==', 's1'))));
    await assertFails(getDoc(doc(as(null), 'players/alice/seasons/s1')));
  });

  it('shows a final leaderboard to every signed-in player and to nobody else', async () => {
    await assertSucceeds(getDoc(doc(as('bob'), 'ladders/solo/closes/s1')));
    await assertSucceeds(getDocs(collection(as('bob'), 'ladders/solo/closes')));
    await assertFails(getDoc(doc(as(null), 'ladders/solo/closes/s1')));
  });

  it('refuses every client write to archives and closes', async () => {
    await assertFails(updateDoc(doc(as('alice'), 'players/alice/seasons/s1'), { rank: 0 }));
    await assertFails(setDoc(doc(as('alice'), 'players/alice/seasons/s2'), archive('alice')));
    await assertFails(updateDoc(doc(as('alice'), 'ladders/solo/closes/s1'), { phase: 'rollover' }));
    await assertFails(setDoc(doc(as('alice'), 'ladders/solo/closes/s2'), { phase: 'done', top: [] }));
  });

  it('keeps season extensions from every client: the seasons callable answers with them', async () => {
    await assertFails(getDoc(doc(as('alice'), 'ladders/solo/extensions/s2')));
    await assertFails(getDocs(collection(as('alice'), 'ladders/solo/extensions')));
    await assertFails(setDoc(doc(as('alice'), 'ladders/solo/extensions/s3'), { end: 9 }));
    await assertFails(updateDoc(doc(as('alice'), 'ladders/solo/extensions/s2'), { end: 9 }));
  });
});
