import type { DocumentSnapshot, Query } from 'firebase-admin/firestore';
import {
  isRanked,
  leaderboardOrder,
  type Leaderboard,
  type LeaderboardRow,
  rankBands,
  rankBelow,
  rankedFrom,
  ranksFromBands,
  rankRows,
  rankWindow,
  windowTallies,
} from '../core/ladder/leaderboard.js';
import { ranked as withRank, type Player } from '../core/player/player.js';
import { ladderOf } from '../config.js';
import { countQueryReads, countReads } from './firestore/metrics.js';
import { playerRef, playersRef } from './firestore/refs.js';
import { database } from './firestore/db.js';
import { seasonNow } from './extension.js';

/** A ladder and the season running on it now (extensions included): the board one call reads. */
interface Board {
  ladder: string;
  season: string | null;
}

/** Players past their placement in the season running now (index: firestore.indexes.json). */
const ranked = ({ ladder, season }: Board) =>
  playersRef()
    .where(`ladders.${ladder}.season`, '==', season)
    .where(`ladders.${ladder}.seasonGames`, '>=', rankedFrom(ladderOf(ladder)));
/** Best first: the same order for the top and for the rows around a player. */
const bestFirst = (board: Board) => ranked(board).orderBy(`ladders.${board.ladder}.rating`, 'desc');
const ratingOf = (ladder: string) => `ladders.${ladder}.rating`;

/** A count aggregation is billed one read per 1,000 index entries it passes (at least one). */
async function count(query: Query<Player>): Promise<number> {
  const n = (await query.count().get()).data().count;
  countReads(Math.max(1, Math.ceil(n / 1000)), 'players');
  return n;
}

async function rows(query: Query<Player>): Promise<Player[]> {
  const snapshot = await query.get();
  countQueryReads(snapshot.size, 'players');
  return snapshot.docs.map((doc) => doc.data());
}

/** A player's row without its rank. The rank is computed as read: inactivity moves with the clock. */
function unranked(ladder: string, player: Player, now: number) {
  const standing = withRank(player.ladders[ladder]!, ladderOf(ladder), now);
  return { uid: player.uid, displayName: player.displayName, standing };
}

export interface LeaderboardAsk {
  /** The top rows, when asked for. */
  limit?: number;
  /** This many rows above and below the caller. */
  around?: number;
  /** These players' rows (those ranked), best first. */
  players?: string[];
}

/**
 * The top of a ladder, rows around the caller, a list of players, and the caller's own rank. Ranks come from
 * count aggregations, so each call's reads follow the rows it returns and the caller's rank r (⌈r / 1000⌉),
 * never the whole ladder.
 */
export async function leaderboard(ladder: string, asked: number | LeaderboardAsk, uid: string): Promise<Leaderboard> {
  const ask = typeof asked === 'number' ? { limit: asked } : asked;
  const rules = ladderOf(ladder);
  const now = Date.now();
  const current: Board = { ladder, season: await seasonNow(ladder, now) };
  const top = ask.limit
    ? rankRows((await rows(bestFirst(current).limit(ask.limit))).map((p) => unranked(ladder, p, now)))
    : [];
  const mySnapshot = await playerRef(uid).get();
  countQueryReads(1, 'players');
  const mine = mySnapshot.data()?.ladders[ladder];
  const players = ask.players ? await listed(current, ask.players, now) : undefined;
  const board: Leaderboard = { ladder, top, me: null, ...(players && { players }) };
  if (!isRanked(mine, rules)) return ask.around ? { ...board, around: [] } : board;
  const above = await count(ranked(current).where(ratingOf(ladder), '>', mine.rating));
  board.me = { rank: rankBelow(above), ...withRank(mine, rules, now) };
  if (ask.around) board.around = await around(current, mySnapshot, ask.around, above, now);
  return board;
}

/** The `k` rows either side of the caller, with the caller, ranked from the count above them. */
async function around(
  board: Board,
  me: DocumentSnapshot<Player>,
  k: number,
  playersAbove: number,
  now: number,
): Promise<LeaderboardRow[]> {
  const { ladder } = board;
  const [above, below] = await Promise.all([
    rows(bestFirst(board).endBefore(me).limitToLast(k)),
    rows(bestFirst(board).startAfter(me).limit(k)),
  ]);
  const window = [...above, me.data()!, ...below].map((p) => unranked(ladder, p, now));
  const ratings = window.map((row) => row.standing.rating);
  const mine = me.data()!.ladders[ladder]!.rating;
  const tallies = new Map<number, number>();
  for (const { rating, known } of windowTallies(ratings, mine, above.length < k)) {
    tallies.set(rating, known ?? (await count(ranked(board).where(ratingOf(ladder), '==', rating))));
  }
  const ranks = rankWindow(ratings, mine, playersAbove, (rating) => tallies.get(rating)!);
  return window.map(({ uid, displayName, standing }, i) => ({ rank: ranks[i]!, uid, displayName, ...standing }));
}

/** The ranked ones among `uids`, best first: their documents, and one count per band of ratings between them. */
async function listed(board: Board, uids: string[], now: number): Promise<LeaderboardRow[]> {
  const { ladder, season } = board;
  const rules = ladderOf(ladder);
  const snapshots = await database().getAll(...[...new Set(uids)].map((id) => playerRef(id)));
  countReads(snapshots.length, 'players');
  const players = snapshots
    .map((snapshot) => snapshot.data() as Player | undefined)
    .filter((p): p is Player => !!p && isRanked(p.ladders[ladder], rules) && p.ladders[ladder]!.season === season)
    .map((p) => unranked(ladder, p, now))
    .sort((a, b) => leaderboardOrder(a, b));
  const bands = rankBands(players.map((p) => p.standing.rating));
  const counts = await Promise.all(
    bands.map(({ above, atMost }) => {
      const query = ranked(board).where(ratingOf(ladder), '>', above);
      return count(atMost === null ? query : query.where(ratingOf(ladder), '<=', atMost));
    }),
  );
  const ranks = ranksFromBands(bands, counts);
  return players.map(({ uid, displayName, standing }) => ({
    rank: ranks.get(standing.rating)!,
    uid,
    displayName,
    ...standing,
  }));
}
