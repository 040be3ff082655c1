import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['test/core/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'emulators',
          include: ['test/integration/**/*.test.ts', 'test/rules/**/*.test.ts', 'test/sim/**/*.test.ts'],
          globalSetup: ['test/setup/global.ts'],
          setupFiles: ['test/setup/emulator.ts'],
          // One Functions emulator serves every file and Firestore is cleared between tests: run files in turn.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
