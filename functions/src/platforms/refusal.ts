import { logger } from 'firebase-functions/v2';
import { clipped } from '../core/validation.js';

/** The most characters of a platform's own error text the server log keeps. */
const LOGGED_TEXT_MAX = 300;

/**
 * A platform's error text as the server log may keep it: every spelling of the app secret (a platform's message
 * can echo the request that carried it) replaced, and cut to a line.
 */
export function redacted(text: string, secret: string): string {
  let out = text;
  if (secret) {
    for (const form of new Set([secret, encodeURIComponent(secret)])) out = out.split(form).join('[secret]');
  }
  // The secret as the platform echoed it may be spelled some other way still: drop any `secret=` value.
  out = out.replace(/(secret["']?\s*[=:]\s*["']?)[^\s&"',}]*/gi, '$1[secret]');
  return clipped(out, LOGGED_TEXT_MAX);
}

/**
 * A refusal the platform documents no meaning for. Its text is the platform's, which may quote anything
 * (the request, the secret): it goes to the server log, and the player gets only the code and a fixed sentence.
 */
export function undocumentedRefusal(
  platform: string,
  field: string,
  code: number,
  text: string | undefined,
  secret: string,
) {
  logger.warn(`${platform} refused a login with a code the server does not know`, {
    [field]: code,
    text: text === undefined ? null : redacted(text, secret),
  });
  return `${platform} refused the login (${field} ${code}); the server logged the details`;
}
