import { FairPlayCard } from './fairPlayCard.js';
import { isEnded, type Ladder, type Player } from '@ladder/client';
import type { Lobby } from './config.js';
import { openLobby } from './connect.js';
import { devSignIn, h, showError, signOutButton } from './dom.js';
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

function showSignIn(ladder: Ladder, config: Lobby) {
  who.replaceChildren();
  document.title = 'Ladder lobby';
  devSignIn(
    app,
    (name) => ladder.login({ provider: 'dev', name }),
    {
      title: 'Sign in',
      hint: "Pick a player name (the emulators' dev login). Each browser tab is a separate player: open more tabs to play against yourself.",
      label: 'Player name',
      placeholder: 'Alice',
    },
    () => showLobby(ladder, config),
  );
}

function showLobby(ladder: Ladder, config: Lobby) {
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

function showProfile(ladder: Ladder, config: Lobby, card: HTMLElement, player: Player | undefined) {
  if (!player) return;
  document.title = `${player.displayName} · Ladder lobby`;
  const signOut = signOutButton(
    () => ladder.signOut(),
    () => showSignIn(ladder, config),
  );
  // The id is what a friend types to see this player's rank beside theirs (the leaderboard's Friends).
  who.replaceChildren(
    h('span', { 'data-testid': 'player-name' }, player.displayName),
    ' ',
    h('span', { class: 'muted', 'data-testid': 'player-id' }, `id ${player.uid}`),
    ' ',
    signOut,
  );
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
  const { lobby: config, ladder } = await openLobby();
  if (await ladder.restoreSession()) showLobby(ladder, config);
  else showSignIn(ladder, config);
}

main().catch((error: unknown) => {
  app.replaceChildren(
    h('p', { class: 'error' }, `The lobby could not start: ${error instanceof Error ? error.message : String(error)}`),
  );
});
