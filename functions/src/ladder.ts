/**
 * `@ladder/functions`: what a studio imports in its own functions codebase.
 *
 *   export const ladder = createLadderFunctions({ functions: { region: 'europe-west1' }, modes: { … } });
 *
 * deploys every function of the ladder in one group: `ladder-enqueue`, `ladder-matcherTick`, …
 */
import * as catalog from './catalog.js';
import { type ConfigSource, resolveConfig } from './config.js';
import { createContext } from './context.js';
import type { AppConfig } from './core/config.js';
import type { Built, LadderFunction } from './define.js';

export type LadderFunctions = Built<typeof catalog>;

/**
 * Validates the configuration (data, or `{ path }` to a JSON file; a mistake throws naming the field), builds the
 * ladder's context from it (store/, jobs/ and the handlers run with it) and defines the functions with its region,
 * memory and App Check setting.

 */
export function createLadderFunctions(source: ConfigSource = {}): LadderFunctions {
  const ctx = createContext(resolveConfig(source));
  const entries = Object.entries(catalog as Record<string, LadderFunction<unknown>>);
  return Object.fromEntries(entries.map(([name, fn]) => [name, fn.build(ctx)])) as LadderFunctions;
}

export type { AppConfig as LadderConfig, ConfigSource };
export { parseConfig } from './core/config.js';
export { ConfigError } from './core/errors.js';
