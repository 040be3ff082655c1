import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { config } from '../../functions/src/config.js';
import { ROOT } from '../../scripts/emulators.js';
import { lobbyConfig, serveLobby, type LobbyServer } from '../../scripts/lobby.js';

export const CHROMIUM = '/usr/bin/chromium';
/** Where browser tests leave their screenshots. */
export const ARTIFACTS = join(ROOT, 'test-artifacts');
const run = promisify(execFile);

/**
 * Builds the client and the lobby (its pages bundle the built client package, as `npm run build` does), serves
 * them against the test emulators, and starts headless Chromium.
 */
export async function lobbyInChromium(): Promise<{ browser: Browser; lobby: LobbyServer }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The end-to-end test needs Chromium at ${CHROMIUM}. Install it: apt-get install -y chromium`);
  }
  for (const workspace of ['client', 'lobby'])
    await run('npm', ['run', 'build', '--workspace', workspace], { cwd: ROOT });
  const lobby = await serveLobby(lobbyConfig(inject('endpoints'), config));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  mkdirSync(ARTIFACTS, { recursive: true });
  return { browser, lobby };
}
