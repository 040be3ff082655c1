import type { Match, MatchStatus, Room } from '@ladder/client';
import { act, actionButton, h } from './dom.js';
import { duration, signed } from './format.js';
import { roomView } from './roomView.js';

const OUTCOME_TITLE = { win: 'You won!', loss: 'You lost', draw: 'Draw' } as const;

/**
 * The current match: searching with the live wait, the ready check, the room, reporting, and the result.
 * Re-rendered when the status changes; the once-a-second wait and countdowns only update their text.
 */
export class MatchCard {
  private match: Match | null = null;
  private stop: () => void = () => {};
  private renderedKey = '';
  private tick: ReturnType<typeof setInterval> | undefined;
  private readonly clock: { deadline: number; element: HTMLElement }[] = [];

  constructor(
    private readonly card: HTMLElement,
    private readonly uid: () => string,
    private readonly onSettled: (room: Room) => void,
  ) {
    this.showIdle();
  }

  get busy() {
    return this.match !== null && !this.match.ended;
  }

  follow(match: Match) {
    this.dismiss();
    this.match = match;
    this.stop = match.onStatus((status) => {
      this.render(status);
      if (status.kind === 'settled') this.onSettled(status.room);
    });
  }

  dismiss() {
    this.stop();
    this.match?.close();
    this.match = null;
    this.renderedKey = '';
    this.showIdle();
  }

  private showIdle() {
    clearInterval(this.tick);
    this.card.replaceChildren(
      h('h2', {}, 'Match'),
      h('p', { class: 'muted', 'data-testid': 'match-status' }, 'Not queued. Pick a mode and queue.'),
    );
  }

  private render(status: MatchStatus) {
    // The wait ticks every second; only its text changes then.
    const key = JSON.stringify({ ...status, waitedSeconds: undefined });
    const waited = this.card.querySelector('[data-testid="waited"]');
    if (key === this.renderedKey && status.kind === 'queued' && waited) {
      waited.textContent = duration(status.waitedSeconds);
      return;
    }
    this.renderedKey = key;
    this.clock.length = 0;
    this.card.replaceChildren(h('h2', {}, 'Match'), ...this.body(status));
    clearInterval(this.tick);
    if (this.clock.length > 0) {
      const update = () => {
        for (const { deadline, element } of this.clock) element.textContent = duration((deadline - Date.now()) / 1000);
      };
      update();
      this.tick = setInterval(update, 250);
    }
  }

  private countdown(deadline: number) {
    const element = h('span', { 'data-testid': 'countdown' });
    this.clock.push({ deadline, element });
    return element;
  }

