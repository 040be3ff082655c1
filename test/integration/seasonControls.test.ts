import { describe, expect, it } from 'vitest';
import { db, documentPaths, expectRefusal } from '../support/admin.js';
import { devPlayer } from '../support/client.js';
import { expectInvariants } from '../support/game.js';
import { auditRows, operator, profileOf } from '../support/operator.js';

const reason = 'season 2025 prizes are due today';

// The test configuration's `ranked` ladder has a season 2025, ended, and 2026, running until 2027.
describe('closing a season now', () => {
  it('closes an ended season at once, as the scheduled close would; a repeat changes nothing', async () => {
    const op = await operator();
    const ann = await devPlayer('Season Ann');
    // Ann's standing on `ranked` is still in 2025: the scheduled close has not reached her.
    await db.doc(`players/${ann.uid}`).update({ 'ladders.ranked.season': '2025' });
    expect((await profileOf(ann.uid)).ladders.ranked.season).toBe('2025');

    const first = await op.call('closeSeasonNow', { ladder: 'ranked', season: '2025', reason });
    expect(first).toMatchObject({ outcome: 'done', auditId: expect.any(String) });
    expect((await profileOf(ann.uid)).ladders.ranked.season).not.toBe('2025');
    expect((await db.doc('ladders/ranked/closes/2025').get()).data()).toMatchObject({ phase: 'done' });
    expect(await auditRows()).toEqual([
      expect.objectContaining({
        id: first.auditId,
        action: 'closeSeasonNow',
        target: 'ranked/2025',
        reason,
        before: null,
        after: expect.objectContaining({ phase: 'done' }),
      }),
    ]);

    const paths = await documentPaths();
    expect(await op.call('closeSeasonNow', { ladder: 'ranked', season: '2025', reason })).toEqual({
      outcome: 'done',
      auditId: null,
    });
    expect(await documentPaths()).toEqual(paths);
    await expectInvariants();
  });

  it('refuses a non-operator, an unknown ladder or season, and a season still running, changing nothing', async () => {
    const op = await operator();
    const eve = await devPlayer('Season Eve');
    const paths = await documentPaths();
    await expectRefusal(
      eve.call('closeSeasonNow', { ladder: 'ranked', season: '2025', reason }),
      'permission-denied',
      /^Operators only/,
    );
    await expectRefusal(
      op.call('closeSeasonNow', { ladder: 'chess', season: '2025', reason }),
      'invalid-argument',
      /^ladder: no ladder is named "chess"/,
    );
    await expectRefusal(
      op.call('closeSeasonNow', { ladder: 'ranked', season: '1999', reason }),
      'invalid-argument',
      /^season: ladder "ranked" has no season "1999"; seasons: 2025, 2026/,
    );
    await expectRefusal(
      op.call('closeSeasonNow', { ladder: 'ranked', season: '2026', reason }),
      'failed-precondition',
      /^season: "2026" runs until 2027-01-01T00:00:00.000Z; it closes after its end/,
    );
    expect(await documentPaths()).toEqual(paths);
  });
});
