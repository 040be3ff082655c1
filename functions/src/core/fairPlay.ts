import { z } from 'zod';
import { dodgingConfigSchema } from './penalties.js';

/** The fair-play rules a studio tunes: what dodging costs (more sections join it as the rules grow). */
export const fairPlayConfigSchema = z.strictObject({
  dodging: dodgingConfigSchema.default(dodgingConfigSchema.parse({})),
});
export type FairPlayConfig = z.infer<typeof fairPlayConfigSchema>;
