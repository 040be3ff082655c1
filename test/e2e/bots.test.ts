import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runMatcher } from '../../functions/src/jobs/matcherRun.js';
import { ARTIFACTS, browserPerFile, see as seeWithin, signInAt } from '../support/browser.js';
import { db } from '../support/admin.js';
import { devPlayer } from '../support/client.js';
import { testContext } from '../support/context.js';

const ctx = testContext();

const browser = browserPerFile();

// A loaded machine may take a minute over a function's first call.
const see = (page: Parameters<typeof seeWithin>[0], testId: string, text: string | RegExp) =>
  seeWithin(page, testId, text, 60_000);

describe('bots in the lobby', () => {
  it('shows the bot seated beside a player who waited alone, and the game as unrated', async () => {
    const page = await signInAt(browser, 'Bea');
    await see(page, 'player-name', 'Bea');
    // Bea's game client queues for the test configuration's botDuel (a bot after 2 s); the lobby follows the match.
    const game = await devPlayer('Bea');
    const { room } = await game.call('enqueue', { mode: 'botDuel' });
    expect(room).toBeNull();
    await sleep(2_100);
    await runMatcher(ctx, { durationMs: 1_000, intervalMs: 300 });
    await see(page, 'match-status', 'Game on! Report the result when it is over.');
    // A bot has no rank: its badge is empty.
    await see(page, 'room-bot', /^Bot 1 bot\s+1500$/);
    await see(page, 'bot-note', 'No one else was waiting, so a bot plays with you. This game is unrated.');
    await page.screenshot({ path: join(ARTIFACTS, 'lobby-bots-active.png'), fullPage: true });

    const [played] = (await db.collection('rooms').where('memberUids', 'array-contains', game.uid).get()).docs;
    await game.call('reportResult', { roomId: played!.id, outcome: 'A' });
    await see(page, 'match-status', 'You won!');
    await see(page, 'rating-change', 'Rating 1500 → 1500 (±0)');
    await see(page, 'unrated', /bots/);
    expect(await page.getByTestId('rematch').count()).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'lobby-bots-settled.png'), fullPage: true });
  }, 240_000);
});
