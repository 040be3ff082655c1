import { z } from 'zod';
import { leavingConfigSchema } from './leaving.js';
import { dodgingConfigSchema } from './penalties.js';

/** The fair-play rules a studio tunes: what dodging costs, and what leaving a started game does. */
export const fairPlayConfigSchema = z.strictObject({
  dodging: dodgingConfigSchema.default(dodgingConfigSchema.parse({})),
  leaving: leavingConfigSchema.default(leavingConfigSchema.parse({})),
});
export type FairPlayConfig = z.infer<typeof fairPlayConfigSchema>;
