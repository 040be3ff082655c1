import { fileURLToPath } from 'node:url';

/** The configuration the emulated functions and the test process share: short timers, so tests run fast. */
export const TEST_CONFIG = fileURLToPath(new URL('../ladder.config.json', import.meta.url));
