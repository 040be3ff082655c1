import { z } from 'zod';
import { farmingConfigSchema } from './rematchWindow.js';
import { leavingConfigSchema } from './leaving.js';
import { dodgingConfigSchema } from './dodging.js';
import { rateLimitConfigSchema } from './rateLimit.js';
import { reportAbuseConfigSchema } from './reportAbuse.js';

/**
 * The fair-play rules a studio tunes: what dodging costs, what leaving a started game does, how soon the same
 * opponents meet again and how many of their games a day are rated, how many calls a player may make, whether every callable demands a Firebase App Check token, and when false reports get a
 * player flagged for review.
 */
export const fairPlayConfigSchema = z.strictObject({
  dodging: dodgingConfigSchema.default(dodgingConfigSchema.parse({})),
  leaving: leavingConfigSchema.default(leavingConfigSchema.parse({})),
  farming: farmingConfigSchema.default(farmingConfigSchema.parse({})),
  /** Null: no per-player limit. */
  rateLimit: rateLimitConfigSchema.nullable().default(rateLimitConfigSchema.parse({})),
  /**
   * Firebase's `enforceAppCheck` for every callable: a call without a valid App Check token is refused with
   * `unauthenticated` before the function runs. Off by default, since the game's client must first register
   * App Check; turn it on per deployment once it does.
   */
  enforceAppCheck: z.boolean().default(false),
  reportAbuse: reportAbuseConfigSchema.default(reportAbuseConfigSchema.parse({})),
});
export type FairPlayConfig = z.infer<typeof fairPlayConfigSchema>;
