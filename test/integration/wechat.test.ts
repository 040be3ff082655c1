import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithCustomToken } from 'firebase/auth';
import { newClientApp } from '../support/client.js';
import { documentPaths, expectRefusal } from '../support/admin.js';
import { loggedLine } from '../support/logs.js';

// deploy/.env.local (this repository's codebase) points the emulated functions at this address instead of api.weixin.qq.com.
const WECHAT_PORT = 9289;
const requests: URLSearchParams[] = [];
let server: Server;

/** Stands in for WeChat's code2Session endpoint; the login code chooses the answer. */
function answer(code: string): { status: number; body: string; delayMs?: number } {
  const json = (value: object) => ({ status: 200, body: JSON.stringify(value) });
  if (code.startsWith('ok-')) return json({ openid: `openid-${code.slice(3)}`, session_key: 'session' });
  const errcodes: Record<string, number> = {
    invalid: 40029,
    used: 40163,
    limited: 45011,
    risky: 40226,
    busy: -1,
    odd: 99999,
  };
  if (code in errcodes) return json({ errcode: errcodes[code], errmsg: `stub ${code}` });
  // An answer that quotes the request back, secret and all, as an undocumented error's text may.
  if (code.startsWith('hostile-')) {
    const request = `appid=wx-emulator-app&secret=emulator-only-secret&js_code=${code}`;
    return json({ errcode: 61234, errmsg: `invalid request: ${request}, rid: 5f1c` });
  }
  if (code === 'slow') return { ...json({ openid: 'late' }), delayMs: 3_000 };
  if (code === 'broken') return { status: 502, body: 'bad gateway' };
  return { status: 200, body: 'not json' };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const query = new URL(req.url!, 'http://stub').searchParams;
    requests.push(query);
    const { status, body, delayMs = 0 } = answer(query.get('js_code') ?? '');
    setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(body), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(WECHAT_PORT, '127.0.0.1', resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('WeChat login', () => {
  it("exchanges a code for a custom token bound to the player's openid", async () => {
    const client = newClientApp();
    const result = await client.call('login', { provider: 'wechat', code: 'ok-123' });
    expect(result.uid).toBe('wechat:openid-123');
    const sent = requests.at(-1)!;
    expect(Object.fromEntries(sent)).toEqual({
      appid: 'wx-emulator-app',
      secret: 'emulator-only-secret',
      js_code: 'ok-123',
      grant_type: 'authorization_code',
    });
    const { user } = await signInWithCustomToken(client.auth, result.token);
    expect(user.uid).toBe('wechat:openid-123');
    const { player } = await client.call('getProfile');
    expect(player.ladders.solo?.rating).toBe(1500);
  });

  it.each([
    ['invalid', 'invalid-argument', /invalid; call wx.login\(\) again/],
    ['used', 'invalid-argument', /already used/],
    ['limited', 'resource-exhausted', /rate-limited/],
    ['risky', 'permission-denied', /high-risk/],
    ['busy', 'unavailable', /busy/],
    ['odd', 'unavailable', /errcode 99999\); the server logged the details/],
    ['slow', 'deadline-exceeded', /did not answer within 1500 ms/],
    ['broken', 'unavailable', /HTTP 502/],
    ['garbled', 'unavailable', /could not be reached|cannot read/],
  ])('maps the WeChat answer for code "%s" to %s and writes nothing', async (code, expected, message) => {
    await expectRefusal(newClientApp().call('login', { provider: 'wechat', code }), expected, message);
    expect(await documentPaths()).toEqual([]);
  });

  it("keeps an undocumented error's text in the server log and out of the player's hands", async () => {
    const code = `hostile-${randomUUID()}`;
    const error = await expectRefusal(newClientApp().call('login', { provider: 'wechat', code }), 'unavailable');
    // The SDK adds the HTTP status.
    expect(error.message).toMatch(
      /^WeChat login failed: WeChat refused the login \(errcode 61234\); the server logged the details( \[\d+\])?$/,
    );
    expect(`${error.message} ${JSON.stringify(error)}`).not.toMatch(
      /secret=|emulator-only-secret|invalid request|5f1c/,
    );
    expect((error as { details?: unknown }).details).toEqual({ errcode: 61234 });
    // The text is in the server's log, with the secret taken out.
    const logged = await loggedLine(code);
    expect(logged).toContain('errcode');
    expect(logged).toContain('secret=[secret]');
    expect(logged).not.toContain('emulator-only-secret');
  });
});
