import { LadderError } from './errors.js';
import type { Services } from './services.js';
import type { LoginInput } from './types.js';

/** The signed-in player's uid; calls that need one fail with `unauthenticated` before sign-in. */
export function currentUid(services: Services): string {
  const uid = services.session.uid();
  if (!uid) throw new LadderError('unauthenticated', 'Sign in first (signInAnonymously or login).');
  return uid;
}

/** Waits for a persisted session (if the app's auth persistence keeps one) and returns its uid, or null. */
export async function restoreSession(services: Services): Promise<string | null> {
  await services.session.ready();
  return services.session.uid() ?? null;
}

export const signInAnonymously = (services: Services): Promise<string> => services.session.anonymous();

/**
 * Exchanges a platform login (a WeChat `wx.login()` or Douyin `tt.login()` code, or a dev name on the emulators)
 * for a session through the `login` callable.
 */
export async function login(services: Services, input: LoginInput): Promise<{ uid: string; displayName: string }> {
  const { uid, token, displayName } = await services.call('login', input);
  await services.session.withCustomToken(token);
  return { uid, displayName };
}

export const signOut = (services: Services): Promise<void> => services.session.signOut();
