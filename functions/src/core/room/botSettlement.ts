import type { Standing } from '../ladder/standing.js';
import type { PlayerOutcome } from './results.js';
import { sideUids, type Result, type RoomDoc } from './room.js';

/** What the room and each player's history say of a game against bots. */
export const BOT_GAME_UNRATED = 'Unrated: bots took seats in this game.';

/**
 * How a game against bots went for each of its humans, with no rating change: on a team, as their side did; in
 * free-for-all, a sole first place among the humans is a win (a shared one a draw), anything else a loss. The
 * bots' own places are the game's business and are never reported.
 */
export function botGameOutcomes(
  room: Pick<RoomDoc, 'sides' | 'memberUids'>,
  result: Result,
  standings: ReadonlyMap<string, Standing>,
): PlayerOutcome[] {
  const sides = sideUids(room);
  const firsts = 'placements' in result ? room.memberUids.filter((uid) => result.placements[uid] === 1).length : 0;
  return room.memberUids.map((uid) => {
    const rating = standings.get(uid)?.rating;
    if (rating === undefined) throw new Error(`no standing read for ${uid}`);
    const update = { uid, before: rating, after: rating, delta: 0 };
    if ('placements' in result) {
      const outcome = result.placements[uid] !== 1 ? 'loss' : firsts === 1 ? 'win' : 'draw';
      return { uid, update, outcome };
    }
    if (result.outcome === 'draw') return { uid, update, outcome: 'draw' };
    const onA = sides[0]?.includes(uid) ?? false;
    return { uid, update, outcome: (result.outcome === 'A') === onA ? 'win' : 'loss' };
  });
}
