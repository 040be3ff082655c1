import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, browserPerFile, see, signInAt } from '../support/browser.js';
import { standAt } from '../support/standings.js';

const browser = browserPerFile();

describe('the lobby leaderboard around the player', () => {
  it('shows "Around you": the two players above and below, with their ranks, the player marked', async () => {
    const page = await signInAt(browser, 'Mia', { viewport: { width: 1200, height: 1000 } });
    await see(page, 'player-name', 'Mia');
    // 20 seeded players on the solo ladder, 10 points apart; Mia between the 14th and the 15th.
    await Promise.all(Array.from({ length: 20 }, (_, i) => standAt('solo', `seed${i}`, 1700 - 10 * i, 3)));
    await standAt('solo', 'dev:mia', 1565, 3);
    await page.getByLabel('Ladder', { exact: true }).selectOption('solo');
    const card = page.getByTestId('leaderboard').locator('../..');
    // The first load (at sign-in) may still be running while the emulator starts the function's worker.
    await card.getByRole('button', { name: 'Refresh' }).click({ timeout: 90_000 });
    await page.getByTestId('leaderboard').getByText('You: #15 with 1565').waitFor({ timeout: 60_000 });
    const rows = await page
      .getByTestId('leaderboard-around')
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map(
          (tr) =>
            `${(tr as HTMLElement).className}|${Array.from((tr as HTMLTableRowElement).cells, (c) => c.textContent)
              .slice(0, 2)
              .join(' ')}`,
        ),
      );
    expect(rows).toEqual(['|13 Seed seed12', '|14 Seed seed13', 'mine|15 Mia', '|16 Seed seed14', '|17 Seed seed15']);
    await page.getByTestId('leaderboard-around').screenshot({ path: join(ARTIFACTS, 'lobby-leaderboard-around.png') });
    await page.screenshot({ path: join(ARTIFACTS, 'lobby-leaderboard-around-page.png'), fullPage: true });
  }, 240_000);

  it('shows the ranks of the friends a player types, best first; those not ranked are left out', async () => {
    const page = await signInAt(browser, 'Noa', { viewport: { width: 1200, height: 1100 } });
    await see(page, 'player-name', 'Noa');
    await see(page, 'player-id', 'id dev:noa');
    await Promise.all(Array.from({ length: 6 }, (_, i) => standAt('solo', `pal${i}`, 1700 - 10 * i, 3)));
    await page.getByLabel('Ladder', { exact: true }).selectOption('solo');
    await page.getByLabel('Friends (player ids)').fill('pal4, pal1 nobody');
    await page.getByRole('button', { name: "Show friends' ranks" }).click({ timeout: 90_000 });
    const friends = page.getByTestId('leaderboard-friends');
    await friends.locator('tbody tr').nth(1).waitFor({ timeout: 60_000 });
    const rows = await friends.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from((tr as HTMLTableRowElement).cells, (c) => c.textContent)
          .slice(0, 2)
          .join(' '),
      ),
    );
    expect(rows).toEqual(['2 Seed pal1', '5 Seed pal4']);
    await friends.locator('..').screenshot({ path: join(ARTIFACTS, 'lobby-leaderboard-friends.png') });
  }, 240_000);
});
