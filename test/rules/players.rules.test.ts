import { beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { as, seed } from '../support/rules.js';

const standing = { rating: 1500, games: 0, wins: 0, losses: 0, draws: 0 };

beforeEach(() =>
  seed({
    'players/alice': { uid: 'alice', displayName: 'Alice', ladders: { solo: standing } },
    'players/bob': { uid: 'bob', displayName: 'Bob', ladders: { solo: standing } },
    'playerStates/alice': { ticketId: null, partyId: null },
    'playerStates/bob': { ticketId: 't1', partyId: 'p1' },
  }),
);

const alice = () => as('alice');
const stranger = () => as(null);

describe('players and their states', () => {
  it('lets a signed-in player read any public profile and list them for a leaderboard', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'players/alice')));
    await assertSucceeds(getDoc(doc(alice(), 'players/bob')));
    await assertSucceeds(
      getDocs(query(collection(alice(), 'players'), orderBy('ladders.solo.rating', 'desc'), limit(10))),
    );
  });

  it('hides profiles from clients that are not signed in', async () => {
    await assertFails(getDoc(doc(stranger(), 'players/alice')));
    await assertFails(getDocs(collection(stranger(), 'players')));
  });

  it("lets a player read their own state and nobody else's", async () => {
    await assertSucceeds(getDoc(doc(alice(), 'playerStates/alice')));
    await assertFails(getDoc(doc(alice(), 'playerStates/bob')));
    await assertFails(getDocs(collection(alice(), 'playerStates')));
    await assertFails(getDoc(doc(stranger(), 'playerStates/alice')));
  });

  it("denies every direct write, even to a player's own documents", async () => {
    await assertFails(updateDoc(doc(alice(), 'players/alice'), { 'ladders.solo.rating': 3000 }));
    await assertFails(setDoc(doc(alice(), 'players/mallory'), { uid: 'mallory', displayName: 'M' }));
    await assertFails(deleteDoc(doc(alice(), 'players/bob')));
    await assertFails(updateDoc(doc(alice(), 'playerStates/alice'), { partyId: 'p1' }));
    await assertFails(setDoc(doc(alice(), 'anything/else'), { x: 1 }));
    await assertFails(setDoc(doc(stranger(), 'players/alice'), { displayName: 'Hacked' }));
  });

  it('denies reading collections no rule names', async () => {
    await assertFails(getDoc(doc(alice(), 'anything/else')));
  });
});
