import { isRanked, type Leaderboard, rankBelow, rankedFrom, rankRows } from '../core/ladder/leaderboard.js';
import { ranked as withRank } from '../core/player/player.js';
import { seasonAt } from '../core/ladder/season.js';
import { config } from '../config.js';
import { countQueryReads } from './firestore/metrics.js';
import { playerRef, playersRef } from './firestore/refs.js';

/** Players past their placement in the season running now, best first (index: firestore.indexes.json). */
const ranked = (ladder: string) => {
  const rules = config.ladders[ladder]!;
  return playersRef()
    .where(`ladders.${ladder}.season`, '==', seasonAt(rules.seasons, Date.now())?.id ?? null)
    .where(`ladders.${ladder}.seasonGames`, '>=', rankedFrom(rules));
};

/**
 * The top of a ladder, and the caller's own rank. The rank is a count aggregation, billed one read per 1,000
 * index entries it passes, so a player ranked r costs ⌈r / 1000⌉ reads.
 */
export async function leaderboard(ladder: string, limit: number, uid: string): Promise<Leaderboard> {
  const top = await ranked(ladder).orderBy(`ladders.${ladder}.rating`, 'desc').limit(limit).get();
  countQueryReads(top.size);
  const rules = config.ladders[ladder]!;
  const now = Date.now();
  const rows = rankRows(
    top.docs.map((doc) => {
      const player = doc.data();
      // The rank is computed as read: the table may have changed, and inactivity moves with the clock.
      return { uid: doc.id, displayName: player.displayName, standing: withRank(player.ladders[ladder]!, rules, now) };
    }),
  );
  const mine = (await playerRef(uid).get()).data()?.ladders[ladder];
  countQueryReads(1);
  if (!isRanked(mine, rules)) return { ladder, top: rows, me: null };
  const above = await ranked(ladder).where(`ladders.${ladder}.rating`, '>', mine.rating).count().get();
  countQueryReads(Math.ceil(above.data().count / 1000));
  return { ladder, top: rows, me: { rank: rankBelow(above.data().count), ...withRank(mine, rules, now) } };
}
