import { getAuth } from 'firebase-admin/auth';
import { defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { z } from 'zod';
import { displayNameSchema } from '../core/player/displayName.js';
import { fail } from '../core/errors.js';
import { douyinSession } from '../platforms/douyin.js';
import { code2Session } from '../platforms/wechat.js';
import { app } from '../store/db.js';
import { ensurePlayer } from '../store/profile.js';
import { publicCallable } from './callable.js';

const wechatAppId = defineString('WECHAT_APP_ID', { description: 'WeChat mini-game app id (AppID)' });
const wechatAppSecret = defineSecret('WECHAT_APP_SECRET');
const wechatApiBase = defineString('WECHAT_API_BASE', { default: 'https://api.weixin.qq.com' });
const wechatTimeoutMs = defineInt('WECHAT_TIMEOUT_MS', { default: 5000 });
const douyinAppId = defineString('DOUYIN_APP_ID', { description: 'Douyin mini-game app id', default: '' });
const douyinAppSecret = defineSecret('DOUYIN_APP_SECRET');
const douyinApiBase = defineString('DOUYIN_API_BASE', { default: 'https://developer.toutiao.com' });
const douyinTimeoutMs = defineInt('DOUYIN_TIMEOUT_MS', { default: 5000 });

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

/** The uid a platform login maps to: `wechat:<openid>`, `douyin:<openid>`, `douyin-anonymous:<anonymous openid>`. */
async function platformUid(input: Exclude<z.output<typeof loginSchema>, { provider: 'dev' }>): Promise<string> {
  if (input.provider === 'wechat') {
    const settings = {
      apiBase: wechatApiBase.value(),
      appId: wechatAppId.value(),
      appSecret: wechatAppSecret.value(),
      timeoutMs: wechatTimeoutMs.value(),
    };
    return `wechat:${(await code2Session(settings, input.code)).openid}`;
  }
  const settings = {
    apiBase: douyinApiBase.value(),
    appId: douyinAppId.value(),
    appSecret: douyinAppSecret.value(),
    timeoutMs: douyinTimeoutMs.value(),
  };
  const { openid, anonymous } = await douyinSession(
    settings,
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
  async (input) => {
    let uid: string;
    let nameHint: string | undefined;
    if (input.provider === 'dev') {
      if (!onEmulator()) fail('failed-precondition', 'The dev login provider is only available on the emulators.');
      uid = devUid(input.name);
      nameHint = input.name;
    } else uid = await platformUid(input);
    const { player } = await ensurePlayer(uid, nameHint);
    const token = await getAuth(app).createCustomToken(uid, { provider: input.provider });
    return { uid, token, displayName: player.displayName };
  },
  { secrets: [wechatAppSecret, douyinAppSecret] },
);
