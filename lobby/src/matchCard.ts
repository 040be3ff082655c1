import {
  sideOf,
  type Match,
  type ModeInfo,
  type MatchStatus,
  type QueueStats,
  type Result,
  type Room,
  type WaitReason,
} from '@ladder/client';
import { act, actionButton, h } from './dom.js';
import { duration, ordinal, signed } from './format.js';
import { rematchPanel } from './rematchPanel.js';
import { roomView } from './roomView.js';
import { rankChange } from './rankBadge.js';

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
    private readonly modes: ModeInfo[],
    private readonly onSettled: (room: Room) => void,
  ) {
    this.showIdle();
  }

  /** What the player is doing: searching (queued), in a match (from the ready check to the result), or neither. */
  get activity(): 'searching' | 'playing' | null {
    if (!this.match || this.match.ended) return null;
    return this.match.status?.kind === 'queued' ? 'searching' : 'playing';
  }

  follow(match: Match) {
    this.dismiss();
    this.match = match;
    // On a phone the cards stack: bring the match into view, since it is what the player waits for now.
    this.card.scrollIntoView?.({ block: 'nearest' });
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
    // A settled game renders once: later copies of its room (a rematch ask) must not replace "Play again".
    const key =
      status.kind === 'settled' ? `settled ${status.room.id}` : JSON.stringify({ ...status, waitedSeconds: undefined });
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
      case 'queued':
        return this.queuedBody(status, title);
      case 'pending':
        return this.pendingBody(status, title, uid);
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
          ...this.reporting(status.room, match, uid, status.kind === 'disputed'),
        ];
      case 'settled':
        return this.settledBody(status, title, back, uid);
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

  private queuedBody(status: Extract<MatchStatus, { kind: 'queued' }>, title: (text: string) => HTMLElement) {
    const match = this.match!;
    const stats = status.stats;
    return [
      title(`Searching for ${[status.pool, ...match.alsoIn].map((p) => this.modeName(p)).join(' or ')}…`),
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
          status.band ? h('span', { class: 'muted' }, ` · ${capitalised(status.band)} players`) : '',
        ),
        h('dt', {}, 'In the queue'),
        h('dd', { 'data-testid': 'queue-size' }, queueSize(stats, status.enqueuedAt)),
        ...(status.waitingBecause
          ? [h('dt', {}, 'Still waiting'), h('dd', { 'data-testid': 'waiting-because' }, WHY[status.waitingBecause])]
          : []),
      ),
      actionButton('Leave queue', () => match.cancel()),
    ];
  }

  private pendingBody(
    status: Extract<MatchStatus, { kind: 'pending' }>,
    title: (text: string) => HTMLElement,
    uid: string,
  ) {
    const match = this.match!;
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

  private settledBody(
    status: Extract<MatchStatus, { kind: 'settled' }>,
    title: (text: string) => HTMLElement,
    back: HTMLElement,
    uid: string,
  ) {
    const { before, after, delta } = status.ratingChange;
    return [
      title(OUTCOME_TITLE[status.outcome]),
      h(
        'p',
        { class: `rating-change ${delta >= 0 ? 'up' : 'down'}`, 'data-testid': 'rating-change' },
        `Rating ${before} → ${after} (${signed(delta)})`,
      ),
      status.unrated ? h('p', { class: 'muted', 'data-testid': 'unrated' }, status.unrated) : '',
      rankChange(status.ratingChange),
      roomView(status.room, uid),
      // Bots cannot ask for a rematch: a player who played bots queues again.
      status.room.bots.length ? '' : rematchPanel(this.match!, status.room, uid),
      back,
    ];
  }

  /** "a 1v1 match", "a free-for-all match (ffa)", "a duel match in eu" for a regional mode's pool `duel@eu`. */
  private modeName(pool: string): string {
    const [id = pool, region] = pool.split('@');
    const where = region ? ` in ${region}` : '';
    if (this.modes.find((m) => m.id === id)?.format.kind === 'ffa') return `a free-for-all match (${id})${where}`;
    return `${/^[aeiou8]/i.test(id) ? 'an' : 'a'} ${id} match${where}`;
  }

  private reporting(room: Room, match: Match, uid: string, disputed: boolean): (Node | string)[] {
    const mine = room.reports[uid];
    // While disputed everyone has reported: the others' reports are in, and differ.
    const after = disputed ? '' : ' Waiting for the others.';
    const reported = mine
      ? h(
          'p',
          { class: 'muted', 'data-testid': 'reported' },
          `You reported: ${describeResult(room, mine.result, uid)}.${after}`,
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

/** Why players of the band are still waiting, as the matcher's latest sweep found. */
const WHY: Record<WaitReason, string> = {
  notEnoughPlayers: 'not enough players in this queue yet',
  spreadCap: 'not enough players close to your rating yet; the range widens as you wait',
  sideDifferenceCap: 'players are near, but no even teams can be made of them yet; the limit widens as you wait',
  premadeImbalance: 'waiting for a party to face yours (premade balance)',
  noSoloInReach:
    'no solo player is queued near your rating to complete your side; a last friend, or another mode, would help',
  waitingForFill: 'enough players: waiting a moment for more to fill the room',
  partyTooLarge: 'your party is larger than this mode allows',
};

const capitalised = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** The queue's size for a player in it: a count taken before they queued does not include them, so say so. */
function queueSize(stats: QueueStats | null, enqueuedAt: number): string {
  if (!stats || stats.updatedAt < enqueuedAt) return 'not counted since you queued';
  const others = Math.max(0, stats.waitingPlayers - 1);
  return others === 0 ? 'only you' : `you and ${others} other${others === 1 ? '' : 's'}`;
}

/** A reported result in words, from the reporter's side: "your side won", "a draw", "Ann 1st, Bob 2nd". */
function describeResult(room: Room, result: Result, uid: string): string {
  if ('outcome' in result) {
    if (result.outcome === 'draw') return 'a draw';
    const mine = sideOf(room, uid) === 0 ? 'A' : 'B';
    return result.outcome === mine ? 'your side won' : 'your side lost';
  }
  return Object.entries(result.placements)
    .sort(([, a], [, b]) => a - b)
    .map(([member, place]) => `${member === uid ? 'you' : (room.names[member] ?? member)} ${ordinal(place)}`)
    .join(', ');
}
