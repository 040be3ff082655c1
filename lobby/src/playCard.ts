import type { Ladder, QueueStats } from '@ladder/client';
import type { ModeInfo } from '@ladder/client';
import { ChoicePicker } from './choicePicker.js';
import { describeMode } from './config.js';
import { actionButton, h } from './dom.js';
import { duration } from './format.js';

/** Pick a mode and queue (solo, or the party leader for the whole party), with the mode's queue statistics. */
export class PlayCard {
  private readonly select: HTMLSelectElement;
  /** For a regional mode: the region to play in (the lobby lets the player pick rather than measure). */
  private readonly regionSelect = h('select', { 'aria-label': 'Region', onchange: () => this.showMode() });
  private readonly queueButton: HTMLButtonElement;
  private readonly note = h('p', { class: 'muted', 'data-testid': 'play-note' });
  private readonly description = h('p', { class: 'muted' });
  private readonly stats = h('p', { class: 'muted', 'data-testid': 'mode-stats' });
  /** For a mode with choices: what the player will play. */
  private readonly choices = new ChoicePicker();
  /** Other modes to wait in at the same time: a box per mode but the one picked. */
  private readonly also = h('fieldset', { 'aria-label': 'Also queue for', class: 'also-modes' });
  private stopStats: () => void = () => {};

  constructor(
    card: HTMLElement,
    private readonly ladder: Ladder,
    private readonly modes: ModeInfo[],
    private readonly state: () => { inParty: boolean; isLeader: boolean; activity: 'searching' | 'playing' | null },
  ) {
    this.select = h(
      'select',
      { 'aria-label': 'Mode', onchange: () => this.showMode() },
      ...modes.map((m) => h('option', { value: m.id }, m.id)),
    );
    this.queueButton = actionButton(
      'Queue',
      () => this.ladder.enqueue(this.select.value, { ...this.where(), ...this.chosen(), ...this.alsoModes() }),
      { class: 'primary' },
    );
    card.replaceChildren(
      h('h2', {}, 'Play'),
      h('div', { class: 'inline' }, this.select, this.regionSelect, this.queueButton),
      this.choices.element,
      this.also,
      this.description,
      this.stats,
      this.note,
    );
    this.showMode();
    this.refresh();
  }

  /** Whether queueing is possible now, and why not. */
  refresh() {
    const { inParty, isLeader, activity } = this.state();
    const blocked =
      activity === 'searching'
        ? 'You are in the queue: leave it to pick another mode.'
        : activity === 'playing'
          ? 'You are in a match.'
          : inParty && !isLeader
            ? 'Your party leader queues for the party.'
            : '';
    this.queueButton.disabled = blocked !== '';
    this.note.textContent = blocked;
  }

  /** The other modes ticked, when any. */
  private alsoModes() {
    const ticked = [...this.also.querySelectorAll('input')].filter((box) => box.checked).map((box) => box.value);
    return ticked.length ? { alsoModes: ticked } : {};
  }

  /** A box for every mode but the one picked, keeping what was ticked. */
  private showAlso() {
    const ticked = new Set(this.alsoModes().alsoModes ?? []);
    const others = this.modes.filter((m) => m.id !== this.select.value);
    const boxes = others.map((m) => h('input', { type: 'checkbox', value: m.id, checked: ticked.has(m.id) }));
    this.also.replaceChildren(
      h('span', { class: 'muted' }, 'Also queue for:'),
      ...boxes.map((box) => h('label', {}, box, ` ${box.value}`)),
    );
  }

  /** What the player chose of the mode's choices, when they narrowed any. */
  private chosen() {
    const choices = this.choices.chosen();
    return Object.keys(choices).length ? { choices } : {};
  }

  private where() {
    const region = this.region();
    return region ? { region } : {};
  }

  /** The region picked, for a regional mode; null otherwise. */
  private region(): string | null {
    return this.regionSelect.hidden ? null : this.regionSelect.value;
  }

  private showMode() {
    const mode = this.modes.find((m) => m.id === this.select.value);
    this.description.textContent = mode ? describeMode(mode) : '';
    const regions = mode?.regions ?? [];
    if (regions.join() !== [...this.regionSelect.options].map((o) => o.value).join()) {
      this.regionSelect.replaceChildren(...regions.map((r) => h('option', { value: r }, r)));
    }
    this.regionSelect.hidden = regions.length === 0;
    this.choices.show(mode?.choices ?? []);
    this.showAlso();
    this.stopStats();
    this.stats.textContent = '';
    // A regional mode keeps statistics per region, in the pool named for both.
    const pool = this.region() ? `${this.select.value}@${this.region()}` : this.select.value;
    this.stopStats = this.ladder.onQueueStats(pool, (stats) => (this.stats.textContent = describe(stats)));
  }
}

function describe(stats: QueueStats | null): string {
  if (!stats) return 'No queue statistics yet.';
  const usual = stats.recentMatchWaitSeconds ? ` · usual wait ${duration(stats.recentMatchWaitSeconds.p50)}` : '';
  return `${stats.waitingPlayers} player${stats.waitingPlayers === 1 ? '' : 's'} waiting at the last count${usual}`;
}
