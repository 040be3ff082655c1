import { tierLabel, type Ladder, type Seasons } from '@ladder/client';
import { act, h, ladderCard } from './dom.js';
import { countdown, ordinal } from './format.js';
import { newestOnly } from './newest.js';

/** The ladder's season: its countdown, and how the player finished each past season (with its final top 3). */
export class SeasonCard {
  private readonly select: HTMLSelectElement;
  private readonly body = h('div', { 'data-testid': 'season' });
  private readonly refreshButton: HTMLButtonElement;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly loads = newestOnly();

  constructor(
    card: HTMLElement,
    private readonly ladder: Ladder,
    ladders: string[],
  ) {
    ({ select: this.select, refreshButton: this.refreshButton } = ladderCard(
      card,
      'Season',
      'Season ladder',
      ladders,
      this.body,
      () => void this.load(),
    ));
  }

  load() {
    const newest = this.loads.begin();
    return act(this.refreshButton, async () => {
      const ladderId = this.select.value;
      const seasons = await this.ladder.seasons(ladderId);
      const finals = await Promise.all(seasons.past.map((s) => this.ladder.seasonLeaderboard(ladderId, s.id)));
      if (newest()) this.render(seasons, finals);
    });
  }

  private render(
    seasons: Seasons & { timeLeftMs: number | null },
    finals: Awaited<ReturnType<Ladder['seasonLeaderboard']>>[],
  ) {
    clearInterval(this.timer);
    const left = h('strong', { 'data-testid': 'season-countdown' });
    const endsAt = seasons.current ? seasons.current.end : null;
    const tick = () => {
      left.textContent = endsAt === null ? '' : countdown(endsAt - Date.now());
    };
    tick();
    if (endsAt !== null) this.timer = setInterval(tick, 1000);
    this.body.replaceChildren(
      seasons.current
        ? h('p', { 'data-testid': 'season-current' }, `Season ${seasons.current.id} ends in `, left)
        : h(
            'p',
            { class: 'muted', 'data-testid': 'season-current' },
            'Off-season',
            seasons.next ? `: ${seasons.next.id} is next` : '',
          ),
      h('h3', {}, 'Your seasons'),
      seasons.past.length === 0
        ? h('p', { class: 'muted' }, 'No season has ended yet.')
        : h(
            'ul',
            { 'data-testid': 'season-history' },
            ...seasons.past.map((season, i) => {
              const mine = season.mine;
              const finish = !mine
                ? 'did not play'
                : mine.tier
                  ? `${tierLabel(mine.tier, 'zh')} ${tierLabel(mine.tier)} · ${mine.rating}${mine.rank ? ` · ${ordinal(mine.rank)}` : ''}`
                  : `placement not finished · ${mine.rating}`;
              const top = (finals[i] ?? [])
                .slice(0, 3)
                .map((row) => `${row.rank}. ${row.uid.replace(/^dev:/, '')} ${row.rating}`);
              return h(
                'li',
                {},
                h('strong', {}, season.id),
                ` ${finish}`,
                top.length > 0 ? h('span', { class: 'muted' }, ` — final top: ${top.join(', ')}`) : '',
              );
            }),
          ),
    );
  }
}
