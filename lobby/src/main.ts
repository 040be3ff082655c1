import { FairPlayCard } from './fairPlayCard.js';
import { initializeApp } from 'firebase/app';
import { browserSessionPersistence, initializeAuth } from 'firebase/auth';
import { createLadder, isEnded, type Ladder, type Player } from '@ladder/client';
import { parseLobbyConfig, type LobbyConfig } from './config.js';
import { act, h, showError } from './dom.js';
import { record } from './format.js';
import { LeaderboardCard } from './leaderboardCard.js';
import { MatchCard } from './matchCard.js';
import { PartyCard } from './partyCard.js';
import { PlayCard } from './playCard.js';
import { rankBadge } from './rankBadge.js';
import { SeasonCard } from './seasonCard.js';
import './style.css';

const app = document.getElementById('app')!;
const who = document.getElementById('who')!;

async function loadConfig(): Promise<LobbyConfig> {
  const response = await fetch(new URL('config.json', location.href));
  if (!response.ok)
    throw new Error(`config.json could not be loaded (${response.status}); serve the lobby with \`npm start\`.`);
  return parseLobbyConfig(await response.json());
}

function connect(config: LobbyConfig): Ladder {
  const firebase = initializeApp({ projectId: config.projectId, apiKey: config.apiKey });
  // Session storage is per tab: every tab is its own player, and a reload keeps the tab's player.
  initializeAuth(firebase, { persistence: browserSessionPersistence });
  return createLadder({
    app: firebase,
    region: config.region,
    ...(config.emulators ? { emulators: config.emulators } : {}),
    ticketTtlSeconds: Object.fromEntries(config.modes.map((m) => [m.id, m.ticketTtlSeconds])),
  });
}

function showSignIn(ladder: Ladder, config: LobbyConfig) {
  who.replaceChildren();
  document.title = 'Ladder lobby';
  const name = h('input', {
    name: 'name',
    placeholder: 'Alice',
    required: true,
    minlength: 2,
    maxlength: 24,
    autocomplete: 'off',
    'aria-label': 'Player name',
  });
  const button: HTMLButtonElement = h('button', { type: 'submit', class: 'primary' }, 'Sign in');
  const form = h('form', { class: 'inline' }, name, button);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void act(button, async () => {
      await ladder.login({ provider: 'dev', name: name.value });
      showLobby(ladder, config);
    });
  });
  app.replaceChildren(
    h(
      'section',
      { class: 'card' },
      h('h2', {}, 'Sign in'),
      h(
        'p',
        { class: 'muted' },
        "Pick a player name (the emulators' dev login). Each browser tab is a separate player: open more tabs to play against yourself.",
      ),
      form,
    ),
  );
  name.focus();
}

function showLobby(ladder: Ladder, config: LobbyConfig) {
  const section = (id: string) => h('section', { class: 'card', id });
  const cards = {
    profile: section('profile'),
    party: section('party'),
    play: section('play'),
    match: section('match'),
    leaderboard: section('leaderboard'),
    fairPlay: section('fair-play'),
    season: section('season'),
  };
  app.replaceChildren(
    h('div', { class: 'column' }, cards.profile, cards.party, cards.play, cards.fairPlay),
    h('div', { class: 'column wide' }, cards.match, cards.leaderboard, cards.season),
  );

  const leaderboard = new LeaderboardCard(cards.leaderboard, ladder, config.ladders);
  const season = new SeasonCard(cards.season, ladder, config.ladders);
  const match = new MatchCard(
    cards.match,
    () => ladder.uid,
    config.modes,
    (room) => {
      void leaderboard.load(room.ladder);
      void season.load();
    },
  );
  const party = new PartyCard(cards.party, ladder, () => play.refresh());
  const play: PlayCard = new PlayCard(cards.play, ladder, config.modes, () => ({
    inParty: party.party !== null,
    isLeader: party.isLeader,
    activity: match.activity,
  }));

  const fairPlay = new FairPlayCard(cards.fairPlay, ladder);
  // Each settled game changes the public profile: the moment to read the fair-play standing again.
  ladder.onPlayer((player) => {
    showProfile(ladder, config, cards.profile, player);
    void fairPlay.refresh();
  }, showError);
  ladder.party.onChange((p) => party.update(p), showError);
  ladder.onMatch(
    (m) => {
      match.follow(m);
      m.onStatus((status) => {
        play.refresh();
        // A dodge, a leave or a settled game may have changed the fair-play standing.
        if (isEnded(status)) void fairPlay.refresh();
      });
      m.onError((error) => console.warn('[lobby] recovering from', error));
    },
    {},
    showError,
  );
  void leaderboard.load();
  void season.load();
}

function showProfile(ladder: Ladder, config: LobbyConfig, card: HTMLElement, player: Player | undefined) {
  if (!player) return;
  document.title = `${player.displayName} · Ladder lobby`;
  const signOut: HTMLButtonElement = h('button', { type: 'button', class: 'link' }, 'Sign out');
  signOut.addEventListener(
    'click',
    () =>
      void act(signOut, async () => {
        await ladder.signOut();
        showSignIn(ladder, config);
      }),
  );
  who.replaceChildren(h('span', { 'data-testid': 'player-name' }, player.displayName), ' ', signOut);
  card.replaceChildren(
    h('h2', {}, 'Ratings'),
    h(
      'ul',
      { 'data-testid': 'ratings' },
      ...config.ladders.map((id) => {
        const standing = player.ladders[id];
        return h(
          'li',
          {},
          h('strong', {}, id),
          ' ',
          rankBadge(standing?.visible),
          ` ${standing ? `${standing.rating} · ${record(standing)}` : 'unrated'}`,
        );
      }),
    ),
  );
}

async function main() {
  const config = await loadConfig();
  const ladder = connect(config);
  if (await ladder.restoreSession()) showLobby(ladder, config);
  else showSignIn(ladder, config);
}

main().catch((error: unknown) => {
  app.replaceChildren(
    h('p', { class: 'error' }, `The lobby could not start: ${error instanceof Error ? error.message : String(error)}`),
  );
});
