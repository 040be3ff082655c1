import { z } from 'zod';

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 24;

// Letters of any script (mini-game players write Chinese names), digits, and a few separators; no control
// or invisible characters, so a name renders the same in every lobby.
const allowed = /^[\p{L}\p{N}_\-. ]+$/u;
const length = (s: string) => [...s].length;

export const displayNameSchema = z
  .string()
  // Checked before the code points are counted, so a megabyte of text is refused without being walked.
  .max(100, 'must be at most 24 characters')
  .trim()
  .refine((s) => length(s) >= DISPLAY_NAME_MIN, `must be at least ${DISPLAY_NAME_MIN} characters`)
  .refine((s) => length(s) <= DISPLAY_NAME_MAX, `must be at most ${DISPLAY_NAME_MAX} characters`)
  .refine((s) => allowed.test(s), 'may only contain letters, digits, spaces, "_", "-" and "."')
  .refine((s) => !/ {2}/.test(s), 'must not contain consecutive spaces');

/** A valid name derived from whatever the sign-in method offers, or a neutral one built from the uid. */
export function defaultDisplayName(hint: string | undefined, uid: string): string {
  const cleaned = (hint ?? '')
    .replace(/@.*$/, '')
    .replace(/[^\p{L}\p{N}_\-. ]/gu, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const clipped = [...cleaned].slice(0, DISPLAY_NAME_MAX).join('').trim();
  if (displayNameSchema.safeParse(clipped).success) return clipped;
  return `Player-${uid.replace(/[^A-Za-z0-9]/g, '').slice(0, 6) || 'new'}`;
}
