import type { Invoke, Seasons } from '@ladder/client';
import { h, showError } from '../dom.js';
import { confirmIn, input, when } from './act.js';
import { extendedEnd, offeredDays, roomToExtend } from './seasonDays.js';

// The season page: each ladder's running season and its end, with Extend (by whole days from the end as it
// stands) behind a confirmation that names the new end and what waits for it.

export function seasonsPage(call: Invoke, ladders: string[]): HTMLElement {
  const days = input('Extend days', { type: 'number', min: '1', value: String(offeredDays([])) });
  const reason = input('Season reason', { placeholder: 'why (goes into the audit)', maxlength: '500' });
  const slot = h('div', {});
  const list = h('table', { class: 'operator-table', 'data-testid': 'seasons' });
  const row = (calendar: Seasons) => {
    const current = calendar.current;
    if (!current) {
      return h(
        'tr',
        { 'data-testid': `season-${calendar.ladder}` },
        h('td', {}, calendar.ladder),
        h(
          'td',
          {},
          calendar.next ? `off-season; ${calendar.next.id} starts ${when(calendar.next.start)}` : 'no season running',
        ),
        h('td', {}),
      );
    }
    const most = roomToExtend(calendar);
    if (most !== null && most < 1) {
      return h(
        'tr',
        { 'data-testid': `season-${calendar.ladder}` },
        h('td', {}, calendar.ladder),
        h('td', {}, `${current.id} running until ${when(current.end)}`),
        h('td', {}, `cannot be extended: ${calendar.next!.id} starts ${when(calendar.next!.start)}`),
      );
    }
    const extend = () => {
      const end = extendedEnd(calendar, Number(days.value));
      confirmIn(
        slot,
        `Extend ${calendar.ladder} season ${current.id} to ${when(end)} (${days.value} days later): games played until then count for it, and its close, soft reset and final leaderboard wait for the new end.`,
        'Confirm extension',
        async () => {
          await call('extendSeason', {
            ladder: calendar.ladder,
            season: current.id,
            endsAt: new Date(end).toISOString(),
            reason: reason.value,
          });
          await show();
        },
      );
    };
    return h(
      'tr',
      { 'data-testid': `season-${calendar.ladder}` },
      h('td', {}, calendar.ladder),
      h('td', {}, `${current.id} running until ${when(current.end)}`),
      h('td', {}, h('button', { type: 'button', onclick: extend }, 'Extend')),
    );
  };
  const show = async () => {
    const calendars = await Promise.all(ladders.map((ladder) => call('getSeasons', { ladder })));
    // A ladder without seasons plays one endless season: nothing to extend.
    const shown = calendars.filter((c) => c.current || c.next || c.past.length);
    days.value = String(offeredDays(shown));
    list.replaceChildren(...shown.map(row));
  };
  void show().catch(showError);
  return h(
    'section',
    { class: 'card', id: 'seasons-page' },
    h('h2', {}, 'Seasons'),
    h('div', { class: 'inline' }, days, reason),
    slot,
    list,
  );
}
