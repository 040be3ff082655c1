import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
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
async function lobbyInChromium(): Promise<{ browser: Browser; lobby: LobbyServer }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The end-to-end test needs Chromium at ${CHROMIUM}. Install it: apt-get install -y chromium`);
  }
  for (const workspace of ['client', 'lobby'])
    await run('npm', ['run', 'build', '--workspace', workspace], { cwd: ROOT });
  const lobby = await serveLobby(lobbyConfig(inject('endpoints')));
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

/**
 * For a browser test file: the lobby served and Chromium started once for the file, and browser contexts that
 * close after each test, which then fails if any of their pages threw.
 */
export function browserPerFile() {
  let started: { browser: Browser; lobby: LobbyServer } | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];
  beforeAll(async () => {
    started = await lobbyInChromium();
  }, 180_000);
  afterAll(async () => {
    await started?.browser.close();
    await started?.lobby.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    expect(pageErrors.splice(0)).toEqual([]);
  });
  return {
    lobbyUrl: () => started!.lobby.url,
    async newContext(options?: BrowserContextOptions): Promise<BrowserContext> {
      const context = await started!.browser.newContext(options);
      contexts.push(context);
      return context;
    },
    /** A new page of `context`, whose uncaught errors fail the test (named by `who`). */
    async newPage(context: BrowserContext, who: string): Promise<Page> {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      page.on('pageerror', (error) => pageErrors.push(`${who}: ${error.message}`));
      return page;
    },
  };
}

type BrowserPerFile = ReturnType<typeof browserPerFile>;

/** A browser context of its own on one of the lobby's pages, signed in with the dev login under `label`. */
export async function signInAt(
  browser: BrowserPerFile,
  name: string,
  {
    path = '',
    label = 'Player name',
    viewport = { width: 1200, height: 900 },
    context = undefined as BrowserContext | undefined,
  } = {},
): Promise<Page> {
  const page = await browser.newPage(context ?? (await browser.newContext({ viewport })), name);
  await page.goto(path ? new URL(path, browser.lobbyUrl()).href : browser.lobbyUrl());
  await page.getByLabel(label).fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

const escaped = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** Waits until the first element with this test id has exactly this text content (or text matching it). */
export async function see(page: Page, testId: string, text: string | RegExp, timeout = 20_000) {
  await expect
    .poll(() => page.getByTestId(testId).first().textContent(), { timeout, interval: 100 })
    .toMatch(typeof text === 'string' ? escaped(text) : text);
}

/** The element's text as a reader sees it rendered, whitespace collapsed (table cells apart, say). */
export const renderedText = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what the reader sees
    .innerText()
    .then((t) => t.replace(/\s+/g, ' ').trim());

/** Waits until the element's rendered text matches. */
export const seeRendered = (page: Page, testId: string, expected: RegExp) =>
  expect.poll(() => renderedText(page, testId), { timeout: 20_000, interval: 100 }).toMatch(expected);

/** A whole-page screenshot in test-artifacts/. */
export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });
