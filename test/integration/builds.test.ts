import { describe, expect, it } from 'vitest';
import { db, documentPaths, expectRefusal } from '../support/admin.js';
import { sweep } from '../support/game.js';
import { ladderPlayer } from '../support/ladder.js';

// The test configuration's `versions` mode: a 1v1 where builds 1.4 and 1.5 play together, 1.6 alone, 1.4 the oldest.
const playerOn = (name: string, build?: string) => ladderPlayer(name, {}, build);

describe('compatible builds', () => {
  it('matches a player only with compatible builds: 1.4 with 1.5 at once, 1.6 left waiting', async () => {
    const old = await playerOn('Build Old', '1.4');
    const fresh = await playerOn('Build New', '1.6');
    const first = await old.enqueue('versions');
    const second = await fresh.enqueue('versions');
    expect([first.pool, first.room, second.pool, second.room]).toEqual(['versions~1.4', null, 'versions~1.6', null]);
    // The scheduled matcher sweeps each group's pool on its own: the two never meet.
    await sweep(1_500);
    expect((await db.doc(`pools/versions~1.6/tickets/${second.ticketId}`).get()).get('status')).toBe('queued');

    const mid = await playerOn('Build Mid', '1.5');
    const third = await mid.enqueue('versions');
    expect(third.pool).toBe('versions~1.4');
    expect(third.room?.memberUids.slice().sort()).toEqual([old.uid, mid.uid].sort());
  }, 60_000);

  it('gives a Match the mode queued for and the pool joined, and each status the same', async () => {
    const player = await playerOn('Build Pool', '1.6');
    const match = await player.queue('versions');
    expect([match.mode, match.pool]).toEqual(['versions', 'versions~1.6']);
    const status = await match.until('queued', 'pending', 'active');
    expect([status.mode, status.pool]).toEqual(['versions', 'versions~1.6']);
    if (status.kind === 'queued') await match.cancel();
  }, 60_000);

  it('refuses a build older than the minimum with a message to update, and a malformed or missing build, changing nothing', async () => {
    const stale = await playerOn('Build Stale', '1.3');
    const odd = await playerOn('Build Odd', 'latest');
    const none = await playerOn('Build None');
    const before = await documentPaths();
    await expectRefusal(
      stale.enqueue('versions'),
      'failed-precondition',
      /Build 1.3 is too old for versions: update the game/,
    );
    await expectRefusal(odd.enqueue('versions'), 'invalid-argument', /^Invalid request: build: /);
    await expectRefusal(
      none.enqueue('versions'),
      'invalid-argument',
      /build: mode "versions" needs the client's build/,
    );
    expect(await documentPaths()).toEqual(before);
    // A mode without builds takes any well-formed build and ignores it.
    expect(await stale.enqueue('1v1')).toMatchObject({ mode: '1v1', pool: '1v1' });
  }, 60_000);
});
