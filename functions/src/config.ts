import { existsSync, readFileSync } from 'node:fs';
import { parseConfig, type AppConfig } from './core/config.js';
import { ConfigError } from './core/errors.js';
import type { Ladder } from './core/ladder/ladder.js';
import { resolvePool, type Pool, type PoolId } from './core/mode/pool.js';

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

/**
 * The configuration every module reads when it runs. Until a deployment calls `createLadderFunctions`, it is the
 * file named by LADDER_CONFIG (tests, scripts and the simulation use short timers) or the defaults.
 */
export let config: AppConfig = process.env.LADDER_CONFIG
  ? readConfigFile(process.env.LADDER_CONFIG)
  : parseConfig({}, 'default configuration');

/** Makes `config` the one the deployment was given; called once, before the functions are defined. */
export function useConfig(next: AppConfig): void {
  config = next;
}

/**
 * A configured ladder by id: the one place the shell looks a ladder up, for ids that came from a configured mode
 * or a stored document (a request's ladder id is checked by its schema first). An id nothing configures is a
 * bug or a ladder removed under live documents, and says which.
 */
export function ladderOf(id: string): Ladder {
  const ladder = Object.hasOwn(config.ladders, id) ? config.ladders[id] : undefined;
  if (!ladder) throw new Error(`No ladder "${id}" is configured (a mode or a stored document names it).`);
  return ladder;
}

/**
 * The pool a request resolved to or a ticket, room or player state names (their `mode` field holds the pool id):
 * the one place the shell turns a pool id into its mode and ladder.
 */
export function poolOf(source: PoolId | { readonly mode: PoolId }): Pool {
  return resolvePool(config, typeof source === 'string' ? source : source.mode);
}
