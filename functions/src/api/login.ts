import { getAuth } from 'firebase-admin/auth';
import { defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { z } from 'zod';
import { displayNameSchema } from '../core/player/displayName.js';
import { fail } from '../core/errors.js';
import { assertNotBanned } from '../core/ops/ban.js';
import { douyinSession } from '../platforms/douyin.js';
import { code2Session } from '../platforms/wechat.js';
import { app } from '../store/firestore/db.js';
import { ensurePlayer } from '../store/profile.js';
import { publicCallable } from './callable.js';
import type { LadderContext } from '../context.js';

/**
 * A platform login's parameters, declared only when the deployment turns it on (`login.wechat`, `login.douyin`):
 * every declared parameter is asked for at deploy, and a studio without the platform must not be asked for its
 * app id and secret.
 */
const declarePlatform = (prefix: 'WECHAT' | 'DOUYIN', name: string, apiBase: string) => ({
  appId: defineString(`${prefix}_APP_ID`, { description: `${name} mini-game app id` }),
  appSecret: defineSecret(`${prefix}_APP_SECRET`),
  apiBase: defineString(`${prefix}_API_BASE`, { default: apiBase }),
  timeoutMs: defineInt(`${prefix}_TIMEOUT_MS`, { default: 5000 }),
});
type Platform = ReturnType<typeof declarePlatform>;
type Platforms = { wechat: Platform | null; douyin: Platform | null };
/** Each ladder's platforms, declared as its login is defined: two ladders in one codebase may turn on different ones. */
const platformsOf = new WeakMap<LadderContext, Platforms>();

const loginCode = (from: string) =>
  z
    .string()
    .min(1)
    .max(256)
    .regex(/^[A-Za-z0-9_=+/.-]+$/, `must be the code returned by ${from}`);

const loginSchema = z.discriminatedUnion('provider', [
  z.strictObject({ provider: z.literal('dev'), name: displayNameSchema }),
  z.strictObject({
    provider: z.literal('wechat'),
    code: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be the code returned by wx.login()'),
  }),
  // tt.login() gives a `code` to a player logged in to Douyin, and an `anonymousCode` to every player.
  z
    .strictObject({
      provider: z.literal('douyin'),
      code: loginCode('tt.login()').optional(),
      anonymousCode: loginCode('tt.login() as anonymousCode').optional(),
    })
    .refine((input) => (input.code === undefined) !== (input.anonymousCode === undefined), {
      path: ['code'],
      message: 'send either code or anonymousCode from tt.login()',
    }),
]);

const onEmulator = () => process.env.FUNCTIONS_EMULATOR === 'true';

/** The stable uid the `dev` provider gives a player name (scripts grant it claims by name). */
export const devUid = (name: string) => `dev:${name.normalize('NFC').toLowerCase()}`;

const settingsOf = (platform: Platform) => ({
  apiBase: platform.apiBase.value(),
  appId: platform.appId.value(),
  appSecret: platform.appSecret.value(),
  timeoutMs: platform.timeoutMs.value(),
});

/** The uid a platform login maps to: `wechat:<openid>`, `douyin:<openid>`, `douyin-anonymous:<anonymous openid>`. */
async function platformUid(
  platforms: Platforms,
  input: Exclude<z.output<typeof loginSchema>, { provider: 'dev' }>,
): Promise<string> {
  if (input.provider === 'wechat') {
    if (!platforms.wechat) fail('failed-precondition', 'WeChat login is off in this deployment (login.wechat).');
    return `wechat:${(await code2Session(settingsOf(platforms.wechat), input.code)).openid}`;
  }
  if (!platforms.douyin) fail('failed-precondition', 'Douyin login is off in this deployment (login.douyin).');
  const { openid, anonymous } = await douyinSession(
    settingsOf(platforms.douyin),
    input.code ? { code: input.code } : { anonymousCode: input.anonymousCode ?? '' },
  );
  return anonymous ? `douyin-anonymous:${openid}` : `douyin:${openid}`;
}

/**
 * Exchanges a mini-game platform login for a Firebase custom token (`signInWithCustomToken` on the client).
 * `dev` maps a player name to a stable uid and exists only on the emulators, for local play and tests.
 */
export const login = publicCallable(
  loginSchema,
  async (input, ctx) => {
    let uid: string;
    let nameHint: string | undefined;
    if (input.provider === 'dev') {
      if (!onEmulator()) fail('failed-precondition', 'The dev login provider is only available on the emulators.');
      uid = devUid(input.name);
      nameHint = input.name;
    } else uid = await platformUid(platformsOf.get(ctx) ?? { wechat: null, douyin: null }, input);
    const { player, state } = await ensurePlayer(ctx, uid, nameHint);
    assertNotBanned(state.ban, 'sign in', ctx.clock.now());
    const token = await getAuth(app).createCustomToken(uid, { provider: input.provider });
    return { uid, token, displayName: player.displayName };
  },
  (ctx) => {
    const { config } = ctx;
    const platforms: Platforms = {
      wechat: config.login.wechat ? declarePlatform('WECHAT', 'WeChat', 'https://api.weixin.qq.com') : null,
      douyin: config.login.douyin ? declarePlatform('DOUYIN', 'Douyin', 'https://developer.toutiao.com') : null,
    };
    platformsOf.set(ctx, platforms);
    const secrets = [platforms.wechat?.appSecret, platforms.douyin?.appSecret].filter((s) => s !== undefined);
    return secrets.length ? { secrets } : {};
  },
);
