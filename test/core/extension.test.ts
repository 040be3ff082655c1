import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decideExtension,
  EXTEND_NOTICE_MS,
  extendedCalendar,
  extensionToRead,
  seasonRunningAt,
  type ExtensionState,
  type SeasonExtension,
} from '../../functions/src/core/ladder/extension.js';
import { seasonAt } from '../../functions/src/core/ladder/season.js';

const at = (iso: string) => Date.parse(iso);
const DAY = 86_400_000;
const seasons = [
  { id: 's1', start: at('2026-01-01T00:00:00Z'), end: at('2026-04-01T00:00:00Z') },
  { id: 's2', start: at('2026-05-01T00:00:00Z'), end: at('2026-08-01T00:00:00Z') },
];
const state = (extra: Partial<ExtensionState> = {}): ExtensionState => ({
  ladder: 'ranked',
  seasons,
  season: 's1',
  extension: null,
  closing: false,
  ...extra,
});
const stored = (end: number): SeasonExtension => ({
  ladder: 'ranked',
  season: 's1',
  end,
  configuredEnd: seasons[0]!.end,
  by: 'op',
  at: 0,
});
const march = at('2026-03-01T00:00:00Z');

describe('extending a season', () => {
  it('moves the end later, by a moment or by days after the configured end, and a repeat changes nothing', () => {
    expect(decideExtension(state(), { byDays: 7 }, march)).toEqual({
      kind: 'extended',
      before: seasons[0]!.end,
      end: seasons[0]!.end + 7 * DAY,
      configuredEnd: seasons[0]!.end,
    });
    // byDays counts from the configured end, not the current one: the same call lands on the same end.
    const extended = state({ extension: stored(seasons[0]!.end + 7 * DAY) });
    expect(decideExtension(extended, { byDays: 7 }, march)).toEqual({
      kind: 'unchanged',
      end: seasons[0]!.end + 7 * DAY,
    });
    expect(decideExtension(extended, { endsAt: seasons[0]!.end + 7 * DAY }, march).kind).toBe('unchanged');
    expect(decideExtension(extended, { byDays: 10 }, march)).toMatchObject({
      kind: 'extended',
      before: seasons[0]!.end + 7 * DAY,
    });
  });

  it('refuses precisely: unknown season, closed, ended or about to end, past, earlier, into the next season', () => {
    const refusal = (s: ExtensionState, ask: Parameters<typeof decideExtension>[1], now = march) => {
      try {
        decideExtension(s, ask, now);
      } catch (error) {
        return `${(error as { code: string }).code} ${(error as Error).message}`;
      }
      return 'allowed';
    };
    expect(refusal(state({ season: 's9' }), { byDays: 1 })).toBe(
      'invalid-argument season: ladder "ranked" has no season "s9"; seasons: s1, s2.',
    );
    expect(refusal(state({ closing: true }), { byDays: 1 })).toMatch(/^failed-precondition season: "s1" is closed/);
    expect(refusal(state(), { byDays: 1 }, seasons[0]!.end)).toMatch(
      /^failed-precondition season: "s1" ended at 2026-04-01T00:00:00.000Z; a season can be extended until 10 s before its end/,
    );
    expect(refusal(state(), { byDays: 1 }, seasons[0]!.end - EXTEND_NOTICE_MS)).toMatch(
      /^failed-precondition season: "s1" ends at/,
    );
    expect(refusal(state(), { endsAt: march - 1 })).toMatch(
      /^invalid-argument endsAt: the new end .* is not later than now/,
    );
    expect(refusal(state({ extension: stored(seasons[0]!.end + 9 * DAY) }), { byDays: 2 })).toMatch(
      /^invalid-argument byDays: the new end 2026-04-03T00:00:00.000Z is earlier than the season's current end 2026-04-10/,
    );
    expect(refusal(state(), { byDays: 31 })).toBe(
      'invalid-argument byDays: the new end 2026-05-02T00:00:00.000Z runs into season "s2", which starts at 2026-05-01T00:00:00.000Z.',
    );
    expect(refusal(state(), { byDays: 30 })).toBe('allowed');
  });

  it('the season running at any moment is the extended calendar, reading only the one extension that matters', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 * DAY }),
        fc.integer({ min: at('2025-12-01T00:00:00Z'), max: at('2026-09-01T00:00:00Z') }),
        (extraMs, nowMs) => {
          const extension = stored(seasons[0]!.end + extraMs);
          const full = seasonAt(extendedCalendar(seasons, [extension]), nowMs)?.id ?? null;
          const read = extensionToRead(seasons, nowMs);
          // Only the last ended season's extension is read, and with it the answer is the full calendar's.
          const seen = read?.id === 's1' ? extension : null;
          expect(seasonRunningAt(seasons, seen, nowMs)?.id ?? null).toBe(full);
          // While a configured season runs, nothing is read.
          if (seasonAt(seasons, nowMs)) expect(read).toBeNull();
        },
      ),
    );
  });
});
