/**
 * The operator view's season page offers, before anyone types, a number of days to extend by. Whatever the
 * calendars shown, that default must be an end the server's own rule (core/ladder/extension.ts) accepts for every
 * season that shows an Extend button: none may run into the season after it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seasons } from '@ladder/client';
import { decideExtension, EXTEND_NOTICE_MS } from '../../functions/src/core/ladder/extension.js';
import { extendedEnd, offeredDays, roomToExtend } from '../../lobby/src/operator/seasonDays.js';

const DAY_MS = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00Z');

/** A ladder's running season (configured, perhaps extended already) and perhaps one after it, as getSeasons shows. */
const calendarArb = fc
  .record({
    ladder: fc.constantFrom('solo', 'team', 'ranked', 'duo'),
    length: fc.integer({ min: DAY_MS, max: 400 * DAY_MS }),
    extendedBy: fc.option(fc.integer({ min: 1, max: 30 * DAY_MS }), { nil: null }),
    gap: fc.option(fc.integer({ min: 0, max: 60 * DAY_MS }), { nil: null }),
  })
  .map(({ ladder, length, extendedBy, gap }) => {
    const configured = { id: 'now', start: START, end: START + length };
    const end = configured.end + (extendedBy ?? 0);
    const next = gap === null ? null : { id: 'next', start: end + gap, end: end + gap + 90 * DAY_MS };
    const calendar = { ladder, now: START, current: { ...configured, end }, next, past: [] } as unknown as Seasons;
    return { calendar, configured, extensionEnd: extendedBy === null ? null : end };
  });

describe("the season page's default extension", () => {
  it('is accepted by the server for every season shown with an Extend button', () => {
    fc.assert(
      fc.property(fc.array(calendarArb, { minLength: 1, maxLength: 4 }), (shown) => {
        const days = offeredDays(shown.map((s) => s.calendar));
        expect(days).toBeGreaterThanOrEqual(1);
        for (const { calendar, configured, extensionEnd } of shown) {
          const most = roomToExtend(calendar);
          if (most !== null && most < 1) continue; // shown as "cannot be extended", with no button
          const seasons = calendar.next ? [configured, calendar.next] : [configured];
          const extension =
            extensionEnd === null
              ? null
              : {
                  ladder: calendar.ladder,
                  season: 'now',
                  end: extensionEnd,
                  configuredEnd: configured.end,
                  by: 'op',
                  at: START,
                };
          const now = calendar.current!.end - EXTEND_NOTICE_MS - DAY_MS / 2;
          const decided = decideExtension(
            { ladder: calendar.ladder, seasons, season: 'now', extension, closing: false },
            { endsAt: extendedEnd(calendar, days) },
            now,
          );
          expect(decided.kind).toBe('extended');
        }
      }),
      { numRuns: 500 },
    );
  });
});
