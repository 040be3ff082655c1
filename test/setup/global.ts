import type { TestProject } from 'vitest/node';
import { startStack, type Endpoints } from '../../scripts/emulators.js';
import { TEST_CONFIG } from '../support/config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: Endpoints;
  }
}

/** A function's log entry at error severity: a callable that answered `internal`, or a job that failed. */
const isServerError = (line: string) => line.includes('"severity":"ERROR"');

/**
 * Starts the real emulators once for the run (or reuses the ones `npm start` runs) and stops them after. The
 * functions' errors are printed at the end: a test sees only `internal`, and CI keeps no emulator log.
 */
export default async function setup(project: TestProject) {
  process.env.LADDER_CONFIG = TEST_CONFIG;
  const errors: string[] = [];
  const stack = await startStack({
    output: 'files',
    reuse: true,
    onLine: (_source, line) => {
      if (isServerError(line)) errors.push(`[${new Date().toISOString()}] ${line}`);
    },
  });
  const { stop, owned, ...endpoints } = stack;
  project.provide('endpoints', endpoints);
  if (!owned) console.warn('[emulators] reusing the running stack from `npm start`; its data is cleared by tests');
  return async () => {
    await stop();
    if (errors.length > 0)
      console.error(`[emulators] the functions logged ${errors.length} errors:\n${errors.join('\n')}`);
  };
}
