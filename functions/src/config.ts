import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseConfig, type AppConfig } from './core/config.js';
import { ConfigError } from './core/errors.js';

/**
 * The studio's configuration: `functions/ladder.config.json` when present (deployed with the functions),
 * or the file named by LADDER_CONFIG (tests and the simulation use short timers), else the defaults.
 */
function loadConfig(): AppConfig {
  const path = process.env.LADDER_CONFIG ?? fileURLToPath(new URL('../ladder.config.json', import.meta.url));
  if (!existsSync(path)) {
    if (process.env.LADDER_CONFIG) throw new ConfigError(`LADDER_CONFIG names ${path}, which does not exist`);
    return parseConfig({}, 'default configuration');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfig(raw, path);
}

export const config = loadConfig();
