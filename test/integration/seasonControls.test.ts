import { describe, expect, it } from 'vitest';
import { db, documentPaths, expectRefusal } from '../support/admin.js';
import { devPlayer } from '../support/client.js';
import { expectInvariants } from '../support/game.js';
import { auditRows, operator, profileOf } from '../support/operator.js';

const reason = 'season 2025 prizes are due today';

// The test configuration's `ranked` ladder has a season 2025, ended, and 2026, running until 2099.
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
      /^season: "2026" runs until 2099-01-01T00:00:00.000Z; it closes after its end/,
    );
    expect(await documentPaths()).toEqual(paths);
  });
});

// 2026 runs until 2099-01-01 in the test configuration, with no season after it.
describe('extending a season', () => {
  const why = 'the finals were postponed a month';
  it('moves the end later as data with one audit row; the same call again changes nothing', async () => {
    const op = await operator();
    const ann = await devPlayer('Extended Ann');
    const first = await op.call('extendSeason', { ladder: 'ranked', season: '2026', byDays: 31, reason: why });
    const end = Date.parse('2099-02-01T00:00:00Z');
    expect(first).toEqual({ season: '2026', end, auditId: expect.any(String) });
    expect(await auditRows()).toEqual([
      expect.objectContaining({
        id: first.auditId,
        action: 'extendSeason',
        actor: op.uid,
        target: 'ranked/2026',
        reason: why,
        before: expect.objectContaining({ end: Date.parse('2099-01-01T00:00:00Z') }),
        after: expect.objectContaining({ end, configuredEnd: Date.parse('2099-01-01T00:00:00Z') }),
      }),
    ]);
    // Players' calendars and the close follow the new end.
    expect((await ann.call('getSeasons', { ladder: 'ranked' })).current).toMatchObject({ id: '2026', end });
    await expectRefusal(
      op.call('closeSeasonNow', { ladder: 'ranked', season: '2026', reason }),
      'failed-precondition',
      /^season: "2026" runs until 2099-02-01T00:00:00.000Z/,
    );

    const paths = await documentPaths();
    const again = [{ byDays: 31 }, { endsAt: '2099-02-01T00:00:00Z' }];
    for (const ask of again) {
      expect(await op.call('extendSeason', { ladder: 'ranked', season: '2026', ...ask, reason: why })).toEqual({
        season: '2026',
        end,
        auditId: null,
      });
    }
    expect(await documentPaths()).toEqual(paths);
    expect(await auditRows()).toHaveLength(1);
  });

  it('refuses a non-operator and every bad ask precisely, changing nothing', async () => {
    const op = await operator();
    const eve = await devPlayer('Extend Eve');
    const paths = await documentPaths();
    const ask = (input: Record<string, unknown>) =>
      op.call('extendSeason', { ladder: 'ranked', season: '2026', reason: why, ...input } as never);
    await expectRefusal(
      eve.call('extendSeason', { ladder: 'ranked', season: '2026', byDays: 7, reason: why }),
      'permission-denied',
      /^Operators only/,
    );
    await expectRefusal(ask({ ladder: 'chess', byDays: 7 }), 'invalid-argument', /^ladder: no ladder is named "chess"/);
    await expectRefusal(
      ask({ season: '1999', byDays: 7 }),
      'invalid-argument',
      /^season: ladder "ranked" has no season "1999"/,
    );
    await expectRefusal(
      ask({ season: '2025', byDays: 7 }),
      'failed-precondition',
      /^season: "2025" ended at 2026-01-01T00:00:00.000Z/,
    );
    await expectRefusal(
      ask({ endsAt: '2020-01-01T00:00:00Z' }),
      'invalid-argument',
      /^endsAt: the new end 2020-01-01T00:00:00.000Z is not later than now/,
    );
    await expectRefusal(ask({ endsAt: 'next tuesday' }), 'invalid-argument', /endsAt: must be an ISO 8601 date/);
    await expectRefusal(ask({ byDays: 0 }), 'invalid-argument', /byDays: must be at least 1 day/);
    await expectRefusal(
      ask({ byDays: 7, endsAt: '2099-03-01T00:00:00Z' }),
      'invalid-argument',
      /endsAt: give either endsAt or byDays/,
    );
    await expectRefusal(
      ask({ byDays: 7, reason: 'x'.repeat(501) }),
      'invalid-argument',
      /reason: must be at most 500 characters/,
    );
    expect(await documentPaths()).toEqual(paths);
    // A closed season: 2025 closed now, then asked again.
    await op.call('closeSeasonNow', { ladder: 'ranked', season: '2025', reason });
    await expectRefusal(ask({ season: '2025', byDays: 7 }), 'failed-precondition', /^season: "2025" is closed/);
  });
});
