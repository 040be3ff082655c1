import { z } from 'zod';
import { fail, Failure, type FailureCode } from '../core/errors.js';
import { undocumentedRefusal } from './refusal.js';
import { assertConfigured, type PlatformSettings } from './settings.js';

/** WeChat's `jscode2session` answer: an identity, or an `errcode` with a message. */
const sessionSchema = z.object({
  openid: z.string().min(1).optional(),
  unionid: z.string().optional(),
  errcode: z.number().optional(),
  errmsg: z.string().optional(),
});

// Documented code2Session error codes, with what a client developer should do about each.
const errors: Record<number, [FailureCode, string]> = {
  40029: ['invalid-argument', 'the login code is invalid; call wx.login() again for a fresh code'],
  40163: ['invalid-argument', 'the login code was already used; call wx.login() again for a fresh code'],
  45011: ['resource-exhausted', 'WeChat rate-limited this player; wait a minute before logging in again'],
  40226: ['permission-denied', 'WeChat flagged this user as high-risk and refused the login'],
  [-1]: ['unavailable', 'WeChat is busy; retry shortly'],
  40013: ['failed-precondition', "the server's WeChat app id is invalid; check the WECHAT_APP_ID parameter"],
  40125: ['failed-precondition', "the server's WeChat app secret is invalid; check the WECHAT_APP_SECRET secret"],
};

/** Exchanges a mini-game login code for the player's openid. */
export async function code2Session(settings: PlatformSettings, code: string): Promise<{ openid: string }> {
  assertConfigured('WeChat', 'WECHAT', settings);
  const url = new URL('/sns/jscode2session', settings.apiBase);
  url.search = new URLSearchParams({
    appid: settings.appId,
    secret: settings.appSecret,
    js_code: code,
    grant_type: 'authorization_code',
  }).toString();

  let body: unknown;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs) });
    if (!response.ok)
      fail('unavailable', `WeChat login failed: WeChat answered HTTP ${response.status}; retry shortly`);
    body = await response.json();
  } catch (error) {
    if (error instanceof Failure) throw error;
    if ((error as Error).name === 'TimeoutError') {
      fail('deadline-exceeded', `WeChat login failed: WeChat did not answer within ${settings.timeoutMs} ms; retry`);
    }
    fail('unavailable', 'WeChat login failed: WeChat could not be reached; retry shortly');
  }

  const session = sessionSchema.safeParse(body);
  if (!session.success) fail('unavailable', 'WeChat login failed: WeChat sent an answer the server cannot read');
  const { openid, errcode, errmsg } = session.data;
  if (errcode) {
    const [code, message] = errors[errcode] ?? [
      'unavailable',
      undocumentedRefusal('WeChat', 'errcode', errcode, errmsg, settings.appSecret),
    ];
    fail(code, `WeChat login failed: ${message}`, { errcode });
  }
  if (!openid) fail('unavailable', 'WeChat login failed: WeChat returned no openid');
  return { openid };
}
