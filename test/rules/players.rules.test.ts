import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, it, inject } from 'vitest';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, setDoc, setLogLevel, updateDoc } from 'firebase/firestore';

let env: RulesTestEnvironment;
// Denied requests are the point of these tests; the SDK would log each one.
setLogLevel('silent');

beforeAll(async () => {
  const [host, port] = inject('endpoints').firestoreHost.split(':');
  env = await initializeTestEnvironment({
    // A project of its own, so loading rules and clearing data never touch the functions' project.
    projectId: 'demo-ladder-rules',
    firestore: { host: host!, port: Number(port), rules: readFileSync('firestore.rules', 'utf8') },
  });
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    const standing = { rating: 1500, games: 0, wins: 0, losses: 0, draws: 0 };
    await setDoc(doc(db, 'players/alice'), { uid: 'alice', displayName: 'Alice', ladders: { solo: standing } });
    await setDoc(doc(db, 'players/bob'), { uid: 'bob', displayName: 'Bob', ladders: { solo: standing } });
    await setDoc(doc(db, 'playerStates/alice'), { status: 'idle' });
    await setDoc(doc(db, 'playerStates/bob'), { status: 'queued' });
  });
});

afterAll(() => env.cleanup());

const alice = () => env.authenticatedContext('alice').firestore();
const stranger = () => env.unauthenticatedContext().firestore();

describe('players and their states', () => {
  it('lets a signed-in player read any public profile and list them for a leaderboard', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'players/alice')));
    await assertSucceeds(getDoc(doc(alice(), 'players/bob')));
    await assertSucceeds(getDocs(query(collection(alice(), 'players'), orderBy('ladders.solo.rating', 'desc'), limit(10))));
  });

  it('hides profiles from clients that are not signed in', async () => {
    await assertFails(getDoc(doc(stranger(), 'players/alice')));
    await assertFails(getDocs(collection(stranger(), 'players')));
  });

  it('lets a player read their own state and nobody else\'s', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'playerStates/alice')));
    await assertFails(getDoc(doc(alice(), 'playerStates/bob')));
    await assertFails(getDocs(collection(alice(), 'playerStates')));
    await assertFails(getDoc(doc(stranger(), 'playerStates/alice')));
  });

  it('denies every direct write, even to a player\'s own documents', async () => {
    await assertFails(updateDoc(doc(alice(), 'players/alice'), { 'ladders.solo.rating': 3000 }));
    await assertFails(setDoc(doc(alice(), 'players/mallory'), { uid: 'mallory', displayName: 'M' }));
    await assertFails(deleteDoc(doc(alice(), 'players/bob')));
    await assertFails(updateDoc(doc(alice(), 'playerStates/alice'), { status: 'inRoom' }));
    await assertFails(setDoc(doc(alice(), 'anything/else'), { x: 1 }));
    await assertFails(setDoc(doc(stranger(), 'players/alice'), { displayName: 'Hacked' }));
  });

  it('denies reading collections no rule names', async () => {
    await assertFails(getDoc(doc(alice(), 'anything/else')));
  });
});
