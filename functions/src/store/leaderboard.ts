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
import type { Ladder } from '../core/ladder/ladder.js';
import type { Player } from '../core/player/player.js';
import { ranked as withRank } from '../core/ladder/standing.js';
import { type Counted, countQueryReads, countReads } from './firestore/metrics.js';
import { playerRef, playersRef } from './firestore/refs.js';
import { seasonNow } from './extension.js';
import type { LadderContext } from '../context.js';

/** A ladder, its rules and the season running on it now (extensions included): the board one call reads. */
interface Board {
  ctx: LadderContext;
  ladder: string;
  rules: Ladder;
  season: string | null;
}

/** Players past their placement in the season running now (index: firestore.indexes.json). */
const ranked = ({ ctx, ladder, rules, season }: Board) =>
  playersRef(ctx)
    .where(`ladders.${ladder}.season`, '==', season)
    .where(`ladders.${ladder}.seasonGames`, '>=', rankedFrom(rules));
/** Best first: the same order for the top and for the rows around a player. */
const bestFirst = (board: Board) => ranked(board).orderBy(`ladders.${board.ladder}.rating`, 'desc');
const ratingOf = (ladder: string) => `ladders.${ladder}.rating`;

/** A count aggregation is billed one read per 1,000 index entries it passes (at least one). */
async function count(on: Counted, query: Query<Player>): Promise<number> {
  const n = (await query.count().get()).data().count;
  countReads(on, Math.max(1, Math.ceil(n / 1000)), 'players');
  return n;
}

async function rows(on: Counted, query: Query<Player>): Promise<Player[]> {
  const snapshot = await query.get();
  countQueryReads(on, snapshot.size, 'players');
  return snapshot.docs.map((doc) => doc.data());
}

/** A player's row without its rank. The rank is computed as read: inactivity moves with the clock. */
function unranked({ ladder, rules }: Board, player: Player, now: number) {
  const standing = withRank(player.ladders[ladder]!, rules, now);
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
export async function leaderboard(
  ctx: LadderContext,
  ladder: string,
  asked: number | LeaderboardAsk,
  uid: string,
): Promise<Leaderboard> {
  const ask = typeof asked === 'number' ? { limit: asked } : asked;
  const rules = ctx.ladderOf(ladder);
  const now = ctx.clock.now();
  const current: Board = { ctx, ladder, rules, season: await seasonNow(ctx, ladder, now) };
  const top = ask.limit
    ? rankRows((await rows(ctx, bestFirst(current).limit(ask.limit))).map((p) => unranked(current, p, now)))
    : [];
  const mySnapshot = await playerRef(ctx, uid).get();
  countQueryReads(ctx, 1, 'players');
  const mine = mySnapshot.data()?.ladders[ladder];
  const players = ask.players ? await listed(current, ask.players, now) : undefined;
  const board: Leaderboard = { ladder, top, me: null, ...(players && { players }) };
  if (!isRanked(mine, rules)) return ask.around ? { ...board, around: [] } : board;
  const above = await count(ctx, ranked(current).where(ratingOf(ladder), '>', mine.rating));
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
  const { ctx, ladder } = board;
  const [above, below] = await Promise.all([
    rows(ctx, bestFirst(board).endBefore(me).limitToLast(k)),
    rows(ctx, bestFirst(board).startAfter(me).limit(k)),
  ]);
  const window = [...above, me.data()!, ...below].map((p) => unranked(board, p, now));
  const ratings = window.map((row) => row.standing.rating);
  const mine = me.data()!.ladders[ladder]!.rating;
  const tallies = new Map<number, number>();
  for (const { rating, known } of windowTallies(ratings, mine, above.length < k)) {
    tallies.set(rating, known ?? (await count(ctx, ranked(board).where(ratingOf(ladder), '==', rating))));
  }
  const ranks = rankWindow(ratings, mine, playersAbove, (rating) => tallies.get(rating)!);
  return window.map(({ uid, displayName, standing }, i) => ({ rank: ranks[i]!, uid, displayName, ...standing }));
}

/** The ranked ones among `uids`, best first: their documents, and one count per band of ratings between them. */
async function listed(board: Board, uids: string[], now: number): Promise<LeaderboardRow[]> {
  const { ctx, ladder, rules, season } = board;
  const snapshots = await ctx.db.getAll(...[...new Set(uids)].map((id) => playerRef(ctx, id)));
  countReads(ctx, snapshots.length, 'players');
  const players = snapshots
    .map((snapshot) => snapshot.data() as Player | undefined)
    .filter((p): p is Player => !!p && isRanked(p.ladders[ladder], rules) && p.ladders[ladder]!.season === season)
    .map((p) => unranked(board, p, now))

    .sort((a, b) => leaderboardOrder(a, b));
  const bands = rankBands(players.map((p) => p.standing.rating));
  const counts = await Promise.all(
    bands.map(({ above, atMost }) => {
      const query = ranked(board).where(ratingOf(ladder), '>', above);
      return count(ctx, atMost === null ? query : query.where(ratingOf(ladder), '<=', atMost));
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
