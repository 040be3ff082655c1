import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, browserPerFile, see as seeWithin, signInAt } from '../support/browser.js';
import { devPlayer } from '../support/client.js';

const browser = browserPerFile();

async function player(name: string): Promise<Page> {
  const page = await signInAt(browser, name);
  await see(page, 'player-name', name);
  return page;
}

// A loaded machine may take a minute over a function's first call.
const see = (page: Page, testId: string, text: string | RegExp) => seeWithin(page, testId, text, 60_000);

describe('a rematch in the lobby', () => {
  it('shows "Play again" with who has asked, and starts the same game again once both asked', async () => {
    // A function's first call starts its emulator worker, which a loaded machine may take a minute over: start the
    // ones this test waits on before anything is timed.
    const warm = await devPlayer('Warm Up');
    for (const name of ['enqueue', 'reportResult', 'requestRematch', 'getProfile'] as const)
      await warm.callUnchecked(name, { roomId: 'none' }).catch(() => null);
    const cleo = await player('Cleo');
    const dan = await player('Dan');
    // The first game is queued and reported by the same two players' game clients (1v1 tickets live 4 s here,
    // less than a busy machine may take between two clicks); the lobby follows it through `onMatch`.
    const [cleoGame, danGame] = [await devPlayer('Cleo'), await devPlayer('Dan')];
    await cleoGame.call('enqueue', { mode: '1v1' });
    const { room } = await danGame.call('enqueue', { mode: '1v1' });
    expect(room).not.toBeNull();
    const cleoSide = room!.sides[0]!.tickets[0]!.members[0]!.uid === cleoGame.uid ? 'A' : 'B';
    // Played, as a game is, only once the lobbies show it: the player's state names a ticket only until its game
    // settles, so a lobby whose listener lagged behind a game over in a second would never learn of that game.
    for (const page of [cleo, dan]) await see(page, 'match-status', 'Game on! Report the result when it is over.');
    for (const game of [cleoGame, danGame]) await game.call('reportResult', { roomId: room!.id, outcome: cleoSide });
    await see(cleo, 'match-status', 'You won!');
    await see(dan, 'match-status', 'You lost');

    await cleo.getByRole('button', { name: 'Play again' }).click();
    await see(cleo, 'rematch-status', 'Asked to play again: you. Waiting for Dan.');
    await see(dan, 'rematch-status', 'Asked to play again: Cleo. Waiting for you.');
    expect(await cleo.getByRole('button', { name: 'Asked to play again' }).isDisabled()).toBe(true);
    await dan.getByTestId('rematch').screenshot({ path: join(ARTIFACTS, 'lobby-rematch-asked.png') });
    await dan.screenshot({ path: join(ARTIFACTS, 'lobby-rematch-asked-page.png'), fullPage: true });

    await dan.getByRole('button', { name: 'Play again' }).click();
    // No queue: both are in the new room at once, the same two players with their new ratings.
    for (const page of [cleo, dan]) await see(page, 'match-status', 'Game on! Report the result when it is over.');
    await see(cleo, 'room-player', /^Cleo \(you\) .* 1516$/);
    await cleo.screenshot({ path: join(ARTIFACTS, 'lobby-rematch-started.png'), fullPage: true });
  }, 240_000);
});
