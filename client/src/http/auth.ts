import { LadderError } from '../errors.js';
import type { Session } from '../services.js';
import type { Post } from './request.js';
import { utf8 } from './utf8.js';

/** Where the Auth REST API is: Google's hosts, the Auth emulator, or a relay that forwards both paths. */
export interface AuthEndpoints {
  /** `https://identitytoolkit.googleapis.com`, or a base that serves its paths (the emulator, a relay). */
  identity: string;
  /** `https://securetoken.googleapis.com`, or a base that serves its paths. */
  token: string;
  apiKey: string;
}

interface Tokens {
  uid: string;
  idToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A JWT's payload, decoded by hand: mini-game runtimes have neither `atob` nor `TextDecoder`. */
export function jwtPayload(jwt: string): Record<string, unknown> {
  const text = (jwt.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const index = BASE64.indexOf(char);
    if (index < 0) continue;
    value = (value << 6) | index;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  return JSON.parse(utf8(bytes)) as Record<string, unknown>;
}

/**
 * A Firebase Auth session kept over the REST API (in memory: a restarted game signs in again), refreshing the ID
 * token a minute before it expires.
 */
export function restSession(post: Post, endpoints: AuthEndpoints): Session & { idToken(): Promise<string | null> } {
  let tokens: Tokens | null = null;
  const send = async (url: string, body: unknown) => {
    const { status, body: answer } = await post(url, body, {}, 30_000);
    const error = (answer as { error?: { message?: string } } | null)?.error;
    if (status !== 200 || error) {
      throw new LadderError('unauthenticated', `Sign-in failed: ${error?.message ?? `HTTP ${status}`}`, { status });
    }
    return answer as Record<string, string>;
  };
  const identity = (method: string) =>
    `${endpoints.identity}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${endpoints.apiKey}`;
  const keep = (idToken: string, refreshToken: string, expiresIn: string) => {
    const uid = String(jwtPayload(idToken).user_id ?? jwtPayload(idToken).sub);
    tokens = { uid, idToken, refreshToken, expiresAt: Date.now() + Number(expiresIn) * 1000 };
    return uid;
  };
  const refresh = async (current: Tokens) => {
    const url = `${endpoints.token}/securetoken.googleapis.com/v1/token?key=${endpoints.apiKey}`;
    const answer = await send(url, { grant_type: 'refresh_token', refresh_token: current.refreshToken });
    if (tokens === current) keep(answer.id_token!, answer.refresh_token!, answer.expires_in!);
  };
  return {
    uid: () => tokens?.uid,
    ready: async () => {},
    anonymous: async () => {
      const answer = await send(identity('signUp'), { returnSecureToken: true });
      return keep(answer.idToken!, answer.refreshToken!, answer.expiresIn!);
    },
    withCustomToken: async (token) => {
      const answer = await send(identity('signInWithCustomToken'), { token, returnSecureToken: true });
      keep(answer.idToken!, answer.refreshToken!, answer.expiresIn!);
    },
    signOut: async () => {
      tokens = null;
    },
    idToken: async () => {
      const current = tokens;
      if (!current) return null;
      if (current.expiresAt - Date.now() < 60_000) await refresh(current);
      return tokens?.idToken ?? null;
    },
  };
}
