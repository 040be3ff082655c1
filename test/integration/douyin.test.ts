import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCustomToken } from 'firebase/auth';
import { documentPaths, expectRefusal } from '../support/admin.js';
import { loggedLine } from '../support/logs.js';
import { newClientApp } from '../support/client.js';

// deploy/.env.local (this repository's codebase) points the emulated functions at this address instead of developer.toutiao.com.
const DOUYIN_PORT = 9290;
const requests: { path: string; method: string; body: Record<string, string> }[] = [];
let server: Server;

/**
 * Stands in for Douyin's `apps/v2/jscode2session` (POST, JSON body): one code or anonymous code is used once, and
 * the code chooses the answer.
 */
function answer(body: Record<string, string>): { status: number; body: string; delayMs?: number } {
  const json = (value: object) => ({ status: 200, body: JSON.stringify(value) });
  const code = body.code ?? body.anonymous_code;
  if (!code) return json({ err_no: 40014, err_tips: 'bad params' });
  if (code.startsWith('ok-')) {
    const data = body.code
      ? { openid: `openid-${code.slice(3)}`, session_key: 'key', unionid: 'u' }
      : { anonymous_openid: `anon-${code.slice(3)}`, session_key: '' };
    return json({ err_no: 0, err_tips: 'success', data });
  }
  const numbers: Record<string, number> = {
    invalid: 40018,
    badanon: 40019,
    appid: 40015,
    secret: 40017,
    busy: -1,
    odd: 12345,
  };
  if (code in numbers) return json({ err_no: numbers[code], err_tips: `stub ${code}`, data: null });
  // An answer that quotes the request back, secret and all, as an undocumented error's text may.
  if (code.startsWith('hostile-')) {
    const echo = JSON.stringify({ appid: body.appid, secret: body.secret, code });
    return json({ err_no: 23456, err_tips: `bad request ${echo}`, data: null });
  }
  if (code === 'slow') return { ...json({ err_no: 0, data: { openid: 'late' } }), delayMs: 3_000 };
  if (code === 'broken') return { status: 502, body: 'bad gateway' };
  return { status: 200, body: 'not json' };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, string>;
      requests.push({ path: req.url!, method: req.method!, body });
      const { status, body: text, delayMs = 0 } = answer(body);
      setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(text), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(DOUYIN_PORT, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Douyin login', () => {
  it("exchanges a tt.login() code for a custom token bound to the player's openid", async () => {
    const client = newClientApp();
    const result = await client.call('login', { provider: 'douyin', code: 'ok-123' });
    expect(result.uid).toBe('douyin:openid-123');
    expect(requests.at(-1)).toEqual({
      path: '/api/apps/v2/jscode2session',
      method: 'POST',
      body: { appid: 'tt-emulator-app', secret: 'emulator-only-douyin-secret', code: 'ok-123' },
    });
    const { user } = await signInWithCustomToken(client.auth, result.token);
    expect(user.uid).toBe('douyin:openid-123');
    expect((await client.call('getProfile')).player.ladders.solo?.rating).toBe(1500);
  });

  it('signs a player without a Douyin login in by their anonymous openid, apart from logged-in ids', async () => {
    const client = newClientApp();
    const result = await client.call('login', { provider: 'douyin', anonymousCode: 'ok-123' });
    expect(result.uid).toBe('douyin-anonymous:anon-123');
    expect(requests.at(-1)!.body).toEqual({
      appid: 'tt-emulator-app',
      secret: 'emulator-only-douyin-secret',
      anonymous_code: 'ok-123',
    });
    const { user } = await signInWithCustomToken(client.auth, result.token);
    expect(user.uid).toBe('douyin-anonymous:anon-123');
  });

  it.each([
    ['invalid', 'invalid-argument', /login code is invalid or used; call tt.login\(\) again/],
    ['appid', 'failed-precondition', /DOUYIN_APP_ID/],
    ['secret', 'failed-precondition', /DOUYIN_APP_SECRET/],
    ['busy', 'unavailable', /Douyin is busy/],
    ['odd', 'unavailable', /err_no 12345\); the server logged the details/],
    ['slow', 'deadline-exceeded', /did not answer within 1500 ms/],
    ['broken', 'unavailable', /HTTP 502/],
    ['garbled', 'unavailable', /could not be reached|cannot read/],
  ])('maps the answer for code "%s" to %s and writes nothing', async (code, expected, message) => {
    await expectRefusal(newClientApp().call('login', { provider: 'douyin', code }), expected, message);
    expect(await documentPaths()).toEqual([]);
  });

  it('maps a refused anonymous code, and refuses a login with neither code naming the field', async () => {
    await expectRefusal(
      newClientApp().call('login', { provider: 'douyin', anonymousCode: 'badanon' }),
      'invalid-argument',
      /anonymous code is invalid/,
    );
    await expectRefusal(
      newClientApp().callUnchecked('login', { provider: 'douyin' }),
      'invalid-argument',
      /code: send either code or anonymousCode/,
    );
    await expectRefusal(
      newClientApp().callUnchecked('login', { provider: 'douyin', code: 'ok-1', anonymousCode: 'ok-2' }),
      'invalid-argument',
      /code: send either code or anonymousCode/,
    );
    await expectRefusal(
      newClientApp().callUnchecked('login', { provider: 'douyin', code: 'has space' }),
      'invalid-argument',
      /code: must be the code returned by tt.login\(\)/,
    );
  });

  it("keeps an undocumented error's text in the server log and out of the player's hands", async () => {
    const code = `hostile-${randomUUID()}`;
    const error = await expectRefusal(newClientApp().call('login', { provider: 'douyin', code }), 'unavailable');
    // The SDK adds the HTTP status.
    expect(error.message).toMatch(
      /^Douyin login failed: Douyin refused the login \(err_no 23456\); the server logged the details( \[\d+\])?$/,
    );
    expect(`${error.message} ${JSON.stringify(error)}`).not.toMatch(/secret|bad request/);
    expect((error as { details?: unknown }).details).toEqual({ errNo: 23456 });
    const logged = await loggedLine(code);
    expect(logged).toContain('[secret]');
    expect(logged).not.toContain('emulator-only-douyin-secret');
  });
});
