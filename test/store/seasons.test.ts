import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/emulators.js';
import { handClock } from '../support/clock.js';
import { useTestConfig } from '../support/config.js';
import { testContext } from '../support/context.js';
import { newPlayer } from '../../functions/src/core/player/player.js';
import { ranked } from '../../functions/src/core/ladder/standing.js';
import { sideUids } from '../../functions/src/core/room/room.js';
import { softResetRating } from '../../functions/src/core/ladder/season.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { enqueue } from '../../functions/src/store/queue.js';
import { playerRef, seasonArchiveRef, seasonCloseRef } from '../../functions/src/store/firestore/refs.js';
import { closeSeason } from '../../functions/src/store/seasons.js';
import { reportResult } from '../../functions/src/store/settlement.js';
import { db } from '../support/admin.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { poolId } from '../support/ids.js';

// This file's store code loads a copy of the test configuration whose `ranked` ladder has a closed season (`old`),
// one ending 20 s after the file starts (`s1`), and the next (`s2`); the store's clock is moved across the boundary
// by hand. The games are played in-process through the store, as the callables run them, on the real emulators.
const clock = handClock(Date.now());
const S1_ENDS = clock.now() + 20_000;
const iso = (ms: number) => new Date(ms).toISOString();
const CONFIG = useTestConfig('seasons', (seasonal) => {
  seasonal.ladders.ranked.seasons = [
    { id: 'old', start: iso(clock.now() - 7_200_000), end: iso(clock.now() - 3_600_000) },
    { id: 's1', start: iso(clock.now() - 3_600_000), end: iso(S1_ENDS) },
    { id: 's2', start: iso(S1_ENDS), end: iso(S1_ENDS + 3_600_000) },
  ];
  seasonal.modes.duel.reportTimeoutSeconds = 120; // the late game is played across the boundary
});

const ctx = testContext(CONFIG, { clock });
const { config, poolOf } = ctx;

const duel = poolOf(poolId('duel'));
const rules = config.ladders.ranked!;
const standing = async (uid: string) => (await playerRef(ctx, uid).get()).data()!.ladders.ranked!;

/** A duel between the two formed now; `winner` reports it won once `play` has run. */
async function game(winner: string, loser: string, play: () => Promise<void> = async () => {}) {
  await enqueue(ctx, winner, duel);
  const { room } = await enqueue(ctx, loser, duel);
  expect(room).not.toBeNull();
  await play();
  const outcome = sideUids(room!)[0]!.includes(winner) ? 'A' : 'B';
  for (const uid of [winner, loser]) await reportResult(ctx, { uid, authoritative: false }, room!.id, { outcome });
  return { formed: room!, settled: (await db.doc(`rooms/${room!.id}`).get()).data()! };
}

