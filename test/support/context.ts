import { readConfigFile } from '../../functions/src/config.js';
import { type ContextOptions, createContext, type LadderContext } from '../../functions/src/context.js';
import { TEST_CONFIG } from './config.js';

/**
 * A ladder's context for store code a test runs in-process: the test configuration, or the copy `useTestConfig`
 * wrote, and a hand-driven clock when given one.
 */
export const testContext = (path: string = TEST_CONFIG, options: ContextOptions = {}): LadderContext =>
  createContext(readConfigFile(path), options);
