import type { BlockedPlayer, Ladder, Profile } from '@ladder/client';
import { actionButton, h, showError } from './dom.js';
import { duration, percent } from './format.js';

/**
 * The player's fair-play standing: the cooldown a dodge left (counting down), what the next dodge would cost,
 * their leave rate, whom they played today and how often (past the daily cap a pair's games are unrated), and
 * whom they blocked, with a way to block and unblock players by id.
 */
export class FairPlayCard {
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly card: HTMLElement,
    private readonly ladder: Ladder,
  ) {}

  /** Reads the standing and the block list again (after each game, say). */
  async refresh() {
    try {
      const [profile, blocked] = await Promise.all([this.ladder.profile(), this.ladder.blockList()]);
      this.show(profile, blocked);
    } catch (error) {
      showError(error);
    }
  }

  private show({ dodging, leaving, farming }: Profile, blocked: BlockedPlayer[]) {
    const cooldown = h('p', { 'data-testid': 'cooldown' });
    const tick = () => {
      const left = dodging.cooldownUntil === null ? 0 : (dodging.cooldownUntil - Date.now()) / 1000;
      cooldown.textContent =
        left > 0 ? `Cooling down: you can queue again in ${duration(left)}.` : 'No cooldown: you may queue.';
    };
    tick();
    if (this.timer) clearInterval(this.timer);
    this.timer = dodging.cooldownUntil === null ? null : setInterval(tick, 1000);
    const target = h('input', { placeholder: 'player id', 'aria-label': 'player id to block' });
    this.card.replaceChildren(
      h('h2', {}, 'Fair play'),
      cooldown,
      h(
        'p',
        { 'data-testid': 'dodging' },
        `${dodging.dodges} recent dodge${dodging.dodges === 1 ? '' : 's'}; the next costs ${duration(dodging.nextCooldownSeconds)}.`,
      ),
      h(
        'p',
        { 'data-testid': 'leave-rate' },
        `Left ${leaving.leaves} of ${leaving.games} games (${percent(leaving.leaveRate)}).`,
      ),
      ...metToday(farming),
      h('h3', {}, `Blocked (${blocked.length})`),
      h(
        'ul',
        { 'data-testid': 'block-list' },
        ...blocked.map((b) =>
          h(
            'li',
            {},
            `${b.displayName} `,
            actionButton(
              'Unblock',
              async () => this.show(await this.ladder.profile(), await this.ladder.unblockPlayer(b.uid)),
              {
                class: 'link',
              },
            ),
          ),
        ),
      ),
      h(
        'div',
        { class: 'inline' },
        target,
        actionButton('Block', async () => {
          const list = await this.ladder.blockPlayer(target.value.trim());
          this.show(await this.ladder.profile(), list);
        }),
      ),
    );
  }
}

/** Today's opponents, most played first, each marked once their games together no longer count for rating. */
function metToday({ dailyPairCap, today }: Profile['farming']): HTMLElement[] {
  if (today.length === 0) return [];
  const cap = dailyPairCap === null ? '' : ` (${dailyPairCap} a day against the same player count for rating)`;
  return [
    h('h3', {}, `Played today${cap}`),
    h(
      'ul',
      { 'data-testid': 'met-today' },
      ...today.map((o) =>
        h(
          'li',
          {},
          `${o.displayName}: ${o.games} game${o.games === 1 ? '' : 's'}` +
            (o.unrated ? ' — your next games against them today are unrated' : ''),
        ),
      ),
    ),
  ];
}