describe('seasons on the emulators', () => {
  it('counts a room live across the boundary for the season it formed in, then closes, resets and ranks', async () => {
    const [ann, ben] = ['season-ann', 'season-ben'];
    for (const uid of [ann, ben]) await ensurePlayer(ctx, uid);
    for (let i = 0; i < 3; i++) await game(ann, ben);
    const beforeLate = await standing(ann);
    expect(beforeLate).toMatchObject({ season: 's1', seasonGames: 3 });

    // A room formed in s1 is still being played when s1 ends; the close waits for it.
    const late = await game(ann, ben, async () => {
      expect(clock.now()).toBeLessThan(S1_ENDS);
      clock.set(S1_ENDS + 200);
      expect(await closeSeason(ctx, 'ranked', 's1')).toEqual({ kind: 'waiting', liveRooms: 1 });
    });
    expect(late.formed.season).toBe('s1');
    // It settled on the ratings it started with, and counted for s1.
    expect(late.settled.ratingChanges[ann].before).toBe(beforeLate.rating);
    const annFinal = await standing(ann);
    const benFinal = await standing(ben);
    expect(annFinal).toMatchObject({ season: 's1', seasonGames: 4 });

    clock.advance(1_000); // the scheduled close comes round after the late game settled
    const closed = await closeSeason(ctx, 'ranked', 's1', { batchSize: 1 });
    expect(closed.kind).toBe('done');
    for (const [uid, final, rank] of [
      [ann, annFinal, 1],
      [ben, benFinal, 2],
    ] as const) {
      const archive = (await seasonArchiveRef(ctx, uid, 's1').get()).data()!;
      expect(archive).toMatchObject({ rating: final.rating, seasonGames: 4, placed: true, rank });
      expect(archive.resetTo).toBe(softResetRating(final.rating, rules.softReset, rules.initialRating));
      expect(await standing(uid)).toMatchObject({ season: 's2', seasonGames: 0, rating: archive.resetTo });
      expect((await standing(uid)).visible.placement).toEqual({ played: 0, of: 2 });
    }
    const snapshot = (await seasonCloseRef(ctx, 'ranked', 's1').get()).data()!;
    expect(snapshot.top.map((row) => [row.rank, row.uid, row.rating])).toEqual([
      [1, ann, annFinal.rating],
      [2, ben, benFinal.rating],
    ]);
    // Closing again changes nothing; the next game counts for s2, from the reset rating.
    expect(await closeSeason(ctx, 'ranked', 's1')).toEqual(closed);
    clock.advance(1_000);
    const next = await game(ben, ann);
    expect(next.formed.season).toBe('s2');
    expect(next.settled.ratingChanges[ben]).toMatchObject({
      before: softResetRating(benFinal.rating, rules.softReset, rules.initialRating),
    });
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
    // The checker notices a reset applied twice, and a player left behind in a closed season.
    const twice = softResetRating((await standing(ann)).rating, rules.softReset, rules.initialRating);
    await db.doc(`players/${ann}`).update({ 'ladders.ranked.rating': twice, 'ladders.ranked.season': 's1' });
    const found = checkInvariants(await readSnapshot(db), config).map((v) => [v.invariant, v.documents[0]]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['rating changes and season resets are applied exactly once', `players/${ann}`],
        ['a closed season leaves nobody in it', `players/${ann}`],
      ]),
    );
  }, 60_000);

  it('is killed in the middle of a close and run again: every player reset once, ranks as one clean run', async () => {
    const count = 150;
    const writer = db.bulkWriter();
    const ratings = Array.from({ length: count }, (_, i) => 1000 + ((i * 37) % 900));
    ratings.forEach((rating, i) => {
      const uid = `old-${String(i).padStart(3, '0')}`;
      const player = newPlayer(uid, `Old ${i}`, config.ladders, 0);
      const games = i % 10 === 0 ? 1 : 6; // one in ten still in placement when the season ended
      const fields = { ...player.ladders.ranked!, rating, games, wins: games, seasonGames: games, peak: rating };
      const old = ranked({ ...fields, season: 'old' }, rules, 0);
      writer.set(playerRef(ctx, uid), { ...player, ladders: { ...player.ladders, ranked: old } });
    });
    await writer.close();

    // The operator's command, in its own process, killed with SIGKILL once some players are through.
    const child = spawn(
      'npx',
      ['tsx', 'scripts/seasonClose.ts', '--ladder', 'ranked', '--season', 'old', '--batch', '4'],
      {
        cwd: ROOT,
        env: { ...process.env, LADDER_CONFIG: CONFIG },
        detached: true,
        stdio: 'ignore',
      },
    );
    const through = async () =>
      (await db.collection('players').where('ladders.ranked.season', '!=', 'old').count().get()).data().count;
    while ((await through()) < 20) await sleep(20);
    process.kill(-child.pid!, 'SIGKILL');
    await sleep(300);
    const killedAt = (await seasonCloseRef(ctx, 'ranked', 'old').get()).data()!;
    expect(killedAt.phase).toBe('rollover');
    expect(await through()).toBeLessThan(count);

    // The killed run may have died inside a transaction: its locks hold until the emulator times them out, and
    // meanwhile the re-run's transactions are aborted. An operator (or the next scheduled run) runs it again.
    let rerun = null;
    while (!rerun) {
      rerun = await closeSeason(ctx, 'ranked', 'old', { batchSize: 7 }).catch((error: { code?: number }) => {
        if (error.code !== 10) throw error; // 10 is ABORTED
        return null;
      });
    }
    expect(rerun.kind).toBe('done');
    expect((await closeSeason(ctx, 'ranked', 'old')).kind).toBe('done');
    const placed = ratings.filter((_, i) => i % 10 !== 0);
    for (const [i, rating] of ratings.entries()) {
      const uid = `old-${String(i).padStart(3, '0')}`;
      expect((await standing(uid)).rating).toBe(softResetRating(rating, rules.softReset, rules.initialRating));
      const archive = (await seasonArchiveRef(ctx, uid, 'old').get()).data()!;
      const expected = i % 10 === 0 ? null : placed.filter((r) => r > rating).length + 1;
      expect([uid, archive.rank]).toEqual([uid, expected]);
    }
    const close = (await seasonCloseRef(ctx, 'ranked', 'old').get()).data()!;
    expect(close).toMatchObject({ phase: 'done', archived: count });
    expect(close.top).toHaveLength(100);
    // Most of the time goes to waiting out the dead run's transaction locks (about a minute on the emulator).
  }, 180_000);
});
