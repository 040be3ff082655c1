import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { devUid, grantOperator } from '../../scripts/operator.js';
import { db } from '../support/admin.js';
import { browserPerFile, screenshot, seeRendered, signInAt } from '../support/browser.js';
import { devPlayer } from '../support/client.js';
import { enqueue, sideUids } from '../support/game.js';

const browser = browserPerFile();

const signIn = (name: string) =>
  signInAt(browser, name, { path: 'operator.html', label: 'Operator name', viewport: { width: 1600, height: 1000 } });

/** Confirms the pending action after checking the confirmation names its consequence. */
async function confirm(page: Page, consequence: RegExp, label: string) {
  await seeRendered(page, 'confirm', consequence);
  await page.getByRole('button', { name: label }).click();
  await page.getByTestId('confirm').waitFor({ state: 'detached' });
}

async function openPlayer(page: Page, uid: string, reason: string) {
  await page.getByLabel('Player uid or name').fill(uid);
  await page.getByLabel('Reason', { exact: true }).fill(reason);
  await page.getByRole('button', { name: 'Open' }).click();
  await seeRendered(page, 'player-summary', new RegExp(uid));
}

describe('the operator view acts', () => {
  it('bans, unbans, adjusts, voids and deletes from the player page, each behind a confirmation', async () => {
    const [ann, bob] = await Promise.all([devPlayer('Act Ann'), devPlayer('Act Bob')]);
    await enqueue(ann, '1v1');
    const { room } = await enqueue(bob, '1v1');
    const side = sideUids(room!)[0]!.includes(ann.uid) ? 'A' : 'B';
    for (const c of [ann, bob]) await c.call('reportResult', { roomId: room!.id, outcome: side });
    await grantOperator(devUid('Olga Operator'));
    const page = await signIn('Olga Operator');
    await page.locator('#app[data-loaded="true"]').waitFor();
    await openPlayer(page, bob.uid, 'cheating, ticket #12');

    await page.getByLabel('Ban hours').fill('48');
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    await screenshot(page, 'operator-ban-confirm.png');
    await confirm(page, /^Ban Act Bob for 48 hours: their waiting ticket is cancelled/, 'Confirm ban');
    await seeRendered(
      page,
      'ban-status',
      /^Banned until \d{4}-\d\d-\d\dT[\d:.]+Z \(cheating, ticket #12; by dev:olga operator at [\d\-T:.Z]+\)$/,
    );
    expect((await db.doc(`playerStates/${bob.uid}`).get()).data()!.ban.reason).toBe('cheating, ticket #12');
    await seeRendered(page, 'player-audit', /banPlayer by dev:olga operator: cheating, ticket #12/);
    await page.getByRole('button', { name: 'Unban' }).click();
    await confirm(page, /^Lift the ban on Act Bob/, 'Confirm unban');
    await seeRendered(page, 'ban-status', /^Not banned$/);

    await page.getByLabel('Rating delta').fill('25');
    await page.getByRole('button', { name: 'Adjust' }).click();
    await confirm(page, /^Adjust Act Bob's solo rating by 25 points/, 'Confirm adjustment');
    await seeRendered(page, 'player-history', /adjustment cheating, ticket #12 .* \(\+25\)/);

    await page.getByTestId('player-history').getByRole('button', { name: 'Void' }).click();
    await confirm(page, /^Void room .+: every player's rating change from it is reversed/, 'Confirm void');
    await seeRendered(page, 'player-history', /game \(voided\)/);
    expect((await db.doc(`rooms/${room!.id}`).get()).data()!.voided.reason).toBe('cheating, ticket #12');
    await screenshot(page, 'operator-player-page.png');

    await openPlayer(page, ann.uid, 'GDPR request #4');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await confirm(page, /^Delete Act Ann's account for good/, 'Confirm deletion');
    await seeRendered(page, 'player-summary', /^No player dev:act ann\.$/);
    expect((await db.doc(`players/${ann.uid}`).get()).exists).toBe(false);
  }, 180_000);

  it('bans with no expiry, and replaces a ban only when the operator chooses to, saying which ban it replaces', async () => {
    const [, cat] = await Promise.all([devPlayer('Ban Carl'), devPlayer('Ban Cat')]);
    await grantOperator(devUid('Olga Operator'));
    const page = await signIn('Olga Operator');
    await page.locator('#app[data-loaded="true"]').waitFor();
    // Support requests name players: a name's start finds them all, to choose from; a whole name opens one.
    await page.getByLabel('Player uid or name').fill('Ban C');
    await page.getByRole('button', { name: 'Open' }).click();
    await seeRendered(
      page,
      'player-matches',
      /^Players named "Ban C"…: choose one\. ?Ban Carl \(.+\) ?Ban Cat \(.+\)$/,
    );
    await page.getByRole('button', { name: `Ban Cat (${cat.uid})` }).click();
    await seeRendered(page, 'player-summary', new RegExp(`^Ban Cat ${cat.uid}`));
    await page.getByLabel('Reason', { exact: true }).fill('wallhack, ticket #51');

    await page.getByLabel('Ban with no expiry').check();
    expect(await page.getByLabel('Ban hours').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    await confirm(
      page,
      /^Ban Ban Cat with no expiry \(until lifted\): their waiting ticket is cancelled/,
      'Confirm ban',
    );
    await seeRendered(
      page,
      'ban-status',
      /^Banned with no expiry \(wallhack, ticket #51; by dev:olga operator at .+\)$/,
    );
    expect((await db.doc(`playerStates/${cat.uid}`).get()).data()!.ban).toMatchObject({ until: null });

    // A second ban over it says what it replaces and asks for that choice by name.
    await page.getByLabel('Ban with no expiry').uncheck();
    await page.getByLabel('Ban hours').fill('2');
    await page.getByLabel('Reason', { exact: true }).fill('appeal: reduced, ticket #52');
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    await seeRendered(
      page,
      'confirm',
      /^Ban Cat is already banned with no expiry \(wallhack, ticket #51; by dev:olga operator at .+\)\. Replace that ban with a ban for 2 hours\?/,
    );
    expect(await page.getByRole('button', { name: 'Confirm ban' }).count()).toBe(0);
    await screenshot(page, 'operator-ban-replace.png');
    // Cancelled, nothing changes.
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await db.doc(`playerStates/${cat.uid}`).get()).data()!.ban).toMatchObject({ until: null });
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    await confirm(page, /^Ban Cat is already banned with no expiry/, 'Replace ban');
    await seeRendered(page, 'ban-status', /^Banned until \d{4}-\d\d-\d\dT[\d:.]+Z \(appeal: reduced, ticket #52; by/);
    const rows = (await db.collection('audit').where('target', '==', cat.uid).get()).docs.map((d) => d.data());
    expect(rows.find((r) => r.reason === 'appeal: reduced, ticket #52')!.before.ban).toMatchObject({ until: null });

    // A refusal shows beside the action it answers, the confirmation still open; the top banner stays hidden.
    await page.getByLabel('Ban hours').fill('0');
    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    await page.getByRole('button', { name: 'Replace ban' }).click();
    await seeRendered(page, 'refusal', /^invalid-argument .*hours: must be at least 1 hour/);
    expect(await page.getByTestId('confirm').getByTestId('refusal').isVisible()).toBe(true);
    expect(await page.locator('#error').isVisible()).toBe(false);
    await screenshot(page, 'operator-ban-refused.png');
  }, 180_000);

  it('pauses and resumes a mode from the mode page, and a refusal shows beside the action', async () => {
    await grantOperator(devUid('Olga Operator'));
    const page = await signIn('Olga Operator');
    await page.locator('#app[data-loaded="true"]').waitFor();
    await seeRendered(page, 'mode-2v2', /^2v2 open/);
    await page.getByLabel('Message to players').fill('2v2 is down for a fix');
    await page.getByLabel('Mode reason').fill('incident #7');
    await page.getByTestId('mode-2v2').getByRole('button', { name: 'Pause' }).click();
    await confirm(page, /^Pause 2v2: queueing is refused with your message/, 'Confirm pause');
    await seeRendered(page, 'mode-2v2', /^2v2 paused: 2v2 is down for a fix Resume$/);
    const player = await devPlayer('Paused Pat');
    await expect(enqueue(player, '2v2')).rejects.toThrow(/Queueing for 2v2 is paused: 2v2 is down for a fix/);
    await screenshot(page, 'operator-modes.png');
    await page.getByTestId('mode-2v2').getByRole('button', { name: 'Resume' }).click();
    await confirm(page, /^Resume 2v2/, 'Confirm resume');
    await seeRendered(page, 'mode-2v2', /^2v2 open/);
    // Without a reason the server refuses, naming the field; the view shows it and nothing changes.
    await page.getByLabel('Mode reason').fill('');
    await page.getByTestId('mode-1v1').getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Confirm pause' }).click();
    await seeRendered(page, 'refusal', /^invalid-argument .*reason: must say why/);
    expect(await page.getByTestId('confirm').getByTestId('refusal').isVisible()).toBe(true);
    await seeRendered(page, 'mode-1v1', /^1v1 open/);
  });

  it('extends a running season from the season page, and a refusal shows beside the action', async () => {
    await grantOperator(devUid('Olga Operator'));
    const page = await signIn('Olga Operator');
    await page.locator('#app[data-loaded="true"]').waitFor();
    // The test configuration's `ranked` ladder runs season 2026 until 2099-01-01.
    await seeRendered(page, 'season-ranked', /^ranked 2026 running until 2099-01-01T00:00:00Z Extend$/);
    await page.getByLabel('Extend days').fill('31');
    await page.getByLabel('Season reason').fill('finals postponed, ticket #31');
    await page.getByTestId('season-ranked').getByRole('button', { name: 'Extend' }).click();
    await screenshot(page, 'operator-season-confirm.png');
    await confirm(
      page,
      /^Extend ranked season 2026 to 2099-02-01T00:00:00Z \(31 days later\): games played until then count for it/,
      'Confirm extension',
    );
    await seeRendered(page, 'season-ranked', /^ranked 2026 running until 2099-02-01T00:00:00Z Extend$/);
    expect((await db.doc('ladders/ranked/extensions/2026').get()).data()).toMatchObject({
      end: Date.parse('2099-02-01T00:00:00Z'),
    });
    const rows = (await db.collection('audit').where('action', '==', 'extendSeason').get()).docs.map((d) => d.data());
    expect(rows).toEqual([
      expect.objectContaining({
        target: 'ranked/2026',
        actor: devUid('Olga Operator'),
        reason: 'finals postponed, ticket #31',
      }),
    ]);
    await screenshot(page, 'operator-seasons.png');
    // Without a reason the server refuses, naming the field; the view shows it and the end stays.
    await page.getByLabel('Season reason').fill('');
    await page.getByTestId('season-ranked').getByRole('button', { name: 'Extend' }).click();
    await page.getByRole('button', { name: 'Confirm extension' }).click();
    await seeRendered(page, 'refusal', /^invalid-argument .*reason: must say why/);
    expect(await page.getByTestId('confirm').getByTestId('refusal').isVisible()).toBe(true);
    await seeRendered(page, 'season-ranked', /^ranked 2026 running until 2099-02-01T00:00:00Z Extend$/);
  });

  it('shows a player without the admin claim no actions at all', async () => {
    const page = await signIn('Plain Player');
    await seeRendered(page, 'operators-only', /^Operators only/);
    expect(await page.getByRole('button', { name: 'Ban', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Extend' }).count()).toBe(0);
    expect(await page.locator('#player-page, #modes-page, #seasons-page').count()).toBe(0);
  });
});
