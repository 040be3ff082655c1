import { describe, expect, it } from 'vitest';
import { rankLabel, type Ladder, type Player, type VisibleRank } from '@ladder/client';
import { ladderPlayers, reach } from '../support/ladder.js';

// The test configuration's `ranked` ladder (mode `duel`): 2 placement games, inactive after 30 idle days.
const label = (rank: VisibleRank | undefined) => (rank ? rankLabel(rank) : 'none');

/** One duel between the two, `winner` first: each sees it settle; returns each one's settled status. */
async function duel(winner: Ladder, loser: Ladder) {
  const first = await winner.queue('duel');
  const second = await loser.queue('duel');
  const active = await reach(first, 'active');
  await reach(second, 'active');
  await first.reportOutcome('win');
  await second.reportOutcome('loss');
  return { active, won: await reach(first, 'settled'), lost: await reach(second, 'settled') };
}

describe('what a player sees of their rank', () => {
  it('placement k/N and no leaderboard row, then a tier with its peak on every screen, promotions flagged', async () => {
    const [ann, ben] = await ladderPlayers('Rank Ann', 'Rank Ben');
    const seen: Player[] = [];
    ann.onPlayer((player) => {
      if (player) seen.push(player);
    });

    const first = await duel(ann, ben);
    // The room's sides show each player's rank as they queued: both in placement, nothing played yet.
    expect(Object.values(first.active.room.ranks).map(label)).toEqual(['Placement 0/2', 'Placement 0/2']);
    expect(first.won.ratingChange).toMatchObject({ before: 1500, after: 1516, movement: null });
    expect(label(first.won.ratingChange.rankBefore)).toBe('Placement 0/2');
    expect(label(first.won.ratingChange.rankAfter)).toBe('Placement 1/2');
    // Still placing: off the leaderboard, and no rank of their own there.
    expect(await ann.leaderboard('ranked')).toEqual({ ladder: 'ranked', top: [], me: null });

    const second = await duel(ann, ben);
    expect(Object.values(second.active.room.ranks).map(label)).toEqual(['Placement 1/2', 'Placement 1/2']);
    expect(second.won.ratingChange).toMatchObject({ before: 1516, after: 1531, movement: 'placed' });
    expect(label(second.won.ratingChange.rankAfter)).toBe('Gold II');
    expect(second.lost.ratingChange).toMatchObject({ after: 1469, movement: 'placed' });
    expect(label(second.lost.ratingChange.rankAfter)).toBe('Gold II');

    const third = await duel(ann, ben);
    expect(Object.values(third.active.room.ranks).map(label).sort()).toEqual(['Gold II', 'Gold II']);
    // Gold I starts at 1534 and Gold III ends at 1466: both cross a division.
    const [annAfter, benAfter] = [third.won.ratingChange.after, third.lost.ratingChange.after];
    expect(third.won.ratingChange).toMatchObject({ before: 1531, movement: 'promoted' });
    expect(label(third.won.ratingChange.rankAfter)).toBe('Gold I');
    expect(third.lost.ratingChange).toMatchObject({ before: 1469, movement: 'demoted' });
    expect(rankLabel(third.lost.ratingChange.rankAfter, 'zh')).toBe('黄金 III');

    // The leaderboard, the profile and the listener all show the tier, the season's peak and the record.
    const board = await ben.leaderboard('ranked');
    expect(board.top.map((row) => [row.rank, row.displayName, row.rating, label(row.visible)])).toEqual([
      [1, 'Rank Ann', annAfter, 'Gold I'],
      [2, 'Rank Ben', benAfter, 'Gold III'],
    ]);
    expect(board.me).toMatchObject({ rank: 2, seasonGames: 3, peak: 1500 });
    expect(board.me!.visible.peak).toMatchObject({ tier: 'gold', division: 2, rating: 1500 });
    const { player } = await ann.profile();
    expect(player.ladders.ranked).toMatchObject({ rating: annAfter, seasonGames: 3, peak: annAfter, games: 3 });
    expect(player.ladders.ranked!.visible).toMatchObject({ placement: null, inactive: false });
    expect(player.ladders.ranked!.visible.inactiveFrom).toBe(player.ladders.ranked!.lastPlayedAt! + 30 * 86_400_000);
    await expect.poll(() => seen.at(-1)?.ladders.ranked?.rating).toBe(annAfter);
    expect(label(seen.at(-1)!.ladders.ranked!.visible)).toBe('Gold I');
    // Ladders without placement games (solo here) show a tier from the first game on.
    expect(label(player.ladders.solo!.visible)).toBe('Gold II');
  }, 60_000);
});
