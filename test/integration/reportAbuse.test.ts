import { describe, expect, it } from 'vitest';
import { getAuth } from 'firebase-admin/auth';
import { signInWithCustomToken } from 'firebase/auth';
import { app } from '../../functions/src/store/firestore/db.js';
import { newClientApp, type Client } from '../support/client.js';
import { db } from '../support/admin.js';
import { enqueue, expectInvariants, sideUids } from '../support/game.js';
import { players } from '../support/players.js';

async function gameServer(): Promise<Client> {
  const token = await getAuth(app).createCustomToken('game-server-abuse', { gameServer: true });
  const parts = newClientApp();
  await signInWithCustomToken(parts.auth, token);
  return { ...parts, uid: 'game-server-abuse' };
}

/** A 1v1 in which `liar` claims the win and the game server settles it for the other side. */
async function lostAndDenied(liar: Client, honest: Client, server: Client) {
  await enqueue(liar, '1v1');
  const { room } = await enqueue(honest, '1v1');
  const liarOnA = sideUids(room!)[0]!.includes(liar.uid);
  await liar.call('reportResult', { roomId: room!.id, outcome: liarOnA ? 'A' : 'B' });
  await honest.call('reportResult', { roomId: room!.id, outcome: liarOnA ? 'B' : 'A' });
  const { room: settled } = await server.call('reportResult', { roomId: room!.id, outcome: liarOnA ? 'B' : 'A' });
  expect(settled.status).toBe('settled');
  return settled;
}

describe('reports that contradict the settled result', () => {
  it('are counted per player, and flag the player for review past the threshold (2 in the tests)', async () => {
    const [liar, honest] = await players('Abuse Liar', 'Abuse Honest');
    const server = await gameServer();
    const first = await lostAndDenied(liar, honest, server);
    expect((await liar.call('getProfile')).state.falseReports).toBe(1);
    expect((await honest.call('getProfile')).state.falseReports).toBe(0);
    expect((await db.doc(`reviewFlags/${liar.uid}`).get()).exists).toBe(false);
    const second = await lostAndDenied(liar, honest, server);
    expect((await liar.call('getProfile')).state.falseReports).toBe(2);
    const flag = (await db.doc(`reviewFlags/${liar.uid}`).get()).data();
    expect(flag).toMatchObject({ uid: liar.uid, falseReports: 2, lastRoomId: second.id });
    expect(flag!.flaggedAt).toBeGreaterThanOrEqual(first.endedAt!);
    expect((await db.doc(`reviewFlags/${honest.uid}`).get()).exists).toBe(false);
    await expectInvariants();
  });
});
