import type { Ladder, Party } from '@ladder/client';
import { act, actionButton, h } from './dom.js';

/** Create a party, join one by code, see its members and code, leave. */
export class PartyCard {
  party: Party | null = null;

  constructor(
    private readonly card: HTMLElement,
    private readonly ladder: Ladder,
    private readonly onChange: () => void,
  ) {
    this.render();
  }

  update(party: Party | null) {
    this.party = party;
    this.render();
    this.onChange();
  }

  get isLeader() {
    return this.party?.leader === this.ladder.uid;
  }

  private render() {
    const party = this.party;
    if (!party) {
      const code = h('input', {
        name: 'code',
        placeholder: 'ABC123',
        autocomplete: 'off',
        'aria-label': 'Party code',
        size: 8,
      });
      const join: HTMLButtonElement = h('button', { type: 'submit' }, 'Join');
      const form = h('form', { class: 'inline' }, code, join);
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        void act(join, () => this.ladder.party.join(code.value));
      });
      this.card.replaceChildren(
        h('h2', {}, 'Party'),
        h('p', { class: 'muted' }, 'Play with friends: create a party and give them the code, or join theirs.'),
        actionButton('Create party', () => this.ladder.party.create()),
        form,
      );
      return;
    }
    const uid = this.ladder.uid;
    this.card.replaceChildren(
      h('h2', {}, 'Party'),
      h(
        'p',
        {},
        'Code ',
        h('strong', { class: 'code', 'data-testid': 'party-code' }, party.code),
        h('span', { class: 'muted' }, ` · ${party.members.length}/${party.maxSize} players`),
      ),
      h(
        'ul',
        { 'data-testid': 'party-members' },
        ...party.members.map((m) =>
          h(
            'li',
            {},
            m.displayName,
            m.uid === uid ? ' (you)' : '',
            m.uid === party.leader ? h('span', { class: 'tag' }, 'leader') : '',
          ),
        ),
      ),
      h(
        'div',
        { class: 'buttons' },
        actionButton('Leave party', () => this.ladder.party.leave()),
        this.isLeader ? actionButton('New code', () => this.ladder.party.refreshCode()) : null,
      ),
    );
  }
}
