import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests use the client SDK's source, so they never run against a stale build.
const alias = [
  { find: /^@ladder\/client$/, replacement: fileURLToPath(new URL('./client/src/index.ts', import.meta.url)) },
  { find: /^@ladder\/client\/http$/, replacement: fileURLToPath(new URL('./client/src/http.ts', import.meta.url)) },
  {
    find: /^@ladder\/client\/firestore$/,
    replacement: fileURLToPath(new URL('./client/src/firestore.ts', import.meta.url)),
  },
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'core',
          include: ['test/core/**/*.test.ts'],
          // Pure tests share no state through modules, so files share one module graph: importing it afresh for each
          // of the ninety files took two-thirds of the tier's time.
          isolate: false,
          // Properties search hundreds of pools; speed is measured by `npm run bench`, not by a test's clock.
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Store tier: the use cases in-process on a Firestore emulator, files side by side, each worker in a
          // project of its own; deadlines are reached by moving a hand-driven clock.
          name: 'store',
          include: ['test/store/**/*.test.ts'],
          globalSetup: ['test/setup/store.ts'],
          setupFiles: ['test/setup/storeFile.ts'],
          // The files wait on the emulator more than they compute: more workers than the machine's two cores. A
          // project with a worker count of its own runs as a group of its own, after the core tier.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'emulators',
          include: [
            'test/integration/**/*.test.ts',
            'test/rules/**/*.test.ts',
            'test/sim/**/*.test.ts',
            'test/e2e/**/*.test.ts',
          ],
          globalSetup: ['test/setup/global.ts'],
          setupFiles: ['test/setup/emulator.ts'],
          // One Functions emulator serves every file and Firestore is cleared between tests: run files in turn.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Release tier: the packed packages installed in studios' projects, each on emulators of its own.
          name: 'release',
          include: ['test/release/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
