import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

/** The configuration the emulated functions and the test process share: short timers, so tests run fast. */
export const TEST_CONFIG = fileURLToPath(new URL('../ladder.config.json', import.meta.url));

/**
 * A copy of the test configuration changed by `edit`, written to a scratch folder that goes after the file's
 * tests; returns its path. Store code the file runs in-process takes it through a context (`testContext(path)`,
 * test/support/context.ts); a process or emulator the file starts can be handed it as LADDER_CONFIG.

 */
// biome-ignore lint/suspicious/noExplicitAny: the edits reach into the raw JSON before it is validated at load
export function useTestConfig(name: string, edit: (config: any) => void): string {
  const config = JSON.parse(readFileSync(TEST_CONFIG, 'utf8'));
  edit(config);
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'ladder.config.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}
