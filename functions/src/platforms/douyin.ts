import { z } from 'zod';
import { fail, Failure, type FailureCode } from '../core/errors.js';
import { undocumentedRefusal } from './refusal.js';
import { assertConfigured, type PlatformSettings } from './settings.js';

/**
 * Douyin's `apps/v2/jscode2session` answer: `err_no` 0 with the player's ids in `data` (`openid` for a `code`,
 * `anonymous_openid` for an `anonymous_code`), or an error number with `err_tips`.
 */
const sessionSchema = z.object({
  err_no: z.number(),
  err_tips: z.string().optional(),
  data: z
    .object({
      openid: z.string().optional(),
      anonymous_openid: z.string().optional(),
    })
    .nullish(),
});

// Documented jscode2session error numbers, with what a client developer should do about each.
const errors: Record<number, [FailureCode, string]> = {
  40014: ['invalid-argument', 'the login request was incomplete; send the code or anonymousCode from tt.login()'],
  40018: ['invalid-argument', 'the login code is invalid or used; call tt.login() again for a fresh code'],
  40019: ['invalid-argument', 'the anonymous code is invalid or used; call tt.login() again for a fresh one'],
  40015: ['failed-precondition', "the server's Douyin app id is invalid; check the DOUYIN_APP_ID parameter"],
  40017: ['failed-precondition', "the server's Douyin app secret is invalid; check the DOUYIN_APP_SECRET secret"],
  [-1]: ['unavailable', 'Douyin is busy; retry shortly'],
};

async function post(settings: PlatformSettings, body: Record<string, string>): Promise<unknown> {
  try {
    const response = await fetch(new URL('/api/apps/v2/jscode2session', settings.apiBase), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok)
      fail('unavailable', `Douyin login failed: Douyin answered HTTP ${response.status}; retry shortly`);
    return await response.json();
  } catch (error) {
    if (error instanceof Failure) throw error;
    if ((error as Error).name === 'TimeoutError') {
      fail('deadline-exceeded', `Douyin login failed: Douyin did not answer within ${settings.timeoutMs} ms; retry`);
    }
    fail('unavailable', 'Douyin login failed: Douyin could not be reached; retry shortly');
  }
}

/**
 * Exchanges a `tt.login()` code for the player's openid, or an anonymous code for their anonymous openid (a
 * player who has not logged in to Douyin). The ids are kept apart: `anonymous` says which one it is.
 */
export async function douyinSession(
  settings: PlatformSettings,
  login: { code: string } | { anonymousCode: string },
): Promise<{ openid: string; anonymous: boolean }> {
  assertConfigured('Douyin', 'DOUYIN', settings);
  const anonymous = !('code' in login);
  const code: Record<string, string> = 'code' in login ? { code: login.code } : { anonymous_code: login.anonymousCode };
  const body = await post(settings, { appid: settings.appId, secret: settings.appSecret, ...code });
  const session = sessionSchema.safeParse(body);
  if (!session.success) fail('unavailable', 'Douyin login failed: Douyin sent an answer the server cannot read');
  const { err_no, err_tips, data } = session.data;
  if (err_no !== 0) {
    const [failure, message] = errors[err_no] ?? [
      'unavailable',
      undocumentedRefusal('Douyin', 'err_no', err_no, err_tips, settings.appSecret),
    ];
    fail(failure, `Douyin login failed: ${message}`, { errNo: err_no });
  }
  const openid = anonymous ? data?.anonymous_openid : data?.openid;
  if (!openid) fail('unavailable', 'Douyin login failed: Douyin returned no openid');
  return { openid, anonymous };
}
