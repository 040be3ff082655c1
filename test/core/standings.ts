import { defaultLadders } from '../../functions/src/core/ladder/ladder.js';
import { initialStanding, type Standing } from '../../functions/src/core/ladder/standing.js';

/** A new player's standing on the default team ladder at this rating, with the given games settled. */
export const standingAt = (rating: number, games = 0): Standing => ({
  ...initialStanding({ ...defaultLadders.team, initialRating: rating }),
  games,
  seasonGames: games,
});

/** Each outcome's rank before and after, both the new player's: for settling rooms where ranks are not the point. */
export const sameRanks = (outcomes: readonly { uid: string }[]) => {
  const rank = standingAt(1500).visible;
  return new Map(outcomes.map(({ uid }) => [uid, { before: rank, after: rank }]));
};
