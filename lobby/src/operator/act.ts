import { getApp } from 'firebase/app';
import { collection, doc, getDoc, getDocs, getFirestore, limit, query, where } from 'firebase/firestore';
import type { AuditRow, Invoke, ModePause, Player, PlayerState, ReviewFlag } from '@ladder/client';
import { act, h, showError } from '../dom.js';

// The operator view's actions: a player page (ban, adjust, void, delete) and a mode page (pause, resume). Every
// action is confirmed first with a sentence naming its consequence; the server checks the admin claim again.

export const when = (ms: number | null) =>
  ms === null ? 'no expiry' : new Date(ms).toISOString().replace('.000Z', 'Z');

/** A confirmation box in `slot`: the consequence in words, then Confirm (which runs `work`) or Cancel. */
export function confirmIn(slot: HTMLElement, consequence: string, label: string, work: () => Promise<unknown>) {
  const confirm: HTMLButtonElement = h('button', { type: 'button', class: 'primary' }, label);
  const cancel = h('button', { type: 'button', onclick: () => slot.replaceChildren() }, 'Cancel');
  confirm.addEventListener(
    'click',
    () =>
      void act(confirm, async () => {
        await work();
        slot.replaceChildren();
      }),
  );
  slot.replaceChildren(
    h(
      'div',
      { class: 'confirm', role: 'alertdialog', 'data-testid': 'confirm' },
      h('p', {}, consequence),
      confirm,
      ' ',
      cancel,
    ),
  );
}

export const input = (label: string, attributes: Record<string, string> = {}) =>
  h('input', { 'aria-label': label, autocomplete: 'off', ...attributes });

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
  return {
    player: player.data() as Player | undefined,
    state: state.data() as PlayerState | undefined,
    flag: flag.data() as ReviewFlag | undefined,
    history: history.rows,
    audit: audit.docs.map((d) => d.data() as AuditRow).sort((a, b) => b.at - a.at),
  };
}

type Read = Awaited<ReturnType<typeof readPlayer>>;

function playerSummary(uid: string, { player, state, flag }: Read): HTMLElement {
  const ban = state?.ban && (state.ban.until === null || state.ban.until > Date.now()) ? state.ban : null;
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
    h('p', { 'data-testid': 'ban-status' }, ban ? `Banned until ${when(ban.until)}: ${ban.reason}` : 'Not banned'),
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
  uid: HTMLInputElement;
  reason: HTMLInputElement;
  hours: HTMLInputElement;
  delta: HTMLInputElement;
  ladder: HTMLSelectElement;
}

const button = (label: string, onclick: () => void, danger = false) =>
  h('button', { type: 'button', onclick, ...(danger ? { class: 'danger' } : {}) }, label);

