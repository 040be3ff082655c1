/**
 * The ladder a process of this repository runs against (`npm start`, the scripts, the simulation, the benchmarks):
 * the configuration file LADDER_CONFIG names, else the defaults. The functions themselves never read the
 * environment for it; a process entry builds its context here and hands it on.
 */
import { readConfigFile } from '../functions/src/config.js';
import { type AppConfig, parseConfig } from '../functions/src/core/config.js';
import { type ContextOptions, createContext, type LadderContext } from '../functions/src/context.js';

export function envConfig(): AppConfig {
  const path = process.env.LADDER_CONFIG;
  return path ? readConfigFile(path) : parseConfig({}, 'default configuration');
}

export const envContext = (options: ContextOptions = {}): LadderContext => createContext(envConfig(), options);
