import { seasonAt } from '../../functions/src/core/ladder/season.js';
import { newPlayer } from '../../functions/src/core/player/player.js';
import { ranked } from '../../functions/src/core/ladder/standing.js';
import { playerRef } from '../../functions/src/store/firestore/refs.js';
import { db } from './admin.js';
import { testContext } from './context.js';

const ctx = testContext();
const { config } = ctx;

const DAY = 86_400_000;

/**
 * Writes a standing in the running season of `ladder` for `uid`, creating the player when needed: a seeded
 * ladder for leaderboard tests, without playing every game.
 */
export async function standAt(ladder: string, uid: string, rating: number, seasonGames: number, idleDays = 0) {
  const rules = config.ladders[ladder]!;
  const now = Date.now();
  const existing = (await playerRef({ db }, uid).get()).data() ?? newPlayer(uid, `Seed ${uid}`, config.ladders, now);
  const season = seasonAt(rules.seasons, now)?.id ?? null;
  const fields = { ...existing.ladders[ladder]!, rating, games: seasonGames, wins: seasonGames, seasonGames };
  const standing = ranked({ ...fields, peak: rating, season, lastPlayedAt: now - idleDays * DAY }, rules, now);
  await playerRef({ db }, uid).set({ ...existing, ladders: { ...existing.ladders, [ladder]: standing } });
}
