import { getApp } from 'firebase/app';
import { collection, doc, getDoc, getDocs, getFirestore, limit, orderBy, query, where } from 'firebase/firestore';
import type { AuditRow, Ban, Invoke, Player, PlayerState, ReviewFlag } from '@ladder/client';
import { act, h } from '../dom.js';
import { confirmIn, input, when } from './act.js';

// The player page: find a player by uid or display name, see their standing, ban, flags, history and audit, and
// ban (for hours or with no expiry), unban, adjust, void or delete, each behind a confirmation.

/** What the player page shows; the history comes through `getHistory`, which reads each game from its room. */
async function readPlayer(call: Invoke, uid: string) {
  const db = getFirestore(getApp());
  const [player, state, flag, history, audit] = await Promise.all([
    getDoc(doc(db, 'players', uid)),
    getDoc(doc(db, 'playerStates', uid)),
    getDoc(doc(db, 'reviewFlags', uid)),
    call('getHistory', { uid, limit: 20 }),
    getDocs(query(collection(db, 'audit'), where('target', '==', uid), limit(50))),
  ]);
  const ban = (state.data() as PlayerState | undefined)?.ban ?? null;
  return {
    player: player.data() as Player | undefined,
    // The ban in force: expiry is judged as it is read, as the server does.
    ban: ban && (ban.until === null || ban.until > Date.now()) ? ban : null,
    flag: flag.data() as ReviewFlag | undefined,
    history: history.rows,
    audit: audit.docs.map((d) => d.data() as AuditRow).sort((a, b) => b.at - a.at),
  };
}

type Read = Awaited<ReturnType<typeof readPlayer>>;

/** Up to this many players whose display name starts with what the operator typed. */
const MATCHES = 20;

/**
 * The players `text` names: the one whose uid it is, else those whose display name starts with it (support
 * requests come with names, and names are not unique).
 */
async function findPlayers(text: string): Promise<Player[]> {
  const db = getFirestore(getApp());
  const players = collection(db, 'players');
  const byUid = text.includes('/') ? null : await getDoc(doc(players, text));
  if (byUid?.exists()) return [byUid.data() as Player];
  const byName = query(
    players,
    where('displayName', '>=', text),
    where('displayName', '<=', `${text}\uf8ff`),
    orderBy('displayName'),
    limit(MATCHES),
  );
  return (await getDocs(byName)).docs.map((d) => d.data() as Player);
}

const banText = (ban: Ban) =>
  `${ban.until === null ? 'with no expiry' : `until ${when(ban.until)}`} (${ban.reason}; by ${ban.by} at ${when(ban.at)})`;

function playerSummary(uid: string, { player, ban, flag }: Read): HTMLElement {
  return h(
    'div',
    { 'data-testid': 'player-summary' },
    h('h3', {}, player!.displayName, ' ', h('span', { class: 'muted' }, uid)),
    h(
      'p',
      {},
      Object.entries(player!.ladders)
        .map(([id, s]) => `${id} ${s.rating} (${s.wins}–${s.losses}–${s.draws})`)
        .join(' · '),
    ),
    h('p', { 'data-testid': 'ban-status' }, ban ? `Banned ${banText(ban)}` : 'Not banned'),
    flag ? h('p', {}, `Flagged: ${flag.falseReports} reports contradicted settled results`) : '',
  );
}

function historyTable(rows: Read['history'], onVoid: (row: Read['history'][number]) => void): HTMLElement {
  return h(
    'table',
    { class: 'operator-table', 'data-testid': 'player-history' },
    h('thead', {}, h('tr', {}, ...['when', 'kind', 'outcome', 'change', 'room', ''].map((c) => h('th', {}, c)))),
    h(
      'tbody',
      {},
      ...rows.map((r) =>
        h(
          'tr',
          {},
          h('td', {}, when(r.settledAt)),
          h('td', {}, r.voidedAt ? 'game (voided)' : r.kind),
          h('td', {}, r.outcome ?? r.reason ?? ''),
          h('td', {}, `${r.ratingBefore} → ${r.ratingAfter} (${r.delta > 0 ? '+' : ''}${r.delta})`),
          h('td', {}, r.roomId ?? ''),
          h(
            'td',
            {},
            r.kind === 'game' && !r.voidedAt ? h('button', { type: 'button', onclick: () => onVoid(r) }, 'Void') : '',
          ),
        ),
      ),
    ),
  );
}

const auditList = (rows: readonly AuditRow[]) =>
  h(
    'ul',
    { 'data-testid': 'player-audit' },
    ...rows.map((r) => h('li', {}, `${when(r.at)} ${r.action} by ${r.actor}: ${r.reason}`)),
  );

type Run = (consequence: () => string, label: string, work: () => Promise<unknown>) => () => void;

interface Fields {
  find: HTMLInputElement;
  reason: HTMLInputElement;
  hours: HTMLInputElement;
  permanent: HTMLInputElement;
  delta: HTMLInputElement;
  ladder: HTMLSelectElement;
}

const button = (label: string, onclick: () => void, danger = false) =>
  h('button', { type: 'button', onclick, ...(danger ? { class: 'danger' } : {}) }, label);

const BAN_EFFECT =
  'their waiting ticket is cancelled, a game in its ready check is called off and a started game is forfeited; they cannot sign in, queue, join a party or report until it ends.';

/**
 * The Ban button. Over a ban in force the confirmation says which ban it replaces and asks for that choice by
 * name (Replace ban); only then is `replace` sent, so the server never replaces a ban silently.
 */
