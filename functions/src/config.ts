import { existsSync, readFileSync } from 'node:fs';
import { parseConfig, type AppConfig } from './core/config.js';
import { ConfigError } from './core/errors.js';

/**
 * How a deployment hands the ladder its configuration: the configuration itself (plain data, as in
 * ladder.config.json), or `{ path }` naming a JSON file. Either is validated by the same schemas.
 */
export type ConfigSource = Record<string, unknown> | { path: string | URL };

/** Reads and validates a configuration file; every mistake names the file and the field. */
export function readConfigFile(path: string | URL): AppConfig {
  if (!existsSync(path)) throw new ConfigError(`The ladder configuration ${String(path)} does not exist`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${String(path)} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfig(raw, String(path));
}

const isPath = (source: ConfigSource): source is { path: string | URL } =>
  Object.keys(source).length === 1 && (typeof source.path === 'string' || source.path instanceof URL);

export function resolveConfig(source: ConfigSource): AppConfig {
  return isPath(source) ? readConfigFile(source.path) : parseConfig(source, 'ladder configuration');
}
