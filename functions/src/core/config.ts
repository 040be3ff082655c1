import { z } from 'zod';
import { defaultLadders, laddersSchema } from './ladders.js';
import { formatIssues } from './validation.js';

/** Everything a studio configures, validated once at load so a typo fails the deploy, not a match. */
export const appConfigSchema = z.strictObject({
  ladders: laddersSchema.default(defaultLadders),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(input: unknown, source = 'configuration'): AppConfig {
  const result = appConfigSchema.safeParse(input);
  if (!result.success) throw new ConfigError(`Invalid ${source}: ${formatIssues(result.error)}`);
  return result.data;
}
