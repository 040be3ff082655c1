import type { Ladder, LeaderboardRow } from '@ladder/client';
import { act, actionButton, h, ladderCard } from './dom.js';
import { record } from './format.js';
import { newestOnly } from './newest.js';
import { rankBadge } from './rankBadge.js';

/** Rows either side of the player in "Around you". */
const AROUND = 2;

/** Leaderboard rows as a table, the player's own row marked. */
function rowsTable(rows: LeaderboardRow[], uid: string | null) {
  const head = ['#', 'Player', 'Rank', 'Rating', 'Record'].map((title) => h('th', {}, title));
  return h(
    'table',
    {},
    h('thead', {}, h('tr', {}, ...head)),
    h(
      'tbody',
      {},
      ...rows.map((row) =>
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
  );
}

/** The top of a ladder, the player's own rank, the players just above and below them, and their friends' ranks. */
export class LeaderboardCard {
  private readonly select: HTMLSelectElement;
  private readonly body = h('div', { 'data-testid': 'leaderboard' });
  private readonly around = h('div', { 'data-testid': 'leaderboard-around' });
  private readonly refreshButton: HTMLButtonElement;
  private readonly friendIds = h('input', {
    'aria-label': 'Friends (player ids)',
    placeholder: 'player ids, separated by commas or spaces',
  });
  private readonly friends = h('div', { 'data-testid': 'leaderboard-friends' });
  private readonly loads = newestOnly();

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
      h('div', {}, this.body, this.around, this.friendsPanel()),
      () => void this.load(),
    ));
  }

  /** A friends list the player types (ids, as a game would hold them) and their ranks on the selected ladder. */
  private friendsPanel() {
    const show = actionButton("Show friends' ranks", () => this.loadFriends());
    return h('div', {}, h('h3', {}, 'Friends'), h('div', { class: 'inline' }, this.friendIds, show), this.friends);
  }

  private async loadFriends() {
    const players = [...new Set(this.friendIds.value.split(/[\s,]+/).filter(Boolean))];
    if (players.length === 0) {
      this.friends.replaceChildren(h('p', { class: 'muted' }, 'Type the ids of the players to compare with.'));
      return;
    }
    const board = await this.ladder.leaderboard(this.select.value, { players });
    const rows = board.players ?? [];
    this.friends.replaceChildren(
      rows.length
        ? rowsTable(rows, this.ladder.uid)
        : h('p', { class: 'muted' }, 'None of them is ranked on this ladder yet.'),
    );
  }

  /** Shows a ladder (the selected one by default). */
  load(ladderId?: string) {
    if (ladderId) this.select.value = ladderId;
    const newest = this.loads.begin();
    return act(this.refreshButton, async () => {
      const board = await this.ladder.leaderboard(this.select.value, { limit: 10, around: AROUND });
      if (!newest()) return;
      const uid = this.ladder.uid;
      this.body.replaceChildren(
        board.top.length === 0
          ? h('p', { class: 'muted' }, 'Nobody has played on this ladder yet.')
          : rowsTable(board.top, uid),
        h(
          'p',
          { 'data-testid': 'my-rank' },
          board.me
            ? `You: #${board.me.rank} with ${board.me.rating}`
            : 'Finish your placement games on this ladder to be ranked.',
        ),
      );
      const around = board.around ?? [];
      this.around.replaceChildren(...(around.length > 0 ? [h('h3', {}, 'Around you'), rowsTable(around, uid)] : []));
    });
  }
}
