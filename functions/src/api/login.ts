import { getAuth } from 'firebase-admin/auth';
import { defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { z } from 'zod';
import { displayNameSchema } from '../core/player/displayName.js';
import { fail } from '../core/errors.js';
import { assertNotBanned } from '../core/ops/ban.js';
import { code2Session } from '../platforms/wechat.js';
import { app } from '../store/firestore/db.js';
import { ensurePlayer } from '../store/profile.js';
import { config } from '../config.js';
import { publicCallable } from './callable.js';

/**
 * WeChat login's parameters, declared only when the deployment turns it on (`login.wechat`): every declared
 * parameter is asked for at deploy, and a studio without WeChat must not be asked for an AppID and a secret.
 */
const declareWechat = () => ({
  appId: defineString('WECHAT_APP_ID', { description: 'WeChat mini-game app id (AppID)' }),
  appSecret: defineSecret('WECHAT_APP_SECRET'),
  apiBase: defineString('WECHAT_API_BASE', { default: 'https://api.weixin.qq.com' }),
  timeoutMs: defineInt('WECHAT_TIMEOUT_MS', { default: 5000 }),
});
let wechat: ReturnType<typeof declareWechat> | null = null;

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
      if (!wechat) fail('failed-precondition', 'WeChat login is off in this deployment (login.wechat).');
      const { openid } = await code2Session(
        {
          apiBase: wechat.apiBase.value(),
          appId: wechat.appId.value(),
          appSecret: wechat.appSecret.value(),
          timeoutMs: wechat.timeoutMs.value(),
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
  () => {
    wechat = config.login.wechat ? declareWechat() : null;
    return wechat ? { secrets: [wechat.appSecret] } : {};
  },
);
