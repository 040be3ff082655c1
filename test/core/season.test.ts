import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { ladderSchema } from '../../functions/src/core/ladder/ladder.js';
import { ranked, type Standing } from '../../functions/src/core/ladder/standing.js';
import {
  calendarAt,
  closeStanding,
  enterSeason,
  rankBatch,
  seasonAt,
  seasonsSchema,
  softResetRating,
  type RankCursor,
  type SeasonArchive,
} from '../../functions/src/core/ladder/season.js';
import { standingAt } from './standings.js';

const ladder = ladderSchema.parse({
  seasons: [
    { id: 's1', start: '2026-01-01T00:00:00Z', end: '2026-04-01T00:00:00Z' },
    { id: 's2', start: '2026-04-01T00:00:00Z', end: '2026-07-01T00:00:00Z' },
  ],
});
const at = (iso: string) => Date.parse(iso);
const inSeason = (rating: number, seasonGames: number, season = 's1'): Standing =>
  ranked({ ...standingAt(rating, seasonGames), season, peak: rating }, ladder, 0);

describe('the season calendar', () => {
  it('derives the current season from the clock, with off-season gaps and the past newest first', () => {
    expect(seasonAt(ladder.seasons, at('2026-03-31T23:59:59Z'))?.id).toBe('s1');
    expect(seasonAt(ladder.seasons, at('2026-04-01T00:00:00Z'))?.id).toBe('s2');
    expect(seasonAt(ladder.seasons, at('2026-07-01T00:00:00Z'))).toBeNull();
    const view = calendarAt(ladder.seasons, at('2026-05-01T00:00:00Z'));
    expect([view.current?.id, view.next, view.past.map((s) => s.id)]).toEqual(['s2', null, ['s1']]);
  });

  it('refuses overlapping, backwards, repeated or malformed seasons, naming the field', () => {
    const bad = (seasons: unknown) => z.prettifyError(seasonsSchema.safeParse(seasons).error!);
    const s = (id: string, start: string, end: string) => ({ id, start, end });
    expect(
      bad([
        s('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
        s('b', '2026-01-15T00:00:00Z', '2026-03-01T00:00:00Z'),
      ]),
    ).toContain('season "b" starts before "a" ends');
    expect(bad([s('a', '2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z')])).toContain('season "a" ends before it starts');
    expect(
      bad([
        s('a', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
        s('a', '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z'),
      ]),
    ).toContain('season "a" repeats');
    expect(bad([s('a', 'next monday', '2026-02-01T00:00:00Z')])).toContain('start must be an ISO 8601 date and time');
  });
});

describe('closing a season for one standing', () => {
  it('archives the finish and soft-resets halfway to the mean, restarting placement', () => {
    expect(softResetRating(1900, { compression: 0.5, mean: null }, 1500)).toBe(1700);
    expect(softResetRating(1100, { compression: 0.5, mean: null }, 1500)).toBe(1300);
    expect(softResetRating(1900, { compression: 0.25, mean: 1000 }, 1500)).toBe(1225);
    const closed = closeStanding('ann', 'solo', { ...inSeason(1900, 12), peak: 1950 }, ladder, 's1', 's2', 9)!;
    expect(closed.archive).toMatchObject({ rating: 1900, peak: 1950, placed: true, resetTo: 1700, rank: null });
    expect(closed.archive!.tier).toMatchObject({ tier: 'diamond', division: 2 });
    expect(closed.standing).toMatchObject({ rating: 1700, seasonGames: 0, peak: 1700, season: 's2', games: 12 });
    expect(ranked(closed.standing, ladder, 9).visible.placement).toEqual({ played: 0, of: 5 });
    // In placement at the close: archived, not placed, so never ranked; not played at all: nothing archived.
    expect(closeStanding('ben', 'solo', inSeason(1550, 2), ladder, 's1', 's2', 9)!.archive).toMatchObject({
      placed: false,
      tier: null,
    });
    expect(closeStanding('cat', 'solo', inSeason(1550, 0), ladder, 's1', 's2', 9)!.archive).toBeNull();
  });

  it('never resets twice: a standing already past the season is left alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 40 }), (rating, games) => {
        const once = closeStanding('p', 'solo', inSeason(rating, games), ladder, 's1', 's2', 1)!;
        const again = ranked(once.standing, ladder, 1);
        expect(closeStanding('p', 'solo', again, ladder, 's1', 's2', 2)).toBeNull();
        // Entering the room's season: a closed standing is already there; an older one is closed on the way.
        expect(enterSeason('p', 'solo', again, ladder, 's2', 2)).toBeNull();
        expect(enterSeason('p', 'solo', inSeason(rating, games), ladder, 's2', 2)).toEqual(
          once && { ...once, archive: once.archive && { ...once.archive, closedAt: 2 } },
        );
      }),
    );
  });

  it('lets an off-season standing join a season without a reset', () => {
    const joined = enterSeason('p', 'solo', { ...inSeason(1800, 3), season: null }, ladder, 's2', 5)!;
    expect(joined).toMatchObject({ archive: null, standing: { rating: 1800, seasonGames: 0, season: 's2' } });
  });
});

