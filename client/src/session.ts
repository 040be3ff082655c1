import { signInAnonymously as anonymous, signInWithCustomToken, signOut as endSession } from 'firebase/auth';
import type { Services } from './connect.js';
import { LadderError, toLadderError } from './errors.js';
import type { LoginInput } from './types.js';

/** The signed-in player's uid; calls that need one fail with `unauthenticated` before sign-in. */
export function currentUid(services: Services): string {
  const uid = services.auth.currentUser?.uid;
  if (!uid) throw new LadderError('unauthenticated', 'Sign in first (signInAnonymously or login).');
  return uid;
}

/** Waits for a persisted session (if the app's auth persistence keeps one) and returns its uid, or null. */
export async function restoreSession(services: Services): Promise<string | null> {
  await services.auth.authStateReady();
  return services.auth.currentUser?.uid ?? null;
}

export async function signInAnonymously(services: Services): Promise<string> {
  try {
    return (await anonymous(services.auth)).user.uid;
  } catch (error) {
    throw toLadderError(error);
  }
}

/**
 * Exchanges a platform login (a WeChat `wx.login()` code, or a dev name on the emulators) for a Firebase
 * session through the `login` callable.
 */
export async function login(services: Services, input: LoginInput): Promise<{ uid: string; displayName: string }> {
  const { uid, token, displayName } = await services.call('login', input);
  try {
    await signInWithCustomToken(services.auth, token);
  } catch (error) {
    throw toLadderError(error);
  }
  return { uid, displayName };
}

export async function signOut(services: Services): Promise<void> {
  await endSession(services.auth);
}
