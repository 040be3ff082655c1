import { getAuth } from 'firebase-admin/auth';
import { defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { z } from 'zod';
import { displayNameSchema } from '../core/player/displayName.js';
import { fail } from '../core/errors.js';
import { assertNotBanned } from '../core/ops/ban.js';
import { code2Session } from '../platforms/wechat.js';
import { app } from '../store/firestore/db.js';
import { ensurePlayer } from '../store/profile.js';
import { publicCallable } from './callable.js';

const wechatAppId = defineString('WECHAT_APP_ID', { description: 'WeChat mini-game app id (AppID)' });
const wechatAppSecret = defineSecret('WECHAT_APP_SECRET');
const wechatApiBase = defineString('WECHAT_API_BASE', { default: 'https://api.weixin.qq.com' });
const wechatTimeoutMs = defineInt('WECHAT_TIMEOUT_MS', { default: 5000 });

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
]);

const onEmulator = () => process.env.FUNCTIONS_EMULATOR === 'true';

/** The stable uid the `dev` provider gives a player name (scripts grant it claims by name). */
export const devUid = (name: string) => `dev:${name.normalize('NFC').toLowerCase()}`;

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
    } else {
      const { openid } = await code2Session(
        {
          apiBase: wechatApiBase.value(),
          appId: wechatAppId.value(),
          appSecret: wechatAppSecret.value(),
          timeoutMs: wechatTimeoutMs.value(),
        },
        input.code,
      );
      uid = `wechat:${openid}`;
    }
    const { player, state } = await ensurePlayer(uid, nameHint);
    assertNotBanned(state.ban, 'sign in', Date.now());
    const token = await getAuth(app).createCustomToken(uid, { provider: input.provider });
    return { uid, token, displayName: player.displayName };
  },
  { secrets: [wechatAppSecret] },
);
