import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runMatcher } from '../../functions/src/jobs/matcherRun.js';
import { ARTIFACTS, browserPerFile, see as seeWithin, signInAt } from '../support/browser.js';
import { devPlayer } from '../support/client.js';
import { testContext } from '../support/context.js';

const ctx = testContext();

const browser = browserPerFile();

// A loaded machine may take a minute over a function's first call.
const see = (page: Parameters<typeof seeWithin>[0], testId: string, text: string | RegExp) =>
  seeWithin(page, testId, text, 60_000);

describe('joining a game in progress in the lobby', () => {
  it('tells a player they joined a free-for-all in progress, and that it is unrated for them', async () => {
    // Three players start a free-for-all of the test configuration's ffaLate (three to four players) below its four.
    const starters = await Promise.all(['Lia', 'Lou', 'Lex'].map((name) => devPlayer(name)));
    for (const p of starters) expect((await p.call('enqueue', { mode: 'ffaLate' })).room).toBeNull();
    await sleep(2_100);
    await runMatcher(ctx, { durationMs: 600, intervalMs: 300 });

    const page = await signInAt(browser, 'Lin');
    await see(page, 'player-name', 'Lin');
    const game = await devPlayer('Lin');
    const { room } = await game.call('enqueue', { mode: 'ffaLate' });
    expect(room?.memberUids).toHaveLength(4);
    await see(page, 'match-status', 'Game on! Report the result when it is over.');
    await see(page, 'late-note', 'You joined this game in progress. It is unrated for you.');
    expect(await page.getByText('joined late').count()).toBe(1);
    await page.screenshot({ path: join(ARTIFACTS, 'lobby-late-joiner.png'), fullPage: true });

    const placements = Object.fromEntries([game, ...starters].map((p, i) => [p.uid, i + 1]));
    for (const p of [game, ...starters]) await p.call('reportResult', { roomId: room!.id, placements });
    await see(page, 'match-status', 'You won!');
    await see(page, 'rating-change', 'Rating 1500 → 1500 (±0)');
    await see(page, 'unrated', 'Unrated: you joined this game in progress.');
    await page.screenshot({ path: join(ARTIFACTS, 'lobby-late-joiner-settled.png'), fullPage: true });
  }, 240_000);
});
