import { beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { as, seed } from '../support/rules.js';

beforeEach(() =>
  seed({
    'pools/1v1': { mode: '1v1', waitingPlayers: 3 },
    'pools/1v1/tickets/t1': { id: 't1', memberUids: ['alice', 'bob'], status: 'queued', score: 1520 },
    'pools/1v1/tickets/t2': { id: 't2', memberUids: ['carol'], status: 'queued', score: 1500 },
    'rooms/r1': { id: 'r1', memberUids: ['alice', 'carol'], status: 'active' },
    'rooms/r1/seen/alice': { uid: 'alice', at: 1 },
    'players/alice': { uid: 'alice', displayName: 'Alice' },
    'players/alice/history/r0': { roomId: 'r0', delta: 16 },
    'matcherLeases/1v1': { holder: 'run', expiresAt: 0 },
    'matcherRuns/run': { expiresAt: 0 },
    'pools/1v1/digest/0': { index: 0, count: 1, tickets: '[]' },
  }),
);

describe('queue, rooms and history', () => {
  it('shows every signed-in client the queue statistics, and nobody else', async () => {
    await assertSucceeds(getDoc(doc(as('dave'), 'pools/1v1')));
    await assertFails(getDoc(doc(as(null), 'pools/1v1')));
  });

  it('shows a ticket to the players on it only, and never the pool', async () => {
    await assertSucceeds(getDoc(doc(as('alice'), 'pools/1v1/tickets/t1')));
    await assertSucceeds(getDoc(doc(as('bob'), 'pools/1v1/tickets/t1')));
    await assertFails(getDoc(doc(as('carol'), 'pools/1v1/tickets/t1')));
    await assertFails(getDocs(collection(as('carol'), 'pools/1v1/tickets')));
    await assertFails(getDocs(query(collection(as('carol'), 'pools/1v1/tickets'), where('status', '==', 'queued'))));
    await assertSucceeds(
      getDocs(query(collection(as('carol'), 'pools/1v1/tickets'), where('memberUids', 'array-contains', 'carol'))),
    );
  });

  it('shows a room to its players only', async () => {
    await assertSucceeds(getDoc(doc(as('alice'), 'rooms/r1')));
    await assertSucceeds(getDoc(doc(as('carol'), 'rooms/r1')));
    await assertFails(getDoc(doc(as('bob'), 'rooms/r1')));
    await assertFails(getDocs(collection(as('bob'), 'rooms')));
  });

  it('shows a player their own history only', async () => {
    await assertSucceeds(getDoc(doc(as('alice'), 'players/alice/history/r0')));
    await assertSucceeds(getDocs(collection(as('alice'), 'players/alice/history')));
    await assertFails(getDoc(doc(as('bob'), 'players/alice/history/r0')));
  });

  it('keeps who saw a ready check to the server: no player reads or writes it, their own included', async () => {
    await assertFails(getDoc(doc(as('alice'), 'rooms/r1/seen/alice')));
    await assertFails(getDocs(collection(as('carol'), 'rooms/r1/seen')));
    await assertFails(setDoc(doc(as('carol'), 'rooms/r1/seen/carol'), { uid: 'carol', at: 2 }));
  });

  it('hides the matcher lease and the pool digests', async () => {
    await assertFails(getDoc(doc(as('alice'), 'matcherLeases/1v1')));
    await assertFails(getDoc(doc(as('alice'), 'matcherRuns/run')));
    await assertFails(getDoc(doc(as('alice'), 'pools/1v1/digest/0')));
    await assertFails(getDocs(collection(as('alice'), 'pools/1v1/digest')));
  });

  it('denies every direct write: tickets, rooms, results, ratings, history, statistics', async () => {
    await assertFails(
      setDoc(doc(as('dave'), 'pools/1v1/tickets/t3'), { memberUids: ['dave'], status: 'queued', score: 9999 }),
    );
    await assertFails(updateDoc(doc(as('alice'), 'pools/1v1/tickets/t1'), { status: 'cancelled' }));
    await assertFails(deleteDoc(doc(as('alice'), 'pools/1v1/tickets/t1')));
    await assertFails(updateDoc(doc(as('alice'), 'rooms/r1'), { status: 'settled', result: { outcome: 'A' } }));
    await assertFails(updateDoc(doc(as('alice'), 'rooms/r1'), { 'reports.alice': { outcome: 'A' } }));
    await assertFails(setDoc(doc(as('alice'), 'players/alice/history/r9'), { delta: 500 }));
    await assertFails(
      updateDoc(doc(as('alice'), 'players/alice'), { 'ladders.solo.rating': 2500, 'ladders.solo.wins': 99 }),
    );
    await assertFails(setDoc(doc(as('alice'), 'pools/1v1'), { waitingPlayers: 0 }));
    await assertFails(setDoc(doc(as('alice'), 'matcherLeases/1v1'), { holder: 'alice', expiresAt: 0 }));
    await assertFails(setDoc(doc(as('alice'), 'pools/1v1/digest/0'), { index: 0, count: 1, tickets: '[]' }));
  });
});
