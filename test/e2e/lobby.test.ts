import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deployedName } from '@ladder/client';
import { ROOT } from '../../scripts/emulators.js';
import { db } from '../support/admin.js';
import { ARTIFACTS, browserPerFile, see, signInAt } from '../support/browser.js';
import { devPlayer } from '../support/client.js';
import { sweep } from '../support/game.js';

const browser = browserPerFile();

/** A player in a browser context of their own, signed in through the lobby. */
async function player(name: string, context?: BrowserContext): Promise<Page> {
  const page = await signInAt(browser, name, { context, viewport: { width: 1200, height: 860 } });
  await see(page, 'player-name', name);
  return page;
}

async function queue(page: Page, mode: string) {
  await page.getByLabel('Mode').selectOption(mode);
  await page.getByRole('button', { name: 'Queue' }).click();
}

/** Lines of text with their whitespace collapsed. */
const texts = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());

/** The leaderboard rows as "rank name tier rating record" lines. */
const board = (page: Page) =>
  page
    .getByTestId('leaderboard')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent).join(' ')),
    );

const screenshot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });

describe('the lobby in headless Chromium against the emulators', () => {
  it('plays a 1v1: the live wait with heartbeats and queue statistics, the room, the report and the rating change', async () => {
    // A function's first call starts its emulator worker, which can outlast the 4 s a 1v1 ticket lives here.
    await (await devPlayer('Warm Up')).call('heartbeat');
    const alice = await player('Alice');
    const bob = await player('Bob');

    const heartbeats: number[] = [];
    alice.on('response', (response) => {
      if (response.url().endsWith(`/${deployedName('heartbeat')}`)) heartbeats.push(response.status());
    });
    await queue(alice, '1v1');
    await see(alice, 'match-status', 'Searching for a 1v1 match…');
    await see(alice, 'estimated-wait', 'not known yet');
    await sweep(600);
    // A count taken after Alice queued includes her.
    await see(alice, 'queue-size', 'only you');
    await see(alice, 'play-note', 'You are in the queue: leave it to pick another mode.');
    await see(alice, 'waited', /^0:0[1-3]$/);
    // The page heartbeats on its own every third of the ticket's 4 s life.
    await expect.poll(() => heartbeats, { timeout: 5_000, interval: 50 }).toContain(200);
    // Bob queues within Alice's 4 s time-to-live: the matcher (functions/src/core/match/pool.ts) treats a
    // ticket that has waited longer as expired, heartbeats or not.
    await queue(bob, '1v1'); // matched at once
    for (const page of [alice, bob]) await see(page, 'match-status', 'Game on! Report the result when it is over.');
    await see(alice, 'play-note', 'You are in a match.');
    expect(await texts(alice, 'room-player')).toEqual([
      'Alice (you) 黄金 II · Gold II 1500',
      'Bob 黄金 II · Gold II 1500',
    ]);
    await see(alice, 'win-chance', 'Your predicted win chance: 50%');

    await alice.getByRole('button', { name: 'We won' }).click();
    await see(alice, 'reported', 'You reported: your side won. Waiting for the others.');
    // Bob claims the win too: the reports disagree, and nobody is waiting for anyone any more.
    await bob.getByRole('button', { name: 'We won' }).click();
    for (const page of [alice, bob])
      await see(page, 'match-status', 'The reports disagree. Report again if yours was a mistake.');
    await see(alice, 'reported', 'You reported: your side won.');
    await screenshot(alice, 'lobby-1v1-disputed.png');
    await bob.getByRole('button', { name: 'We lost' }).click();
    await see(alice, 'match-status', 'You won!');
    await see(alice, 'rating-change', 'Rating 1500 → 1516 (+16)');
    await see(bob, 'match-status', 'You lost');
    await see(bob, 'rating-change', 'Rating 1500 → 1484 (−16)');

    await see(alice, 'my-rank', 'You: #1 with 1516');
    expect(await board(alice)).toEqual([
      '1 Alice 黄金 II · Gold II 1516 1W 0L 0D',
      '2 Bob 黄金 II · Gold II 1484 0W 1L 0D',
    ]);
    await see(bob, 'ratings', /solo 黄金 II · Gold II 1484 · 0W 1L 0D/);
    await screenshot(alice, 'lobby-1v1-settled.png');
  }, 120_000);

  it('plays a 2v2 of two parties: join by code, the leader queues, everyone accepts, one reports per side', async () => {
    const [ann, ben, cat, dan] = [await player('Ann'), await player('Ben'), await player('Cat'), await player('Dan')];
    for (const [leader, mate, mateName] of [
      [ann, ben, 'Ben'],
      [cat, dan, 'Dan'],
    ] as const) {
      await leader.getByRole('button', { name: 'Create party' }).click();
      await see(leader, 'party-code', /^[2-9A-Z]{6}$/);
      const code = (await leader.getByTestId('party-code').textContent())!;
      await mate.getByLabel('Party code').fill(code.toLowerCase()); // codes are case-insensitive
      await mate.getByRole('button', { name: 'Join' }).click();
      await see(leader, 'party-members', new RegExp(mateName));
      await see(mate, 'party-code', code);
    }
    expect(await ann.getByTestId('party-members').locator('li').allTextContents()).toEqual(['Ann (you)leader', 'Ben']);
    await see(ben, 'play-note', 'Your party leader queues for the party.');
    expect(await ben.getByRole('button', { name: 'Queue' }).isDisabled()).toBe(true);

    await queue(ann, '2v2');
    await see(ben, 'match-status', 'Searching for a 2v2 match…'); // the member follows the leader's ticket
    await queue(cat, '2v2');
    const everyone = [ann, ben, cat, dan];
    for (const page of everyone) await see(page, 'match-status', 'Match found! Accept to play.');
    // The test configuration gives the ready check 3 s: accept at once.
    await Promise.all(everyone.map((page) => page.getByRole('button', { name: 'Accept' }).click()));
    for (const page of everyone) await see(page, 'match-status', 'Game on! Report the result when it is over.');

    // Each party plays on one side, numbered in side order.
    const seated = (await texts(ann, 'room-player')).map((line) =>
      /^(\w+)(?: \(you\))? party (\d) 定级赛 0\/1 Placement 0\/1 1500$/.exec(line)?.slice(1),
    );
    const partyOf = Object.fromEntries(seated.map((entry) => entry ?? ['?', '?']));
    expect(Object.keys(partyOf).sort()).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
    expect(partyOf.Ann).toBe(partyOf.Ben);
    expect(partyOf.Cat).toBe(partyOf.Dan);
    expect(partyOf.Ann).not.toBe(partyOf.Cat);
    await see(ann, 'win-chance', 'Your predicted win chance: 50%');
    await ben.getByRole('button', { name: 'We won' }).click();
    await dan.getByRole('button', { name: 'We lost' }).click();
    // Newcomers on the team ladder use the provisional K of 64 here: ±32 at equal strength.
    for (const page of [ann, ben]) await see(page, 'rating-change', 'Rating 1500 → 1532 (+32)');
    for (const page of [cat, dan]) await see(page, 'rating-change', 'Rating 1500 → 1468 (−32)');

    await see(ann, 'my-rank', 'You: #1 with 1532');
    // Tied players share a rank (their order among themselves is Firestore's).
    expect((await board(ann)).sort()).toEqual([
      '1 Ann 黄金 II · Gold II 1532 1W 0L 0D',
      '1 Ben 黄金 II · Gold II 1532 1W 0L 0D',
      '3 Cat 黄金 II · Gold II 1468 0W 1L 0D',
      '3 Dan 黄金 II · Gold II 1468 0W 1L 0D',
    ]);
    await screenshot(ann, 'lobby-2v2-settled.png');
  }, 120_000);

  it('shows placement, then a tier, across two games, with the season countdown and last season', async () => {
    // Names of their own: a call still in flight from an earlier test's Ann or Ben could recreate that profile
    // after the clear, under the default name.
    const ann = await player('Amy');
    const ben = await player('Bea');
    // Last season (2025 in the test configuration) closed with Ann third on the ranked ladder.
    const gold = { tier: 'gold', division: 1, names: { zh: '黄金', en: 'Gold' }, step: 8 };
    await db.doc('players/dev:amy/seasons/2025').set({
      ...{ uid: 'dev:amy', ladder: 'ranked', season: '2025', rating: 1580, peak: 1610, seasonGames: 14 },
      ...{ placed: true, tier: gold, rank: 3, resetTo: 1540, closedAt: Date.parse('2026-01-01T00:05:00Z') },
    });
    const top = [1, 2, 3].map((rank) => ({
      rank,
      uid: `dev:${['zoe', 'yan', 'amy'][rank - 1]}`,
      rating: 1700 - rank * 40,
      tier: gold,
    }));
    await db.doc('ladders/ranked/closes/2025').set({
      ...{ ladder: 'ranked', season: '2025', phase: 'done', archived: 3, cursor: null, top },
      ...{ startedAt: 0, finishedAt: 1 },
    });
    await ann.getByLabel('Season ladder').selectOption('ranked');
    await see(ann, 'season-current', /^Season 2026 ends in \d+d \d+:\d\d:\d\d$/);
    await see(
      ann,
      'season-history',
      '2025 黄金 I Gold I · 1580 · 3rd — final top: 1. zoe 1660, 2. yan 1620, 3. amy 1580',
    );
    await see(ann, 'ratings', /ranked 定级赛 0\/2\s+Placement 0\/2 1500 · no games yet/);
    await screenshot(ann, 'lobby-placement-before.png');

    for (const game of [1, 2]) {
      await queue(ann, 'duel');
      await queue(ben, 'duel');
      await sweep(600);
      await ann.getByRole('button', { name: 'We won' }).click();
      await ben.getByRole('button', { name: 'We lost' }).click();
      await see(ann, 'match-status', 'You won!');
      if (game === 1) {
        await see(ann, 'rank-change', /^定级赛 0\/2\s+Placement 0\/2 → 定级赛 1\/2\s+Placement 1\/2$/);
        await see(ann, 'ratings', /ranked 定级赛 1\/2\s+Placement 1\/2 1516/);
        await screenshot(ann, 'lobby-placement-during.png');
      } else {
        await see(ann, 'rank-change', /→ 黄金 II · Gold II Placement complete! 定级完成$/);
        await screenshot(ann, 'lobby-placement-placed.png');
      }
      for (const page of [ann, ben]) await page.getByRole('button', { name: 'Back to lobby' }).click();
    }
    await see(ann, 'ratings', /ranked 黄金 II · Gold II 1531 · 2W 0L 0D/);
    await see(ben, 'ratings', /ranked 黄金 II · Gold II 1469 · 0W 2L 0D/);
    await ann.getByLabel('Ladder', { exact: true }).selectOption('ranked');
    await expect
      .poll(() => board(ann), { timeout: 20_000 })
      .toEqual(['1 Amy 黄金 II · Gold II 1531 2W 0L 0D', '2 Bea 黄金 II · Gold II 1469 0W 2L 0D']);
    await screenshot(ann, 'lobby-placement-after.png');
  }, 120_000);

  it('shows the search right under the Queue button on a phone, in words', async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await player('Phoebe', phone);
    await queue(page, 'ffa');
    await see(page, 'match-status', 'Searching for a free-for-all match (ffa)…');
    await see(page, 'queue-size', 'not counted since you queued');
    // Visible without scrolling: the whole status line lies inside the phone's screen.
    const viewport = await page.evaluate(() => ({ top: window.scrollY, height: window.innerHeight }));
    const box = (await page.getByTestId('match-status').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(viewport.top).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'lobby-phone-searching.png') });
    await page.getByRole('button', { name: 'Leave queue' }).click();
    await see(page, 'match-status', 'You left the queue.');
  }, 60_000);

  it('lets a player pick the region of a regional mode, and matches them there', async () => {
    const eve = await player('Eve');
    const fay = await player('Fay');
    // A mode without regions hides the region picker.
    await eve.getByLabel('Mode').selectOption('1v1');
    expect(await eve.getByLabel('Region', { exact: true }).isHidden()).toBe(true);
    await eve.getByLabel('Mode').selectOption('regional');
    const options = await eve.getByLabel('Region', { exact: true }).locator('option').allTextContents();
    expect(options).toEqual(['eu', 'us', 'asia']);
    await eve.getByLabel('Region', { exact: true }).selectOption('us');
    await eve.getByRole('button', { name: 'Queue' }).click();
    await see(eve, 'match-status', 'Searching for a regional match in us…');
    await screenshot(eve, 'lobby-region.png');
    await fay.getByLabel('Mode').selectOption('regional');
    await fay.getByLabel('Region', { exact: true }).selectOption('us');
    await fay.getByRole('button', { name: 'Queue' }).click();
    for (const page of [eve, fay]) await see(page, 'match-status', 'Game on! Report the result when it is over.');
  });

  it('queues with the maps and the language a player picks, and shows what the room plays', async () => {
    const gus = await player('Gus');
    const hal = await player('Hal');
    // A mode without choices shows no picker; `maps` offers three maps and two languages.
    await gus.getByLabel('Mode').selectOption('1v1');
    expect(await gus.getByTestId('choices').isHidden()).toBe(true);
    for (const page of [gus, hal]) await page.getByLabel('Mode').selectOption('maps');
    const map = (page: Page) => page.getByRole('group', { name: 'map' });
    expect(await map(gus).getByRole('checkbox').count()).toBe(3);
    // Gus accepts mirage and nuke, in English; Hal only nuke, in any language.
    await map(gus).getByLabel('dust').uncheck();
    await gus.getByLabel('lang', { exact: true }).selectOption('en');
    for (const name of ['dust', 'mirage']) await map(hal).getByLabel(name).uncheck();
    await screenshot(gus, 'lobby-choices.png');
    await gus.getByRole('button', { name: 'Queue' }).click();
    await see(gus, 'match-status', 'Searching for a maps match…');
    await hal.getByRole('button', { name: 'Queue' }).click();
    for (const page of [gus, hal]) await see(page, 'agreed', 'Playing map nuke · lang en');
  });

  it('queues for a second mode at once, and the match that forms in either takes the player there', async () => {
    const ida = await player('Ida');
    const jon = await player('Jon');
    await ida.getByLabel('Mode').selectOption('2v2');
    const also = ida.getByRole('group', { name: 'Also queue for' });
    // Every mode but the one picked can be ticked.
    expect(await also.getByRole('checkbox').count()).toBe((await ida.getByLabel('Mode').locator('option').count()) - 1);
    await also.getByLabel('1v1', { exact: true }).check();
    await ida.getByRole('button', { name: 'Queue' }).click();
    await see(ida, 'match-status', 'Searching for a 2v2 match or a 1v1 match…');
    await screenshot(ida, 'lobby-several-modes.png');
    await jon.getByLabel('Mode').selectOption('1v1');
    await jon.getByRole('button', { name: 'Queue' }).click();
    for (const page of [ida, jon]) await see(page, 'match-status', 'Game on! Report the result when it is over.');
  });

  it("treats two tabs of one browser as two players, and a reload keeps each tab's player", async () => {
    const context = await browser.newContext();
    // The reloaded tab signs in again; its call must be answered before the test ends, or its write would land in
    // the next test file's freshly cleared database.
    const pending = new Set<unknown>();
    context.on('request', (request) => {
      if (request.url().includes('/ladder-')) pending.add(request);
    });
    context.on('requestfinished', (request) => pending.delete(request));
    context.on('requestfailed', (request) => pending.delete(request));
    const one = await player('Tab One', context);
    const two = await player('Tab Two', context);
    await one.reload();
    await see(one, 'player-name', 'Tab One');
    await see(two, 'player-name', 'Tab Two');
    await expect.poll(() => pending.size, { timeout: 30_000 }).toBe(0);
  }, 60_000);
});

describe('the built client package', () => {
  it('imports nothing but the firebase SDK and its own modules', () => {
    const dist = join(ROOT, 'client/dist');
    const imports = readdirSync(dist, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.js'))
      .flatMap((file) => [...readFileSync(join(dist, file), 'utf8').matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1]!));
    expect(imports.length).toBeGreaterThan(0);
    // Its own modules are relative (the HTTP entry's helpers sit in http/); anything else must be Firebase's.
    expect(
      imports.filter(
        (specifier) => !/^(\.\.?\/([\w-]+\/)*[\w-]+\.js|firebase\/(app|auth|firestore|functions))$/.test(specifier),
      ),
    ).toEqual([]);
  });
});
