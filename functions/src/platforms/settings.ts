import { fail } from '../core/errors.js';

/** What a platform login needs from the deployment: where its API is, the app's id and secret, how long to wait. */
export interface PlatformSettings {
  apiBase: string;
  appId: string;
  appSecret: string;
  timeoutMs: number;
}

/**
 * Refuses a login the deployment cannot make, naming each setting that is missing (the app id is a parameter,
 * the secret a secret: they are set in different places), before anything is sent to the platform.
 */
export function assertConfigured(platform: string, prefix: 'WECHAT' | 'DOUYIN', settings: PlatformSettings): void {
  const missing = [
    settings.appId ? null : `the ${prefix}_APP_ID parameter`,
    settings.appSecret ? null : `the ${prefix}_APP_SECRET secret`,
  ].filter((name) => name !== null);
  if (missing.length === 0) return;
  fail(
    'failed-precondition',
    `${platform} login is not configured on the server: set ${missing.join(' and ')} (docs/configuration.md#login).`,
  );
}
