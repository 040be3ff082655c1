import { describe, expect, it } from 'vitest';
import { handClock } from '../support/clock.js';
import { useTestConfig } from '../support/config.js';
import { testContext } from '../support/context.js';
import { sideUids } from '../../functions/src/core/room/room.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { enqueue } from '../../functions/src/store/queue.js';
import { playerRef } from '../../functions/src/store/firestore/refs.js';
import { closeSeason, seasonsOf } from '../../functions/src/store/seasons.js';
import { closeEndedSeasons } from '../../functions/src/jobs/seasonClose.js';
import { extendSeason } from '../../functions/src/store/seasonControls.js';
import { leaderboard } from '../../functions/src/store/leaderboard.js';
import { reportResult } from '../../functions/src/store/settlement.js';
import { db } from '../support/admin.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { poolId } from '../support/ids.js';

// An extension on the boundary, on the real emulators: this file's store code loads a copy of the test
// configuration whose `ranked` ladder has a season `s1` ending 30 s after the file starts and `s2` an hour later.
// The operator extends s1 before its end, the store's clock is moved past the old end by hand, and the games are
// played in-process through the store, as the callables run them.
const clock = handClock(Date.now());
const S1_ENDS = clock.now() + 30_000;
const S2_STARTS = S1_ENDS + 3_600_000;
const EXTENDED = S1_ENDS + 1_800_000;
const iso = (ms: number) => new Date(ms).toISOString();
const CONFIG = useTestConfig('extension', (seasonal) => {
  seasonal.ladders.ranked.seasons = [
    { id: 's1', start: iso(clock.now() - 3_600_000), end: iso(S1_ENDS) },
    { id: 's2', start: iso(S2_STARTS), end: iso(S2_STARTS + 3_600_000) },
  ];
});

const ctx = testContext(CONFIG, { clock });
const { config, poolOf } = ctx;

const duel = poolOf(poolId('duel'));

/** A duel formed now between the two, won by `winner`. */
async function game(winner: string, loser: string) {
  await enqueue(ctx, winner, duel);
  const { room } = await enqueue(ctx, loser, duel);
  expect(room).not.toBeNull();
  const outcome = sideUids(room!)[0]!.includes(winner) ? 'A' : 'B';
  for (const uid of [winner, loser]) await reportResult(ctx, { uid, authoritative: false }, room!.id, { outcome });
  return (await db.doc(`rooms/${room!.id}`).get()).data()!;
}

describe('a season extended before its end', () => {
  it('counts a game formed and settled after the old end for the season, and closes only at the new end', async () => {
    const [ann, ben] = ['ext-ann', 'ext-ben'];
    for (const uid of [ann, ben]) await ensurePlayer(ctx, uid);
    await game(ann, ben);
    const extended = await extendSeason(ctx, 'op', 'ranked', 's1', { endsAt: EXTENDED }, 'finals weekend ran late');
    expect(extended).toMatchObject({ season: 's1', end: EXTENDED, auditId: expect.any(String) });

    clock.set(S1_ENDS + 500);
    // After the configured end: the room formed now still counts for s1, and settles into it.
    const late = await game(ann, ben);
    expect(late.season).toBe('s1');
    expect(late.status).toBe('settled');
    const standing = (await playerRef(ctx, ann).get()).data()!.ladders.ranked!;
    expect(standing).toMatchObject({ season: 's1', seasonGames: 2 });
    // Placed after two games (placementGames 2): the leaderboard of the running season lists her.
    expect((await leaderboard(ctx, 'ranked', 10, ann)).top.map((row) => row.uid)).toContain(ann);

    // Every reader of the end sees the new one: the close, the scheduled close, the calendar players get.
    expect(await closeSeason(ctx, 'ranked', 's1')).toEqual({ kind: 'running', endsAt: EXTENDED });
    expect((await closeEndedSeasons(ctx, 10_000)).filter((r) => r.ladder === 'ranked')).toEqual([]);
    expect((await seasonsOf(ctx, ann, 'ranked')).current).toEqual({
      id: 's1',
      start: expect.any(Number),
      end: EXTENDED,
    });
    expect((await db.doc('ladders/ranked/closes/s1').get()).exists).toBe(false);
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  }, 60_000);
});
