/** A PNG of one element of an HTML report, taken by headless Chromium through playwright-core. */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function screenshot(htmlPath: string, pngPath: string, selector = '#main-chart') {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}, so the chart PNG cannot be drawn. Install it ` +
        '(Debian/Ubuntu: `apt-get update && apt-get install -y chromium`) or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 960, height: 800 }, deviceScaleFactor: 2 });
    await page.goto(pathToFileURL(htmlPath).href);
    await page.locator(selector).screenshot({ path: pngPath });
  } finally {
    await browser.close();
  }
}
