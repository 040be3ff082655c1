import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import { signInWithCustomToken } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoker, type EmulatorHosts } from '@ladder/client';
import { firebaseServices } from '@ladder/client/firestore';
import { emulatorHostsOf, PROJECT_ID, startStack, type Stack } from '../../scripts/emulators.js';
import { expectRefusal } from '../support/admin.js';
import { devPlayer, newApp } from '../support/client.js';
import { useTestConfig } from '../support/config.js';

// A second Auth and Functions emulator pair beside the test stack (sharing its Firestore), whose functions load
// the test configuration with `fairPlay.enforceAppCheck: true`.
const CONFIG = useTestConfig('app-check', (enforcing) => {
  enforcing.fairPlay.enforceAppCheck = true;
});

/**
 * An App Check token shaped as App Check's token exchange returns one (a JWT naming the app in `sub`), unsigned.
 * The exchange of a debug token is a call to Google's App Check service, which has no emulator; the Functions
 * emulator runs the functions with token verification skipped, so it decodes the token without checking it.
 */
const APP_ID = '1:123456789:web:ladder';
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const appCheckToken = () => {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: APP_ID,
    aud: [`projects/${PROJECT_ID}`],
    iss: 'https://firebaseappcheck.googleapis.com/1',
    iat: now,
    exp: now + 3600,
  };
  return `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
};

let stack: Stack;
let hosts: EmulatorHosts;

/** A game client of the enforcing functions, with App Check set up (a token provider) or not. */
function gameClient(token: (() => string) | null) {
  const app = newApp();
  if (token) {
    const provider = new CustomProvider({
      getToken: async () => ({ token: token(), expireTimeMillis: Date.now() + 3_600_000 }),
    });
    initializeAppCheck(app, { provider, isTokenAutoRefreshEnabled: false });
  }
  const services = firebaseServices(app, hosts);
  return { ...services, call: invoker(services.functions) };
}

describe('App Check enforcement (fairPlay.enforceAppCheck) on the emulators', () => {
  beforeAll(async () => {
    stack = await startStack({ output: 'files', extra: { env: { LADDER_CONFIG: CONFIG } } });
    hosts = emulatorHostsOf(stack);
  }, 180_000);
  afterAll(() => stack?.stop());

  it('refuses a call without an App Check token with unauthenticated, before the function runs', async () => {
    const bare = gameClient(null);
    await expectRefusal(
      bare.call('login', { provider: 'dev', name: 'No Check' }),
      'unauthenticated',
      /Unauthenticated/,
    );
    // Signed in (with a token from a client that has App Check), the bare client is still refused.
    const checked = gameClient(appCheckToken);
    const { token } = await checked.call('login', { provider: 'dev', name: 'Signed In' });
    await signInWithCustomToken(bare.auth, token);
    await expectRefusal(bare.call('getProfile'), 'unauthenticated');
  });

  it('serves a client whose App Check provider hands it a token', async () => {
    const client = gameClient(appCheckToken);
    const { token } = await client.call('login', { provider: 'dev', name: 'App Checked' });
    await signInWithCustomToken(client.auth, token);
    const { player } = await client.call('getProfile');
    expect(player).toMatchObject({ uid: client.auth.currentUser!.uid, displayName: 'App Checked' });
  });

  it('serves the same call without a token where enforcement is off (the test stack)', async () => {
    const player = await devPlayer('Not Enforced');
    expect((await player.call('getProfile')).player.uid).toBe(player.uid);
  });

  it('does not verify tokens on the emulator: any token passes, so only a real project tests a forged one', async () => {
    const forged = gameClient(() => 'not-a-token');
    expect((await forged.call('login', { provider: 'dev', name: 'Forged' })).token).toEqual(expect.any(String));
  });
});
