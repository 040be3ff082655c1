import type { TestProject } from 'vitest/node';
import { startStack, type Endpoints } from '../../scripts/emulators.js';
import { TEST_CONFIG } from '../support/config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: Endpoints;
  }
}

/** Starts the real emulators once for the run (or reuses the ones `npm start` runs) and stops them after. */
export default async function setup(project: TestProject) {
  process.env.LADDER_CONFIG = TEST_CONFIG;
  const stack = await startStack({ output: 'files', reuse: true });
  const { stop, owned, ...endpoints } = stack;
  project.provide('endpoints', endpoints);
  if (!owned) console.warn('[emulators] reusing the running stack from `npm start`; its data is cleared by tests');
  return stop;
}