function banButton(call: Invoke, f: Fields, who: { uid: string; name: string; ban: Ban | null }, run: Run) {
  const hours = () => (f.permanent.checked ? null : Number(f.hours.value));
  const length = () => (f.permanent.checked ? 'with no expiry (until lifted)' : `for ${f.hours.value} hours`);
  const { uid, name, ban } = who;
  const send = (replace: boolean) =>
    call('banPlayer', { uid, reason: f.reason.value, hours: hours(), ...(replace ? { replace } : {}) });
  return ban
    ? button(
        'Ban',
        run(
          () =>
            `${name} is already banned ${banText(ban)}. Replace that ban with a ban ${length()}? The new ban takes its place whether it ends sooner or later; ${BAN_EFFECT}`,
          'Replace ban',
          () => send(true),
        ),
      )
    : button(
        'Ban',
        run(
          () => `Ban ${name} ${length()}: ${BAN_EFFECT}`,
          'Confirm ban',
          () => send(false),
        ),
      );
}

/** The player page's buttons, each worded with its consequence for the confirmation. */
function playerActions(call: Invoke, f: Fields, who: { uid: string; name: string; ban: Ban | null }, run: Run) {
  const { uid, name } = who;
  const permanent = h('label', {}, f.permanent, ' no expiry');
  return [
    f.hours,
    permanent,
    banButton(call, f, who, run),
    button(
      'Unban',
      run(
        () => `Lift the ban on ${name}: they can sign in and play at once.`,
        'Confirm unban',
        () => call('unbanPlayer', { uid, reason: f.reason.value }),
      ),
    ),
    f.ladder,
    f.delta,
    button(
      'Adjust',
      run(
        () =>
          `Adjust ${name}'s ${f.ladder.value} rating by ${f.delta.value} points: it shows in their history as an adjustment, and their tier and leaderboard place follow.`,
        'Confirm adjustment',
        () =>
          call('adjustRating', { uid, ladder: f.ladder.value, delta: Number(f.delta.value), reason: f.reason.value }),
      ),
    ),
    button(
      'Delete account',
      run(
        () =>
          `Delete ${name}'s account for good: profile, history, party place, block lists and sign-in go; rooms keep "deleted player". This cannot be undone.`,
        'Confirm deletion',
        () => call('deleteAccount', { uid, reason: f.reason.value }),
      ),
      true,
    ),
  ];
}

function fields(ladders: string[]): Fields {
  const permanent = h('input', { type: 'checkbox', 'aria-label': 'Ban with no expiry' });
  const hours = input('Ban hours', { type: 'number', min: '1', step: '1', value: '24' });
  permanent.addEventListener('change', () => {
    hours.disabled = permanent.checked;
  });
  return {
    find: input('Player uid or name', { placeholder: 'uid or display name' }),
    reason: input('Reason', { placeholder: 'why (goes into the audit)', maxlength: '500' }),
    hours,
    permanent,
    delta: input('Rating delta', { type: 'number', value: '0' }),
    ladder: h('select', { 'aria-label': 'Ladder' }, ...ladders.map((id) => h('option', { value: id }, id))),
  };
}

/** The player page: who they are, their standing, ban, flags, history and audit, and what an operator can do. */
export function playerPage(call: Invoke, ladders: string[]): HTMLElement {
  const f = fields(ladders);
  const body = h('div', {});
  const slot = h('div', {});
  const actions = h('div', { class: 'inline' });
  const show = async (uid: string) => {
    slot.replaceChildren();
    const read = await readPlayer(call, uid);
    if (!read.player) {
      body.replaceChildren(h('p', { class: 'muted', 'data-testid': 'player-summary' }, `No player ${uid}.`));
      actions.replaceChildren();
      return;
    }
    const name = read.player.displayName;
    // The consequence is worded when the button is clicked, from the fields as they are then.
    const run: Run = (consequence, label, work) => () =>
      confirmIn(slot, consequence(), label, async () => {
        await work();
        await show(uid);
      });
    const onVoid = (row: Read['history'][number]) =>
      run(
        () =>
          `Void room ${row.roomId}: every player's rating change from it is reversed (${name}: ${-row.delta > 0 ? '+' : ''}${-row.delta}), and it leaves their records. This cannot be repeated.`,
        'Confirm void',
        () => call('voidRoom', { roomId: row.roomId!, reason: f.reason.value }),
      )();
    body.replaceChildren(
      playerSummary(uid, read),
      historyTable(read.history, onVoid),
      h('h3', {}, 'Audit'),
      auditList(read.audit),
    );
    actions.replaceChildren(...playerActions(call, f, { uid, name, ban: read.ban }, run));
  };
  const choose = (players: Player[]) => {
    actions.replaceChildren();
    slot.replaceChildren();
    body.replaceChildren(
      h(
        'div',
        { 'data-testid': 'player-matches' },
        h('p', {}, players.length ? `Players named "${f.find.value}"…: choose one.` : `No player ${f.find.value}.`),
        ...players.map((p) => {
          const open: HTMLButtonElement = h(
            'button',
            { type: 'button', onclick: () => void act(open, () => show(p.uid)) },
            `${p.displayName} (${p.uid})`,
          );
          return open;
        }),
      ),
    );
  };
  const find = async () => {
    const text = f.find.value.trim();
    const found = text ? await findPlayers(text) : [];
    if (found.length === 1) await show(found[0]!.uid);
    else choose(found);
  };
  const open: HTMLButtonElement = h('button', { type: 'button', onclick: () => void act(open, find) }, 'Open');
  return h(
    'section',
    { class: 'card', id: 'player-page' },
    h('h2', {}, 'Player'),
    h('div', { class: 'inline' }, f.find, open, f.reason),
    actions,
    slot,
    body,
  );
}
