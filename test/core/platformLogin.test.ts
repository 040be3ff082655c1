import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Failure } from '../../functions/src/core/errors.js';
import { douyinSession } from '../../functions/src/platforms/douyin.js';
import { redacted } from '../../functions/src/platforms/refusal.js';
import { code2Session } from '../../functions/src/platforms/wechat.js';

// Nothing listens on the discard port: a login that got as far as the network would fail as `unavailable`.
const settings = { apiBase: 'http://127.0.0.1:9', appId: 'app', appSecret: 'secret', timeoutMs: 500 };

async function refusal(login: Promise<unknown>) {
  const error = await login.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Failure);
  return error as Failure;
}

describe('a platform login the deployment is missing a setting for', () => {
  it.each([
    ['WECHAT_APP_ID parameter', { appId: '' }, /set the WECHAT_APP_ID parameter \(/],
    ['WECHAT_APP_SECRET secret', { appSecret: '' }, /set the WECHAT_APP_SECRET secret \(/],
    ['both', { appId: '', appSecret: '' }, /set the WECHAT_APP_ID parameter and the WECHAT_APP_SECRET secret/],
  ])('names the missing WeChat %s, before calling WeChat', async (_, missing, message) => {
    const error = await refusal(code2Session({ ...settings, ...missing }, 'code'));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toMatch(/^WeChat login is not configured on the server/);
    expect(error.message).toMatch(message);
  });

  it.each([
    ['DOUYIN_APP_ID parameter', { appId: '' }, /set the DOUYIN_APP_ID parameter \(/],
    ['DOUYIN_APP_SECRET secret', { appSecret: '' }, /set the DOUYIN_APP_SECRET secret \(/],
  ])('names the missing Douyin %s, for a code and for an anonymous code', async (_, missing, message) => {
    for (const login of [{ code: 'c' }, { anonymousCode: 'a' }]) {
      const error = await refusal(douyinSession({ ...settings, ...missing }, login));
      expect(error.code).toBe('failed-precondition');
      expect(error.message).toMatch(message);
    }
  });

  it('reaches for the platform once both are set (and says when it cannot)', async () => {
    expect((await refusal(code2Session(settings, 'code'))).code).toBe('unavailable');
  });
});

describe("a platform's error text as the server logs it", () => {
  it('never holds the app secret, however the platform quoted it', () => {
    const forms = [
      (s: string) => s,
      encodeURIComponent,
      (s: string) => `secret=${s}`,
      (s: string) => `"secret":"${s}"`,
      (s: string) => `secret: ${s.toUpperCase()}`,
    ];
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9a-f]{16,40}$/),
        fc.integer({ min: 0, max: forms.length - 1 }),
        fc.string({ maxLength: 100 }),
        fc.string({ maxLength: 100 }),
        (secret, form, before, after) => {
          const logged = redacted(`${before}${forms[form]!(secret)}${after}`, secret).toLowerCase();
          expect(logged).not.toContain(secret);
        },
      ),
    );
  });

  it('keeps the rest of the text, cut to a line', () => {
    expect(redacted('invalid code, rid: 5f1c', 'abc123abc123abc1')).toBe('invalid code, rid: 5f1c');
    expect(redacted('appid=wx1&secret=anything&js_code=c', 'other')).toBe('appid=wx1&secret=[secret]&js_code=c');
    expect(redacted('x'.repeat(1000), 'abc123abc123abc1').length).toBeLessThanOrEqual(301);
  });
});
