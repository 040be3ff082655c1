import type { Ladder, QueueStats } from '@ladder/client';
import type { LobbyMode } from './config.js';
import { actionButton, h } from './dom.js';
import { duration } from './format.js';

/** Pick a mode and queue (solo, or the party leader for the whole party), with the mode's queue statistics. */
export class PlayCard {
  private readonly select: HTMLSelectElement;
  private readonly queueButton: HTMLButtonElement;
  private readonly note = h('p', { class: 'muted', 'data-testid': 'play-note' });
  private readonly description = h('p', { class: 'muted' });
  private readonly stats = h('p', { class: 'muted', 'data-testid': 'mode-stats' });
  private stopStats: () => void = () => {};

  constructor(
    card: HTMLElement,
    private readonly ladder: Ladder,
    private readonly modes: LobbyMode[],
    private readonly state: () => { inParty: boolean; isLeader: boolean; busy: boolean },
  ) {
    this.select = h(
      'select',
      { 'aria-label': 'Mode', onchange: () => this.showMode() },
      ...modes.map((m) => h('option', { value: m.id }, m.id)),
    );
    this.queueButton = actionButton('Queue', () => this.ladder.enqueue(this.select.value), { class: 'primary' });
    card.replaceChildren(
      h('h2', {}, 'Play'),
      h('div', { class: 'inline' }, this.select, this.queueButton),
      this.description,
      this.stats,
      this.note,
    );
    this.showMode();
    this.refresh();
  }

  /** Whether queueing is possible now, and why not. */
  refresh() {
    const { inParty, isLeader, busy } = this.state();
    const blocked = busy
      ? 'You are in a match.'
      : inParty && !isLeader
        ? 'Your party leader queues for the party.'
        : '';
    this.queueButton.disabled = blocked !== '';
    this.note.textContent = blocked;
  }

  private showMode() {
    const mode = this.modes.find((m) => m.id === this.select.value);
    this.description.textContent = mode?.description ?? '';
    this.stopStats();
    this.stats.textContent = '';
    this.stopStats = this.ladder.onQueueStats(this.select.value, (stats) => (this.stats.textContent = describe(stats)));
  }
}

function describe(stats: QueueStats | null): string {
  if (!stats) return 'No queue statistics yet.';
  const usual = stats.recentMatchWaitSeconds ? ` · usual wait ${duration(stats.recentMatchWaitSeconds.p50)}` : '';
  return `${stats.waitingPlayers} waiting at the matcher's last count${usual}`;
}
