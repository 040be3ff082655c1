import { getApp } from 'firebase/app';
import { getAuth } from 'firebase/auth';
import {
  collection,
  getDocs,
  getFirestore,
  limit,
  query,
  where,
  type DocumentData,
  type Query,
} from 'firebase/firestore';
import { invoker, type Calibration, type Ladder, type QueueStats, type ReviewFlag, type Room } from '@ladder/client';
import { firestoreOf } from '@ladder/client/firestore';
import { getFunctions } from 'firebase/functions';
import type { Lobby } from '../config.js';
import { openLobby } from '../connect.js';
import { act, devSignIn, h, showError, signOutButton } from '../dom.js';
import { calibrationPanel, flagsPanel, queuesPanel, roomsPanel } from './panels.js';
import { modesPage } from './act.js';
import { playerPage } from './player.js';
import { seasonsPage } from './seasons.js';
import '../style.css';

const app = document.getElementById('app')!;
const who = document.getElementById('who')!;

const read = async <T>(q: Query<DocumentData>) => (await getDocs(q)).docs.map((d) => d.data() as T);
const today = () => new Date().toISOString().slice(0, 10);

/** Whether the signed-in account carries the operators' custom claim (read fresh: it may have just been set). */
async function isOperator(): Promise<boolean> {
  const user = getAuth(getApp()).currentUser;
  return user !== null && (await user.getIdTokenResult(true)).claims.admin === true;
}

function showSignIn(ladder: Ladder, config: Lobby) {
  who.replaceChildren();
  devSignIn(
    app,
    (name) => ladder.login({ provider: 'dev', name }),
    {
      title: 'Operator sign-in',
      hint: 'Sign in with an account that has the admin claim (docs/operations.md says how to grant it).',
      label: 'Operator name',
      placeholder: 'operator',
    },
    () => showView(ladder, config),
  );
}

async function showView(ladder: Ladder, config: Lobby) {
  const signOut = signOutButton(
    () => ladder.signOut(),
    () => showSignIn(ladder, config),
  );
  who.replaceChildren(h('span', { 'data-testid': 'operator-name' }, ladder.uid), ' ', signOut);
  if (!(await isOperator())) {
    app.replaceChildren(
      h(
        'section',
        { class: 'card', 'data-testid': 'operators-only' },
        h('h2', {}, 'Operators only'),
        h('p', {}, `This account (${ladder.uid}) is not an operator: the view needs the custom claim admin: true.`),
      ),
    );
    return;
  }
  const db = getFirestore(getApp());
  const section = (title: string, id: string) => {
    const body = h('div', {});
    return { card: h('section', { class: 'card', id }, h('h2', {}, title), body), body };
  };
  const queues = section('Queues by mode and band', 'queues');
  const calibration = section('Calibration', 'calibration');
  const rooms = section('Recent rooms', 'recent-rooms');
  const flags = section('Flagged players', 'flagged');
  const day = h('input', { type: 'date', value: today(), 'aria-label': 'Day (UTC)' });
  const band = h('select', { 'aria-label': 'Rating band' }, h('option', { value: 'all' }, 'all bands'));
  const refresh: HTMLButtonElement = h('button', { type: 'button' }, 'Refresh');
  calibration.card.insertBefore(h('div', { class: 'inline' }, day, band, refresh), calibration.body);
  // The ladder client connected this app's Functions (to the emulators, when configured) in this region.
  const call = invoker(getFunctions(getApp(), config.region));
  app.replaceChildren(
    h('div', { class: 'column wide' }, queues.card, rooms.card, flags.card),
    h('div', { class: 'column wide' }, calibration.card),
    h(
      'div',
      { class: 'column wide' },
      playerPage(call, config.ladders),
      modesPage(
        call,
        config.modes.map((m) => m.id),
      ),
      seasonsPage(call, config.ladders),
    ),
  );

  const load = async () => {
    const [pools, days, live, ended, flagged] = await Promise.all([
      read<QueueStats>(query(collection(db, 'pools'))),
      read<Calibration>(query(collection(db, 'calibration'), where('day', '==', day.value))),
      read<Room>(query(collection(db, 'rooms'), where('status', 'in', ['pending', 'active', 'disputed']), limit(20))),
      read<Room>(query(collection(db, 'rooms'), where('endedDay', '==', day.value), limit(20))),
      read<ReviewFlag>(query(collection(db, 'reviewFlags'), limit(50))),
    ]);
    queues.body.replaceChildren(queuesPanel(pools.filter((p) => p.bandEdges)));
    const bands = [...new Set(days.flatMap((d) => d.bandOrder))];
    const chosen = band.value;
    band.replaceChildren(h('option', { value: 'all' }, 'all bands'), ...bands.map((b) => h('option', { value: b }, b)));
    band.value = bands.includes(chosen) ? chosen : 'all';
    calibration.body.replaceChildren(calibrationPanel(days, band.value));
    rooms.body.replaceChildren(roomsPanel([...live, ...ended]));
    flags.body.replaceChildren(flagsPanel(flagged));
    app.dataset.loaded = 'true';
  };
  for (const control of [day, band]) control.addEventListener('change', () => void load().catch(showError));
  refresh.addEventListener('click', () => void act(refresh, load));
  await load();
}

async function main() {
  const { lobby: config, ladder } = await openLobby();
  // The view reads Firestore itself (getFirestore(getApp())): connect it to the emulators before any read.
  firestoreOf(getApp(), config.emulators ?? undefined);
  if (await ladder.restoreSession()) await showView(ladder, config);
  else showSignIn(ladder, config);
}

main().catch((error: unknown) => {
  app.replaceChildren(
    h(
      'p',
      { class: 'error' },
      `The operator view could not start: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
});
