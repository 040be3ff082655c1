import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { describeRoom } from '@ladder/client';
import { runMatcher } from '../../functions/src/jobs/matcherRun.js';
import { adjustRating } from '../../functions/src/store/adjust.js';
import { db } from '../support/admin.js';
import { expectInvariants } from '../support/game.js';
import { ladderPlayers, reach } from '../support/ladder.js';
import { testContext } from '../support/context.js';

const ctx = testContext();

// The test configuration's `botDuel`: a 1v1 on the solo ladder whose tickets get a bot after 2 s without a human;
// its side cap widens from 60 to 100 points after 1 s.
const MODE = 'botDuel';
const sweep = () => runMatcher(ctx, { durationMs: 1_000, intervalMs: 300 });

describe('bots after a wait, on the emulators', () => {
  it('seats a player who waited alone with a bot; the game settles unrated and no bot reaches the leaderboard', async () => {
    const [zed, top, low] = await ladderPlayers('Zed', 'Top', 'Low');
    // A rated 1v1 first, so the solo ladder has two players on it.
    const topMatch = await top.queue('1v1');
    await reach(topMatch, 'queued');
    const lowMatch = await low.queue('1v1');
    await reach(topMatch, 'active');
    await topMatch.reportOutcome('win');
    await lowMatch.reportOutcome('loss');
    await reach(topMatch, 'settled');
    const match = await zed.queue(MODE);
    await reach(match, 'queued');
    // Younger than the 2 s: the sweep leaves the ticket waiting for a human.
    await sweep();
    expect(match.status?.kind).toBe('queued');
    expect(match.bots).toEqual([]);
    await sleep(Math.max(0, 2_100 - ((match.status?.kind === 'queued' && match.status.waitedSeconds) || 0) * 1000));
    await sweep();
    const active = await reach(match, 'active');

    // The room marks the bot's seat; the game reads it from the Match to play it.
    expect(active.room.bots).toEqual([{ seat: 1, side: 1, rating: 1500, name: 'Bot 1' }]);
    expect(match.bots).toEqual(active.room.bots);
    expect(active.room.memberUids).toEqual([zed.uid]);
    expect(active.room.sides[1]!.tickets).toEqual([]);
    expect(describeRoom(active.room, zed.uid).sides.map((s) => s.players.map((p) => [p.name, p.bot]))).toEqual([
      [['Zed', false]],
      [['Bot 1', true]],
    ]);

    // Zed alone reports; nothing moves on the ladder, and the history says it was a game against bots.
    await match.reportOutcome('win');
    const settled = await reach(match, 'settled');
    expect(settled).toMatchObject({ outcome: 'win', ratingChange: { before: 1500, after: 1500, delta: 0 } });
    expect(settled.room.unrated?.reason).toMatch(/bots/);
    const profile = await zed.profile();
    expect(profile.player.ladders.solo?.games ?? 0).toBe(0);
    expect(profile.player.ladders.solo?.rating ?? 1500).toBe(1500);
    const row = (await zed.history()).find((r) => r.id === active.room.id);
    expect(row).toMatchObject({ outcome: 'win', delta: 0, bots: true, kind: 'game' });
    expect((await db.collection('players').where('displayName', '==', 'Bot 1').get()).size).toBe(0);

    const board = await zed.leaderboard('solo', { limit: 100 });
    expect(board.top.map((r) => [r.displayName, r.rating])).toEqual([
      ['Top', 1516],
      ['Low', 1484],
    ]);
    expect(board.me).toBeNull();
    // Zed is free to queue again, and the bots' room has no rematch.
    await expect(zed.queue(MODE).then((m) => m.cancel())).resolves.toBe(true);
    await expectInvariants();
  }, 60_000);

  it('matches two players waiting past the bots’ wait with each other, not with bots', async () => {
    const [amy, ben] = await ladderPlayers('Amy', 'Ben');
    // 80 points apart: too far for the 60-point side cap when Ben queues, within the 100 it widens to after 1 s.
    await adjustRating(ctx, 'test operator', ben.uid, 'solo', 80, 'a stronger player for the test');
    const amyMatch = await amy.queue(MODE);
    const benMatch = await ben.queue(MODE);
    expect((await reach(benMatch, 'queued')).kind).toBe('queued');
    await sleep(2_300);
    await sweep();
    const [a, b] = await Promise.all([reach(amyMatch, 'active'), reach(benMatch, 'active')]);
    expect(a.room.id).toBe(b.room.id);
    expect(a.room.bots).toEqual([]);
    expect([...a.room.memberUids].sort()).toEqual([amy.uid, ben.uid].sort());
    await expectInvariants();
  }, 60_000);
});
