import { describe, expect, it } from 'vitest';
import { doc, getDoc } from 'firebase/firestore';
import functionsTest from 'firebase-functions-test';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { ladder } from '../../scripts/deployment.js';
import { anonymousPlayer, devPlayer, newClientApp } from '../support/client.js';
import { documentPaths, expectRefusal } from '../support/admin.js';
import { waitForDoc } from '../support/listen.js';

const fft = functionsTest();
const newcomer = { rating: 1500, games: 0, wins: 0, losses: 0, draws: 0 };

describe('login and profiles through the client SDK and the Functions emulator', () => {
  it('dev login issues a custom token; the profile has both ladders at the initial rating', async () => {
    const alice = await devPlayer('Alice');
    expect(alice.uid).toBe('dev:alice');
    const { player, state, presence } = await alice.call('getProfile');
    expect(player).toMatchObject({
      uid: 'dev:alice',
      displayName: 'Alice',
      ladders: { solo: newcomer, team: newcomer },
    });
    expect(state).toMatchObject({ ticketId: null, partyId: null, cooldownUntil: null });
    expect(presence).toEqual({ kind: 'idle' });
    // The client reads its own profile and state documents directly.
    expect((await getDoc(doc(alice.db, 'players', alice.uid))).data()?.displayName).toBe('Alice');
    expect((await getDoc(doc(alice.db, 'playerStates', alice.uid))).data()?.partyId).toBeNull();
  });

  it('maps a dev name to the same uid every time, whatever its case', async () => {
    const first = await devPlayer('Bob');
    const again = await devPlayer('bob');
    expect(again.uid).toBe(first.uid);
  });

  it("creates a profile on an anonymous player's first call, with a generated name", async () => {
    const guest = await anonymousPlayer();
    const { player } = await guest.call('getProfile');
    expect(player.displayName).toMatch(/^Player-[A-Za-z0-9]{1,6}$/);
    expect(Object.keys(player.ladders).sort()).toEqual(['ranked', 'solo', 'team']);
    expect(player.ladders).toMatchObject({ solo: newcomer, team: newcomer, ranked: newcomer });
  });

  it('refuses every callable but login without a signed-in user, writing nothing', async () => {
    const anonymous = newClientApp();
    await expectRefusal(anonymous.call('getProfile'), 'unauthenticated', /Sign in/);
    await expectRefusal(anonymous.call('setDisplayName', { displayName: 'Mallory' }), 'unauthenticated');
    expect(await documentPaths()).toEqual([]);
  });

  it('renames a player, and the change reaches their listener', async () => {
    const carol = await devPlayer('Carol');
    const renamed = waitForDoc(carol.db, `players/${carol.uid}`, (p) => p?.displayName !== 'Carol');
    await carol.call('setDisplayName', { displayName: '  卡罗尔 Carol ' });
    expect((await renamed)?.displayName).toBe('卡罗尔 Carol');
  });

  it.each([
    ['a number', { displayName: 42 }],
    ['nothing', {}],
    ['too long', { displayName: 'x'.repeat(25) }],
    ['too short', { displayName: 'x' }],
    ['a control character', { displayName: 'bad\u0000name' }],
    ['an emoji', { displayName: 'gg 🎮' }],
    ['an unknown field', { displayName: 'Valid', admin: true }],
    ['a string instead of an object', 'Valid'],
  ])('answers a rename with %s with invalid-argument and changes nothing', async (_label, data) => {
    const dave = await devPlayer('Dave');
    const before = await documentPaths();
    await expectRefusal(dave.callUnchecked('setDisplayName', data), 'invalid-argument', /displayName|Invalid request/);
    expect(await documentPaths()).toEqual(before);
    const { player } = await dave.call('getProfile');
    expect(player.displayName).toBe('Dave');
  });

  it.each([
    ['no provider', { name: 'Eve' }],
    ['an unknown provider', { provider: 'steam', name: 'Eve' }],
    ['a name of the wrong type', { provider: 'dev', name: ['Eve'] }],
    ['an oversized name', { provider: 'dev', name: 'E'.repeat(1000) }],
    ['a WeChat code with odd characters', { provider: 'wechat', code: 'abc/../def' }],
    ['an oversized WeChat code', { provider: 'wechat', code: 'a'.repeat(129) }],
    ['an extra field', { provider: 'dev', name: 'Eve', uid: 'dev:admin' }],
  ])('answers a login with %s with invalid-argument and writes nothing', async (_label, data) => {
    await expectRefusal(newClientApp().callUnchecked('login', data), 'invalid-argument');
    expect(await documentPaths()).toEqual([]);
  });
});

describe('the same handlers called in-process (firebase-functions-test)', () => {
  const { getProfile, login, setDisplayName } = ladder;
  // A callable request as the functions runtime hands it over, with an ID token when `uid` is given.
  const request = (data: unknown, uid?: string) =>
    ({ data, ...(uid ? { auth: { uid, token: { uid } } } : {}) }) as unknown as CallableRequest;

  it('creates and renames a profile', async () => {
    const profile = await fft.wrap(getProfile)(request({}, 'unit-1'));
    expect(profile.player.displayName).toBe('Player-unit1');
    const renamed = await fft.wrap(setDisplayName)(request({ displayName: 'Unit One' }, 'unit-1'));
    expect(renamed.player).toMatchObject({ uid: 'unit-1', displayName: 'Unit One', ladders: { solo: newcomer } });
  });

  it('keeps the dev provider off outside the emulators', async () => {
    expect(process.env.FUNCTIONS_EMULATOR).not.toBe('true');
    await expectRefusal(
      Promise.resolve(fft.wrap(login)(request({ provider: 'dev', name: 'Intruder' }))),
      'failed-precondition',
      /only available on the emulators/,
    );
    expect(await documentPaths()).toEqual([]);
  });
});
