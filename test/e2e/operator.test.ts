import { describe, expect, it } from 'vitest';
import { utcDay } from '../../functions/src/core/ops/calibration.js';
import { runMatcher } from '../../functions/src/jobs/matcherRun.js';
import { calibrateDay } from '../../functions/src/store/calibration.js';
import { devUid, grantOperator } from '../../scripts/operator.js';
import { db } from '../support/admin.js';
import { browserPerFile, renderedText, screenshot, seeRendered, signInAt } from '../support/browser.js';
import { devPlayer } from '../support/client.js';
import { enqueue, sideUids } from '../support/game.js';
import { testContext } from '../support/context.js';

const ctx = testContext();

const browser = browserPerFile();

/** A browser of its own on one of the lobby's pages, signed in with the dev login. */
const signIn = (path: string, label: string, name: string) =>
  signInAt(browser, name, { path, label, viewport: { width: 1280, height: 900 } });

/** A 1v1 between two fresh players, played through the functions: both report side `winner` won. */
async function playDuel(prefix: string, winner: 'A' | 'B') {
  const [x, y] = await Promise.all([devPlayer(`${prefix} X`), devPlayer(`${prefix} Y`)]);
  await enqueue(x, '1v1');
  const { room } = await enqueue(y, '1v1');
  const [a, b] = sideUids(room!)[0]!.includes(x.uid) ? [x, y] : [y, x];
  for (const player of [a, b]) await player.call('reportResult', { roomId: room!.id, outcome: winner });
  return room!.id;
}

describe('the operator view in headless Chromium', () => {
  it('tells an account without the admin claim that the view is for operators only, and shows it no data', async () => {
    const page = await signIn('operator.html', 'Operator name', 'Not An Operator');
    await seeRendered(page, 'operators-only', /^Operators only/);
    expect(await page.locator('#calibration').count()).toBe(0);
    await screenshot(page, 'operator-denied.png');
  });

  it("shows an operator the queues by band with why they wait, the day's calibration, recent rooms and flags", async () => {
    // Two settled 1v1s at even odds (one won by each side), three players waiting in 2v2, and a flagged player.
    const rooms = [await playDuel('Op One', 'A'), await playDuel('Op Two', 'B')];
    const waiting = await Promise.all(['Wait A', 'Wait B'].map((n) => devPlayer(n)));
    for (const player of waiting) await enqueue(player, '2v2');
    // The third waits in the lobby, whose match card shows the band's wait and why it waits.
    const player = await signIn('', 'Player name', 'Wait C');
    await seeRendered(player, 'player-name', /^Wait C$/);
    await player.getByLabel('Mode').selectOption('2v2');
    await player.getByRole('button', { name: 'Queue' }).click();
    await seeRendered(player, 'match-status', /^Searching/);
    // A 1v1 still live when the matcher runs: its two players' waits are the pool's recent waits by party size.
    const live = await Promise.all(['Live P', 'Live Q'].map((n) => devPlayer(n)));
    for (const solo of live) await enqueue(solo, '1v1');
    await runMatcher(ctx, { durationMs: 1_200, intervalMs: 300 });
    await seeRendered(player, 'waiting-because', /^not enough players in this queue yet$/);
    expect(await renderedText(player, 'estimated-wait')).toMatch(/Gold players$/);
    await screenshot(player, 'lobby-waiting-because.png');
    const endedAt = (await db.doc(`rooms/${rooms[1]}`).get()).data()!.endedAt as number;
    await calibrateDay(ctx, utcDay(endedAt));
    await db.doc('reviewFlags/dev:mallory').set({
      uid: 'dev:mallory',
      falseReports: 4,
      flaggedAt: endedAt,
      lastRoomId: rooms[0]!,
      updatedAt: endedAt,
    });
    await grantOperator(devUid('Olga Operator'));

    const page = await signIn('operator.html', 'Operator name', 'Olga Operator');
    await page.locator('#app[data-loaded="true"]').waitFor();
    expect(await renderedText(page, 'bands-2v2')).toContain('gold 3');
    expect(await renderedText(page, 'bands-2v2')).toContain('too few players 3');
    // Waits by party size (issue 30): the live 1v1's two solos.
    expect(await renderedText(page, 'sizes-1v1')).toMatch(/solo.*2$/);
    // Both duels were predicted at 0.5: a Brier score of 0.25 over four forecasts.
    expect(await renderedText(page, 'brier')).toBe('0.250');
    const calibration = page.getByTestId('calibration-1v1');
    expect(await calibration.locator('svg[aria-label="predicted against actual win rate"] circle').count()).toBe(1);
    expect(await calibration.locator('svg[aria-label="predicted against actual win rate"] line').count()).toBe(1);
    // The two settled duels and the live one.
    expect(await page.getByTestId('rooms').locator('tbody tr').count()).toBe(3);
    expect(await renderedText(page, 'flags')).toContain('dev:mallory');
    await screenshot(page, 'operator-view.png');

    // One band at a time.
    await page.getByLabel('Rating band', { exact: true }).selectOption('gold');
    await seeRendered(page, 'calibration-1v1', /· gold/);
  });
});
