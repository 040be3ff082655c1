import { beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, setDoc, where } from 'firebase/firestore';
import { as, rulesEnv, seed } from '../support/rules.js';

const calibration = { day: '2026-11-22', mode: '1v1', ladder: 'solo', kind: 'team', bandOrder: [], bands: {} };
const room = { id: 'r1', mode: '1v1', status: 'settled', memberUids: ['alice', 'bob'], endedDay: '2026-11-22' };

beforeEach(() =>
  seed({
    'calibration/2026-11-22_1v1': calibration,
    'rooms/r1': room,
    'pools/1v1': { mode: '1v1', waitingPlayers: 3 },
  }),
);

const operator = () => rulesEnv().authenticatedContext('op', { admin: true }).firestore();

describe('what operators read', () => {
  it('let an operator read and list calibration days, any room, recent rooms by day, and the pools', async () => {
    await assertSucceeds(getDoc(doc(operator(), 'calibration/2026-11-22_1v1')));
    await assertSucceeds(getDocs(collection(operator(), 'calibration')));
    await assertSucceeds(getDoc(doc(operator(), 'rooms/r1')));
    await assertSucceeds(getDocs(query(collection(operator(), 'rooms'), where('endedDay', '==', '2026-11-22'))));
    await assertSucceeds(getDocs(query(collection(operator(), 'rooms'), limit(20))));
    await assertSucceeds(getDocs(collection(operator(), 'pools')));
  });

  it('hide calibration from players, the signed-out and a claim that is not admin: true', async () => {
    await assertFails(getDoc(doc(as('alice'), 'calibration/2026-11-22_1v1')));
    await assertFails(getDocs(collection(as('alice'), 'calibration')));
    await assertFails(getDoc(doc(as(null), 'calibration/2026-11-22_1v1')));
    const almost = rulesEnv().authenticatedContext('eve', { admin: 'true' }).firestore();
    await assertFails(getDoc(doc(almost, 'calibration/2026-11-22_1v1')));
    await assertFails(getDoc(doc(almost, 'rooms/r1')));
  });

  it('still show a room to its players only among non-operators, and let nobody list every room', async () => {
    await assertSucceeds(getDoc(doc(as('alice'), 'rooms/r1')));
    await assertFails(getDoc(doc(as('carol'), 'rooms/r1')));
    await assertFails(getDocs(query(collection(as('alice'), 'rooms'), where('endedDay', '==', '2026-11-22'))));
  });

  it('let nobody write calibration or rooms, operators included', async () => {
    await assertFails(setDoc(doc(operator(), 'calibration/2026-11-23_1v1'), calibration));
    await assertFails(deleteDoc(doc(operator(), 'calibration/2026-11-22_1v1')));
    await assertFails(setDoc(doc(operator(), 'rooms/r2'), { ...room, id: 'r2' }));
    await assertFails(setDoc(doc(as('alice'), 'calibration/2026-11-22_1v1'), calibration));
  });
});
