import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterGame, type FarmingConfig, type Meetings } from '../../functions/src/core/fairplay/rematchWindow.js';
import { ladderSchema } from '../../functions/src/core/ladder/ladder.js';
import { visibleRank } from '../../functions/src/core/ladder/visibleRank.js';
import { initialStanding, recordGame, type Standing } from '../../functions/src/core/ladder/standing.js';
import type { HistoryRow } from '../../functions/src/core/room/history.js';
import {
  enoughToReplay,
  gamesToReplay,
  meetingsWithoutGame,
  type MetGame,
  withoutGame,
} from '../../functions/src/core/room/void.js';

/**
 * Random histories of four players: games of two or three of them (every one the others' opponent, as in a
 * free-for-all), some unrated, minutes to days apart, and voids of earlier games in between. Each void goes
 * through the planner as the store runs it (the player's games read newest first, page by page, until
 * `enoughToReplay`); the result must equal a replay of the same history that never played the voided games.
 * A game that stays keeps the rating change and the rated or unrated verdict it settled with: a void takes one
 * game back, it does not settle the others again.
 */

const PLAYERS = ['a', 'b', 'c', 'd'];
const ladder = ladderSchema.parse({ placementGames: 3, inactiveAfterDays: null });
const outcome = fc.constantFrom('win' as const, 'loss' as const, 'draw' as const);
const gap = fc.constantFrom(15_000, 3 * 60_000, 12 * 60_000, 3 * 3_600_000, 20 * 3_600_000, 2 * 86_400_000);
const seat = fc.record({ outcome, delta: fc.integer({ min: -40, max: 40 }) });

const event = fc.oneof(
  fc.record({
    kind: fc.constant('game' as const),
    seats: fc.shuffledSubarray(PLAYERS, { minLength: 2, maxLength: 3 }),
    results: fc.array(seat, { minLength: 3, maxLength: 3 }),
    unrated: fc.boolean(),
    gap,
  }),
  fc.record({ kind: fc.constant('void' as const), pick: fc.nat(), gap }),
);

const farmingArb: fc.Arbitrary<FarmingConfig> = fc.record({
  rematchMinutes: fc.constantFrom(0, 10, 90),
  rematchGames: fc.constantFrom(0, 1, 2, 4),
  relaxAfterSeconds: fc.constant(120),
  dailyPairCap: fc.constant(null),
});

interface Game {
  at: number;
  seats: string[];
  results: { outcome: 'win' | 'loss' | 'draw'; delta: number }[];
  unrated: boolean;
  voided: boolean;
}

interface Record_ {
  standing: Standing;
  meetings: Meetings | null;
}

const opponentsOf = (game: Game, uid: string) =>
  game.seats.filter((s) => s !== uid).map((s) => ({ uid: s, displayName: `name ${s}` }));

function play(record: Record_, game: Game, uid: string, farming: FarmingConfig): Record_ {
  const { outcome, delta } = game.results[game.seats.indexOf(uid)]!;
  const { standing } = record;
  return {
    standing: game.unrated ? standing : recordGame(standing, standing.rating + delta, outcome, ladder, game.at),
    meetings: afterGame(record.meetings, opponentsOf(game, uid), farming, game.at),
  };
}

/** The player's games that still count, newest first, read by the store in pages of `page` rooms. */
function readAsTheStoreDoes(games: Game[], uid: string, page: number, farming: FarmingConfig): MetGame[] {
  const all = games
    .filter((g) => !g.voided && g.seats.includes(uid))
    .map((g) => ({ at: g.at, opponents: opponentsOf(g, uid) }))
    .reverse();
  const read: MetGame[] = [];
  for (let i = 0; i < all.length; i += page) {
    read.push(...all.slice(i, i + page));
    if (enoughToReplay(read, farming)) break;
  }
  return gamesToReplay(read, farming);
}

function voidGame(
  records: Map<string, Record_>,
  games: Game[],
  game: Game,
  now: number,
  page: number,
  f: FarmingConfig,
) {
  game.voided = true;
  for (const uid of game.seats) {
    const { outcome, delta } = game.results[game.seats.indexOf(uid)]!;
    // An unrated game's row moved nothing: its change is 0, as the room records it.
    const row = { outcome, delta: game.unrated ? 0 : delta, unrated: game.unrated ? 'cap' : null } as HistoryRow;
    const { standing, meetings } = records.get(uid)!;
    const replayed = readAsTheStoreDoes(games, uid, page, f);
    records.set(uid, {
      standing: withoutGame(standing, row, standing.season, ladder, now),
      meetings: meetingsWithoutGame(meetings, replayed, true, f),
    });
  }
}

const fresh = (season: string | null): Record_ => ({
  standing: { ...initialStanding(ladder), season },
  meetings: null,
});

/**
 * What players and the rules see of a record: the standing's counts and rank (tier or placement), and every
 * meeting. The season's peak and the time last played are left out: a void keeps them (docs/operations.md).
 */
const seen = ({ standing, meetings }: Record_, now: number) => ({
  rating: standing.rating,
  record: [standing.games, standing.wins, standing.losses, standing.draws, standing.seasonGames],
  rank: visibleRank(ladder, { ...standing, peak: standing.rating, lastPlayedAt: now }, now),
  meetings: meetings ?? { games: 0, opponents: [] },
});

describe('voiding games', () => {
  it('leaves every player as a replay that never played the voided games: rating, record, season, placement, meetings', () => {
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 1, maxLength: 30 }),
        farmingArb,
        fc.constantFrom(null, '2026'),
        fc.integer({ min: 1, max: 3 }),
        (events, farming, season, page) => {
          const start = Date.UTC(2026, 4, 1, 22, 30);
          const records = new Map(PLAYERS.map((uid) => [uid, fresh(season)]));
          const games: Game[] = [];
          let now = start;
          for (const e of events) {
            now += e.gap;
            if (e.kind === 'game') {
              const game: Game = { at: now, seats: e.seats, results: e.results, unrated: e.unrated, voided: false };
              games.push(game);
              for (const uid of game.seats) records.set(uid, play(records.get(uid)!, game, uid, farming));
            } else {
              const standing = games.filter((g) => !g.voided);
              if (standing.length > 0)
                voidGame(records, games, standing[e.pick % standing.length]!, now, page, farming);
            }
          }
          const replay = new Map(PLAYERS.map((uid) => [uid, fresh(season)]));
          for (const game of games.filter((g) => !g.voided))
            for (const uid of game.seats) replay.set(uid, play(replay.get(uid)!, game, uid, farming));
          for (const uid of PLAYERS) expect(seen(records.get(uid)!, now), uid).toEqual(seen(replay.get(uid)!, now));
        },
      ),
      { numRuns: 300 },
    );
  });
});