  private body(status: MatchStatus): (Node | string)[] {
    const match = this.match!;
    const uid = this.uid();
    const title = (text: string) => h('p', { class: 'status', 'data-testid': 'match-status' }, text);
    const back = h('button', { type: 'button', onclick: () => this.dismiss() }, 'Back to lobby');
    switch (status.kind) {
      case 'queued': {
        const stats = status.stats;
        return [
          title(`Searching for a ${status.mode} match…`),
          status.requeued
            ? h(
                'p',
                { class: 'note' },
                'Back in the queue: someone missed the ready check. Your wait counts from when you first queued.',
              )
            : '',
          h(
            'dl',
            {},
            h('dt', {}, 'Waited'),
            h('dd', { 'data-testid': 'waited' }, duration(status.waitedSeconds)),
            h('dt', {}, 'Estimated wait'),
            h(
              'dd',
              { 'data-testid': 'estimated-wait' },
              status.estimatedWaitSeconds === null ? 'not known yet' : `about ${duration(status.estimatedWaitSeconds)}`,
            ),
            h('dt', {}, 'In the queue'),
            h(
              'dd',
              { 'data-testid': 'queue-size' },
              stats
                ? `${stats.waitingPlayers} player${stats.waitingPlayers === 1 ? '' : 's'} at the matcher's last count`
                : 'not counted yet',
            ),
          ),
          actionButton('Leave queue', () => match.cancel()),
        ];
      }
      case 'pending': {
        const accept = actionButton(status.youAccepted ? 'Accepted' : 'Accept', () => match.accept(), {
          class: 'primary',
          disabled: status.youAccepted,
        });
        return [
          title('Match found! Accept to play.'),
          h(
            'p',
            {},
            'Ready check ends in ',
            this.countdown(status.deadline),
            ` · ${status.accepted.length}/${status.room.memberUids.length} accepted`,
          ),
          roomView(status.room, uid),
          h(
            'div',
            { class: 'buttons' },
            accept,
            status.youAccepted ? null : actionButton('Decline', () => match.decline()),
          ),
        ];
      }
      case 'active':
      case 'disputed':
        return [
          title(
            status.kind === 'active'
              ? 'Game on! Report the result when it is over.'
              : 'The reports disagree. Report again if yours was a mistake.',
          ),
          status.reportDeadline
            ? h('p', { class: 'muted' }, 'Results are due in ', this.countdown(status.reportDeadline))
            : '',
          roomView(status.room, uid),
          ...this.reporting(status.room, match, uid),
        ];
      case 'settled':
        return [
          title(OUTCOME_TITLE[status.outcome]),
          h(
            'p',
            {
              class: `rating-change ${status.ratingChange.delta >= 0 ? 'up' : 'down'}`,
              'data-testid': 'rating-change',
            },
            `Rating ${status.ratingChange.before} → ${status.ratingChange.after} (${signed(status.ratingChange.delta)})`,
          ),
          roomView(status.room, uid),
          back,
        ];
      case 'voided':
        return [
          title(`The game was voided: ${status.reason}. Ratings are unchanged.`),
          roomView(status.room, uid),
          back,
        ];
      case 'cancelled': {
        const cooldown =
          status.cooldownUntil && status.cooldownUntil > Date.now()
            ? h('p', {}, 'You can queue again in ', this.countdown(status.cooldownUntil))
            : '';
        return [
          title(status.room ? `The match was called off: ${status.reason}.` : 'You left the queue.'),
          cooldown,
          back,
        ];
      }
      case 'expired':
        return [title('Your ticket expired: the game stopped sending heartbeats.'), back];
    }
  }

  private reporting(room: Room, match: Match, uid: string): (Node | string)[] {
    const mine = room.reports[uid];
    const reported = mine
      ? h(
          'p',
          { class: 'muted', 'data-testid': 'reported' },
          `You reported: ${JSON.stringify(mine.result)}. Waiting for the others.`,
        )
      : '';
    if (room.kind === 'team') {
      return [
        h(
          'div',
          { class: 'buttons' },
          actionButton('We won', () => match.reportOutcome('win'), { class: 'primary' }),
          actionButton('We lost', () => match.reportOutcome('loss')),
          actionButton('Draw', () => match.reportOutcome('draw')),
        ),
        reported,
      ];
    }
    // Free-for-all: every player's place, 1 best.
    const inputs = room.memberUids.map((member, i) =>
      h('input', {
        type: 'number',
        min: 1,
        max: room.memberUids.length,
        value: i + 1,
        'data-uid': member,
        'aria-label': `Place of ${room.names[member] ?? member}`,
      }),
    );
    const submit: HTMLButtonElement = h('button', { type: 'button', class: 'primary' }, 'Report places');
    submit.addEventListener('click', () =>
      act(submit, () =>
        match.report({
          placements: Object.fromEntries(inputs.map((input) => [input.dataset.uid!, Number(input.value)])),
        }),
      ),
    );
    return [
      h(
        'div',
        { class: 'places' },
        ...room.memberUids.map((member, i) => h('label', {}, room.names[member] ?? member, ' ', inputs[i]!)),
      ),
      submit,
      reported,
    ];
  }
}
