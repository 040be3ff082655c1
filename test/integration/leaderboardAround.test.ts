import { describe, expect, it } from 'vitest';
import type { Ladder, LeaderboardRow } from '@ladder/client';
import { leaderboard } from '../../functions/src/store/leaderboard.js';
import { withOpCounts } from '../../functions/src/store/firestore/metrics.js';
import { documentPaths, expectRefusal } from '../support/admin.js';
import { ladderPlayer } from '../support/ladder.js';
import { standAt as seedStanding } from '../support/standings.js';
import { testContext } from '../support/context.js';

const ctx = testContext();

// The test configuration's `ranked` ladder: 2 placement games, inactive after 30 idle days, season "2026".
const LADDER = 'ranked';
const standAt = (uid: string, rating: number, seasonGames: number, idleDays = 0) =>
  seedStanding(LADDER, uid, rating, seasonGames, idleDays);

/** 30 ranked players with many shared ratings, 3 still placing, one idle for 40 days. */
async function seedLadder() {
  const writes = [];
  for (let i = 0; i < 30; i++)
    writes.push(standAt(`p${String(i).padStart(2, '0')}`, 1400 + 10 * Math.floor(i / 3), 5, i === 16 ? 40 : 0));
  for (let i = 0; i < 3; i++) writes.push(standAt(`placing${i}`, 1600, 1));
  await Promise.all(writes);
}

const view = (rows: LeaderboardRow[]) => rows.map((row) => [row.rank, row.uid]);

/** The whole ladder as the top list shows it: what the windows must agree with. */
async function wholeLadder(player: Ladder) {
  return (await player.leaderboard(LADDER, 100)).top;
}

describe('the leaderboard around me and among my friends', () => {
  it('shows the rows just above and below me with their true ranks, placement players left out as in the top list', async () => {
    const me = await ladderPlayer('Window Me');
    await seedLadder();
    await standAt(me.uid, 1450, 4); // ties with three others
    const all = await wholeLadder(me);
    expect(all).toHaveLength(31);
    const at = all.findIndex((row) => row.uid === me.uid);

    const board = await me.leaderboard(LADDER, { around: 4 });
    expect(board.top).toEqual([]);
    expect(view(board.around!)).toEqual(view(all.slice(at - 4, at + 5)));
    expect(board.me!.rank).toBe(all[at]!.rank);
    // Ties share a rank: the window shows the same rank for every player on 1450.
    expect(new Set(board.around!.filter((row) => row.rating === 1450).map((row) => row.rank))).toEqual(
      new Set([all[at]!.rank]),
    );
    expect(board.around!.some((row) => row.uid.startsWith('placing'))).toBe(false);

    // Near the top and the bottom the window is cut by the ladder's ends.
    await standAt(me.uid, 1700, 4);
    const first = await me.leaderboard(LADDER, { around: 3 });
    expect(first.around![0]).toMatchObject({ rank: 1, uid: me.uid });
    expect(view(first.around!)).toEqual(view((await wholeLadder(me)).slice(0, 4)));
    await standAt(me.uid, 1000, 4);
    const last = await me.leaderboard(LADDER, { around: 2 });
    expect(last.around!.at(-1)).toMatchObject({ rank: 31, uid: me.uid });
    expect(view(last.around!)).toEqual(view((await wholeLadder(me)).slice(-3)));
  }, 60_000);

  it('ranks a friends list the game supplies: the ranked friends best first, an idle one marked inactive as everywhere', async () => {
    const me = await ladderPlayer('Friends Me');
    await seedLadder();
    const all = await wholeLadder(me);
    const friends = ['p03', 'p16', 'p29', 'p04', 'placing0', 'nobody'];
    const board = await me.leaderboard(LADDER, { players: friends });
    const expected = all.filter((row) => friends.includes(row.uid));
    expect(view(board.players!)).toEqual(view(expected));
    expect(board.players!.find((row) => row.uid === 'p16')!.visible.inactive).toBe(true);
    expect(board.top).toEqual([]);
    // I have not played: no rank, an empty window, yet the friends list still answers.
    expect(board.me).toBeNull();
    expect((await me.leaderboard(LADDER, { around: 2 })).around).toEqual([]);
  }, 60_000);

  it('costs reads for the rows it returns and the ranks counted, not for the ladder behind them', async () => {
    await seedLadder();
    await standAt('p15', 1450, 5);
    let reads = 0;
    const counted = <T>(work: () => Promise<T>) =>
      withOpCounts(work, async (ops) => {
        reads = ops.reads;
      });
    const board = await counted(() => leaderboard(ctx, LADDER, { around: 3 }, 'p15'));
    expect(board.around).toHaveLength(7);
    // 6 rows, the caller, one count above them, at most two counts of tied groups.
    expect(reads).toBeLessThanOrEqual(6 + 1 + 1 + 2);
    const friends = await counted(() => leaderboard(ctx, LADDER, { players: ['p01', 'p10', 'p20'] }, 'p15'));
    expect(friends.players).toHaveLength(3);
    // 3 documents, one count per band of ratings, the caller and their rank.
    expect(reads).toBeLessThanOrEqual(3 + 3 + 1 + 1);
  }, 60_000);

  it('refuses an out-of-range window or more than 100 friends, naming the field, and changes nothing', async () => {
    const me = await ladderPlayer('Bad Ask');
    const before = await documentPaths();
    await expectRefusal(me.leaderboard(LADDER, { around: 0 }), 'invalid-argument', /around/);
    await expectRefusal(me.leaderboard(LADDER, { around: 51 }), 'invalid-argument', /around/);
    const many = Array.from({ length: 101 }, (_, i) => `friend${i}`);
    await expectRefusal(me.leaderboard(LADDER, { players: many }), 'invalid-argument', /players/);
    await expectRefusal(me.leaderboard(LADDER, { players: [''] }), 'invalid-argument', /players\[0\]/);
    expect(await documentPaths()).toEqual(before);
  }, 60_000);
});
