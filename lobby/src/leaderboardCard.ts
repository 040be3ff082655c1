import type { Ladder } from '@ladder/client';
import { act, h, ladderCard } from './dom.js';
import { record } from './format.js';
import { rankBadge } from './rankBadge.js';

/** The top of a ladder and the player's own rank. */
export class LeaderboardCard {
  private readonly select: HTMLSelectElement;
  private readonly body = h('div', { 'data-testid': 'leaderboard' });
  private readonly refreshButton: HTMLButtonElement;

  constructor(
    card: HTMLElement,
    private readonly ladder: Ladder,
    ladders: string[],
  ) {
    ({ select: this.select, refreshButton: this.refreshButton } = ladderCard(
      card,
      'Leaderboard',
      'Ladder',
      ladders,
      this.body,
      () => void this.load(),
    ));
  }

  /** Shows a ladder (the selected one by default). */
  load(ladderId?: string) {
    if (ladderId) this.select.value = ladderId;
    return act(this.refreshButton, async () => {
      const board = await this.ladder.leaderboard(this.select.value, 10);
      const uid = this.ladder.uid;
      this.body.replaceChildren(
        board.top.length === 0
          ? h('p', { class: 'muted' }, 'Nobody has played on this ladder yet.')
          : h(
              'table',
              {},
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  h('th', {}, '#'),
                  h('th', {}, 'Player'),
                  h('th', {}, 'Rank'),
                  h('th', {}, 'Rating'),
                  h('th', {}, 'Record'),
                ),
              ),
              h(
                'tbody',
                {},
                ...board.top.map((row) =>
                  h(
                    'tr',
                    { class: row.uid === uid ? 'mine' : '' },
                    h('td', {}, row.rank),
                    h('td', {}, row.displayName),
                    h('td', {}, rankBadge(row.visible)),
                    h('td', {}, row.rating),
                    h('td', {}, record(row)),
                  ),
                ),
              ),
            ),
        h(
          'p',
          { 'data-testid': 'my-rank' },
          board.me
            ? `You: #${board.me.rank} with ${board.me.rating}`
            : 'Finish your placement games on this ladder to be ranked.',
        ),
      );
    });
  }
}
