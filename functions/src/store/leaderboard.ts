import { countQueryReads } from './metrics.js';
import { playerRef, playersRef } from './players.js';

export interface LeaderboardRow {
  rank: number;
  uid: string;
  displayName: string;
  rating: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

export interface Leaderboard {
  ladder: string;
  top: LeaderboardRow[];
  /** The caller's standing and rank; null before their first game on the ladder. */
  me: Omit<LeaderboardRow, 'uid' | 'displayName'> | null;
}

/** Players with at least one settled game on the ladder, best first (index: firestore.indexes.json). */
const ranked = (ladder: string) => playersRef().where(`ladders.${ladder}.games`, '>', 0);

/**
 * The top of a ladder, and the caller's own rank: one plus the number of ranked players rated strictly
 * higher (ties share a rank). The rank is a count aggregation, billed one read per 1,000 index entries it
 * passes, so a player ranked r costs ⌈r / 1000⌉ reads.
 */
export async function leaderboard(ladder: string, limit: number, uid: string): Promise<Leaderboard> {
  const top = await ranked(ladder).orderBy(`ladders.${ladder}.rating`, 'desc').limit(limit).get();
  countQueryReads(top.size);
  const rows: LeaderboardRow[] = [];
  top.docs.forEach((doc, i) => {
    const player = doc.data();
    const standing = player.ladders[ladder]!;
    const previous = rows[i - 1];
    const rank = previous && previous.rating === standing.rating ? previous.rank : i + 1;
    rows.push({ rank, uid: doc.id, displayName: player.displayName, ...standing });
  });
  const mine = (await playerRef(uid).get()).data()?.ladders[ladder];
  countQueryReads(1);
  if (!mine || mine.games === 0) return { ladder, top: rows, me: null };
  const above = await ranked(ladder).where(`ladders.${ladder}.rating`, '>', mine.rating).count().get();
  countQueryReads(Math.ceil(above.data().count / 1000));
  return { ladder, top: rows, me: { rank: above.data().count + 1, ...mine } };
}