/** A season close as the store runs it, over an in-memory ladder: rollover batches, then ranking batches. */
function closeInMemory(
  players: Map<string, Standing>,
  archives: Map<string, SeasonArchive>,
  progress: { cursor: RankCursor | null; top: string[] },
  batchSize: number,
  maxBatches: number,
): number {
  let batches = 0;
  while (batches < maxBatches) {
    const due = [...players].filter(([, s]) => s.season === 's1').slice(0, batchSize);
    if (due.length === 0) break;
    for (const [uid, standing] of due) {
      const closed = closeStanding(uid, 'solo', standing, ladder, 's1', 's2', 7)!;
      if (closed.archive) archives.set(uid, closed.archive);
      players.set(uid, ranked(closed.standing, ladder, 7));
    }
    batches += 1;
  }
  const order = [...archives.values()]
    .filter((a) => a.placed)
    .sort((a, b) => b.rating - a.rating || (a.uid < b.uid ? -1 : 1));
  while (batches < maxBatches) {
    const start = progress.cursor ? order.findIndex((a) => a.uid === progress.cursor!.uid) + 1 : 0;
    const batch = order.slice(start, start + batchSize);
    if (batch.length === 0) break;
    const { ranks, cursor } = rankBatch(batch, progress.cursor);
    for (const { uid, rank } of ranks) archives.set(uid, { ...archives.get(uid)!, rank });
    progress.top.push(...ranks.map((r) => `${r.rank}:${r.uid}`));
    progress.cursor = cursor;
    batches += 1;
  }
  return batches;
}

describe('the season close over a whole ladder', () => {
  const population = fc.uniqueArray(
    fc.record({
      uid: fc.string({ minLength: 1, maxLength: 4 }),
      rating: fc.integer({ min: 900, max: 2400 }),
      games: fc.integer({ min: 0, max: 9 }),
    }),
    { selector: (p) => p.uid, maxLength: 40 },
  );
  const start = (people: { uid: string; rating: number; games: number }[]) =>
    new Map(people.map((p) => [p.uid, inSeason(p.rating, p.games)]));

  it('ends the same whether it runs once, dies after any batch and is run again, or runs twice', () => {
    fc.assert(
      fc.property(population, fc.integer({ min: 1, max: 7 }), fc.nat(20), (people, batchSize, dieAfter) => {
        const clean = {
          players: start(people),
          archives: new Map<string, SeasonArchive>(),
          progress: { cursor: null, top: [] },
        };
        closeInMemory(clean.players, clean.archives, clean.progress, batchSize, Number.POSITIVE_INFINITY);

        const crashed = {
          players: start(people),
          archives: new Map<string, SeasonArchive>(),
          progress: { cursor: null, top: [] },
        };
        closeInMemory(crashed.players, crashed.archives, crashed.progress, batchSize, dieAfter);
        closeInMemory(crashed.players, crashed.archives, crashed.progress, batchSize, Number.POSITIVE_INFINITY);
        // And once more after it finished: nothing left to do, nothing changes.
        expect(
          closeInMemory(crashed.players, crashed.archives, crashed.progress, batchSize, Number.POSITIVE_INFINITY),
        ).toBe(0);
        expect(crashed).toEqual(clean);

        // Every player who played has one archive and was reset exactly once, halfway to 1500; the others were not.
        for (const p of people) {
          const reset = softResetRating(p.rating, ladder.softReset, 1500);
          expect(clean.players.get(p.uid)!.rating).toBe(p.games > 0 ? reset : p.rating);
          expect(clean.archives.has(p.uid)).toBe(p.games > 0);
        }
        // Ranks: best first, ties sharing, only placed players.
        const placed = people.filter((p) => p.games >= 5);
        for (const p of placed) {
          const above = placed.filter((q) => q.rating > p.rating).length;
          expect(clean.archives.get(p.uid)!.rank).toBe(above + 1);
        }
        expect(clean.progress.top).toHaveLength(placed.length);
      }),
    );
  });
});