/** The player page's buttons, each worded with its consequence for the confirmation. */
function playerActions(call: Invoke, f: Fields, name: string, run: Run): (Node | string)[] {
  const uid = f.uid.value;
  return [
    f.hours,
    button(
      'Ban',
      run(
        () =>
          `Ban ${name} for ${f.hours.value} hours: their waiting ticket is cancelled, a game in its ready check is called off and a started game is forfeited; they cannot sign in, queue, join a party or report until it ends.`,
        'Confirm ban',
        () => call('banPlayer', { uid, reason: f.reason.value, hours: Number(f.hours.value) }),
      ),
    ),
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

/** The player page: who they are, their standing, ban, flags, history and audit, and what an operator can do. */
export function playerPage(call: Invoke, ladders: string[]): HTMLElement {
  const f: Fields = {
    uid: input('Player uid', { placeholder: 'dev:name' }),
    reason: input('Reason', { placeholder: 'why (goes into the audit)', maxlength: '500' }),
    hours: input('Ban hours', { type: 'number', min: '1', value: '24' }),
    delta: input('Rating delta', { type: 'number', value: '0' }),
    ladder: h('select', { 'aria-label': 'Ladder' }, ...ladders.map((id) => h('option', { value: id }, id))),
  };
  const body = h('div', {});
  const slot = h('div', {});
  const actions = h('div', { class: 'inline' });
  const show = async () => {
    slot.replaceChildren();
    const read = await readPlayer(call, f.uid.value);
    if (!read.player) {
      body.replaceChildren(h('p', { class: 'muted', 'data-testid': 'player-summary' }, `No player ${f.uid.value}.`));
      actions.replaceChildren();
      return;
    }
    const name = read.player.displayName;
    // The consequence is worded when the button is clicked, from the fields as they are then.
    const run: Run = (consequence, label, work) => () =>
      confirmIn(slot, consequence(), label, async () => {
        await work();
        await show();
      });
    const onVoid = (row: Read['history'][number]) =>
      run(
        () =>
          `Void room ${row.roomId}: every player's rating change from it is reversed (${name}: ${-row.delta > 0 ? '+' : ''}${-row.delta}), and it leaves their records. This cannot be repeated.`,
        'Confirm void',
        () => call('voidRoom', { roomId: row.roomId!, reason: f.reason.value }),
      )();
    body.replaceChildren(
      playerSummary(f.uid.value, read),
      historyTable(read.history, onVoid),
      h('h3', {}, 'Audit'),
      auditList(read.audit),
    );
    actions.replaceChildren(...playerActions(call, f, name, run));
  };
  const open: HTMLButtonElement = h('button', { type: 'button', onclick: () => void act(open, show) }, 'Open');
  return h(
    'section',
    { class: 'card', id: 'player-page' },
    h('h2', {}, 'Player'),
    h('div', { class: 'inline' }, f.uid, open, f.reason),
    actions,
    slot,
    body,
  );
}

/** The mode page: each mode's pause state, and pause (with the message players see) or resume. */
export function modesPage(call: Invoke, modes: string[]): HTMLElement {
  const message = input('Message to players', {
    placeholder: 'what players trying to queue are told',
    maxlength: '300',
  });
  const reason = input('Mode reason', { placeholder: 'why (goes into the audit)', maxlength: '500' });
  const slot = h('div', {});
  const list = h('table', { class: 'operator-table', 'data-testid': 'modes' });
  const show = async () => {
    const pauses = (await getDocs(collection(getFirestore(getApp()), 'modePauses'))).docs.map(
      (d) => d.data() as ModePause,
    );
    const paused = new Map(pauses.map((p) => [p.target, p]));
    const run = (consequence: () => string, label: string, work: () => Promise<unknown>) => () =>
      confirmIn(slot, consequence(), label, async () => {
        await work();
        await show();
      });
    list.replaceChildren(
      ...[...new Set([...modes, ...paused.keys()])].map((mode) => {
        const pause = paused.get(mode);
        return h(
          'tr',
          { 'data-testid': `mode-${mode}` },
          h('td', {}, mode),
          h('td', {}, pause ? `paused: ${pause.message}` : 'open'),
          h(
            'td',
            {},
            pause
              ? h(
                  'button',
                  {
                    type: 'button',
                    onclick: run(
                      () => `Resume ${mode}: players can queue for it again.`,
                      'Confirm resume',
                      () => call('resumeMode', { mode, reason: reason.value }),
                    ),
                  },
                  'Resume',
                )
              : h(
                  'button',
                  {
                    type: 'button',
                    onclick: run(
                      () =>
                        `Pause ${mode}: queueing is refused with your message, and everyone waiting is released (not penalised); games already formed finish.`,
                      'Confirm pause',
                      () => call('pauseMode', { mode, message: message.value, reason: reason.value }),
                    ),
                  },
                  'Pause',
                ),
          ),
        );
      }),
    );
  };
  const card = h(
    'section',
    { class: 'card', id: 'modes-page' },
    h('h2', {}, 'Modes'),
    h('div', { class: 'inline' }, message, reason),
    slot,
    list,
  );
  void show().catch(showError);
  return card;
}
