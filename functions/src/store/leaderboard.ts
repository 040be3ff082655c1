import { isRanked, type Leaderboard, rankBelow, rankRows } from '../core/leaderboard.js';
import { countQueryReads } from './metrics.js';
import { playerRef, playersRef } from './refs.js';

/** Players with at least one settled game on the ladder, best first (index: firestore.indexes.json). */
const ranked = (ladder: string) => playersRef().where(`ladders.${ladder}.games`, '>', 0);

/**
 * The top of a ladder, and the caller's own rank. The rank is a count aggregation, billed one read per 1,000
 * index entries it passes, so a player ranked r costs ⌈r / 1000⌉ reads.
 */
export async function leaderboard(ladder: string, limit: number, uid: string): Promise<Leaderboard> {
  const top = await ranked(ladder).orderBy(`ladders.${ladder}.rating`, 'desc').limit(limit).get();
  countQueryReads(top.size);
  const rows = rankRows(
    top.docs.map((doc) => {
      const player = doc.data();
      return { uid: doc.id, displayName: player.displayName, standing: player.ladders[ladder]! };
    }),
  );
  const mine = (await playerRef(uid).get()).data()?.ladders[ladder];
  countQueryReads(1);
  if (!isRanked(mine)) return { ladder, top: rows, me: null };
  const above = await ranked(ladder).where(`ladders.${ladder}.rating`, '>', mine.rating).count().get();
  countQueryReads(Math.ceil(above.data().count / 1000));
  return { ladder, top: rows, me: { rank: rankBelow(above.data().count), ...mine } };
}
