import { describeRoom, type Room } from '@ladder/client';
import { h } from './dom.js';
import { percent, signed } from './format.js';
import { rankBadge } from './rankBadge.js';

/** Both sides of a room: names, ratings, parties, who accepted the ready check and, once settled, the changes. */
export function roomView(room: Room, uid: string): HTMLElement {
  const view = describeRoom(room, uid);
  const parties = new Map<string, number>();
  const partyTag = (partyId: string | null) => {
    if (!partyId) return null;
    if (!parties.has(partyId)) parties.set(partyId, parties.size + 1);
    return h('span', { class: 'tag' }, `party ${parties.get(partyId)}`);
  };
  const sides = view.sides.map((side, index) =>
    h(
      'div',
      { class: `side${index === view.mySide ? ' mine' : ''}`, 'data-testid': `side-${side.label ?? 'all'}` },
      h(
        'h3',
        {},
        side.label ? `Side ${side.label}` : 'Everyone',
        index === view.mySide && side.label ? ' (your side)' : '',
      ),
      h(
        'p',
        { class: 'muted' },
        `average ${Math.round(side.averageRating)}`,
        side.winChance !== null ? ` · predicted win chance ${percent(side.winChance)}` : '',
      ),
      h(
        'ul',
        { class: 'players' },
        ...side.players.map((p) =>
          h(
            'li',
            { 'data-testid': p.bot ? 'room-bot' : 'room-player' },
            h('span', { class: 'name' }, p.name, p.uid === uid ? ' (you)' : ''),
            p.late ? h('span', { class: 'tag' }, 'joined late') : null,
            ' ',
            // A bot's seat is played by the game: no rank, no ready check, no rating change.
            p.bot ? h('span', { class: 'tag bot' }, 'bot') : partyTag(p.partyId),
            ' ',
            rankBadge(p.rank),
            ' ',
            h('span', { class: 'rating' }, String(p.rating)),
            room.status === 'pending' && !p.bot
              ? h('span', { class: p.accepted ? 'ok' : 'muted' }, p.accepted ? ' ✓ accepted' : ' … deciding')
              : null,
            p.ratingChange
              ? h(
                  'span',
                  { class: p.ratingChange.delta >= 0 ? 'up' : 'down' },
                  ` ${signed(p.ratingChange.delta)} → ${p.ratingChange.after}`,
                )
              : null,
          ),
        ),
      ),
    ),
  );
  return h('div', { class: 'room' }, h('div', { class: 'sides' }, ...sides), ...notes(room, view));
}

/** What the room plays, the viewer's win chance, and why the game may be unrated for them. */
function notes(room: Room, view: ReturnType<typeof describeRoom>) {
  return [
    Object.keys(room.agreed).length
      ? h(
          'p',
          { 'data-testid': 'agreed' },
          `Playing ${Object.entries(room.agreed)
            .map(([id, value]) => `${id} ${value}`)
            .join(' · ')}`,
        )
      : null,
    view.myWinChance !== null
      ? h('p', { 'data-testid': 'win-chance' }, `Your predicted win chance: ${percent(view.myWinChance)}`)
      : null,
    view.joinedLate
      ? h(
          'p',
          { class: 'muted', 'data-testid': 'late-note' },
          `You joined this game in progress. ${view.joinedLate.rated ? 'It is rated as usual.' : 'It is unrated for you.'}`,
        )
      : null,
    room.bots.length
      ? h(
          'p',
          { class: 'muted', 'data-testid': 'bot-note' },
          `No one else was waiting, so ${room.bots.length === 1 ? 'a bot plays' : `${room.bots.length} bots play`} with you. This game is unrated.`,
        )
      : null,
  ];
}
