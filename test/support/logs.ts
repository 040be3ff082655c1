import { existsSync, readFileSync } from 'node:fs';
import { vi } from 'vitest';
import { logFile } from '../../scripts/emulators.js';

/**
 * The first line of the Functions emulator's output that holds `marker`, once it is there: what the server
 * logged while handling a call (a log line can reach the file a moment after the call answered).
 */
export async function loggedLine(marker: string): Promise<string> {
  const path = logFile('firebase');
  const find = () =>
    existsSync(path)
      ? readFileSync(path, 'utf8')
          .split('\n')
          .find((line) => line.includes(marker))
      : undefined;
  return vi.waitUntil(find, { timeout: 10_000, interval: 100 });
}
