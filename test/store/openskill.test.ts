import { describe, expect, it } from 'vitest';
import { useTestConfig } from '../support/config.js';
import { testContext } from '../support/context.js';
import { displayedRating } from '../../functions/src/core/rating/openskill.js';
import { sideUids } from '../../functions/src/core/room/room.js';
import { leaderboard } from '../../functions/src/store/leaderboard.js';
import { ensurePlayer, profile } from '../../functions/src/store/profile.js';
import { enqueue } from '../../functions/src/store/queue.js';
import { reportResult } from '../../functions/src/store/settlement.js';
import { readHistory } from '../../functions/src/store/history.js';
import { db } from '../support/admin.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { poolId } from '../support/ids.js';

// This file's functions load a copy of the test configuration whose `team` ladder is rated by OpenSkill (the
// library's defaults), without the 2v2 ready check. The games are played in-process through the store, as the
// callables run them, on the real emulators.
const CONFIG = useTestConfig('openskill', (openskill) => {
  openskill.ladders.team.rating = { system: 'openskill', model: 'plackettLuce' };
  delete openskill.modes['2v2'].readyCheck;
});

const ctx = testContext(CONFIG);
const { config, poolOf } = ctx;

const system = config.ladders.team!.rating;
if (system?.system !== 'openskill') throw new Error('the team ladder should be rated by OpenSkill here');
const shown = (skill: { mu: number; sigma: number }) => displayedRating(skill, system, 1500);

/** Fresh players queued one after another into `mode`; the last enqueue forms the room. */
async function formRoom(modeId: string, uids: string[]) {
  const mode = poolOf(poolId(modeId));
  let room = null;
  for (const uid of uids) {
    await ensurePlayer(ctx, uid);
    room = (await enqueue(ctx, uid, mode)).room ?? room;
  }
  expect(room).not.toBeNull();
  return room!;
}

const standing = async (uid: string) => (await profile(ctx, uid)).player.ladders.team!;

describe('a ladder rated by OpenSkill, on the emulators', () => {
  it('settles a team room and a free-for-all once each; profile, history and leaderboard show the mapped rating', async () => {
    const team = ['os-a', 'os-b', 'os-c', 'os-d'];
    const room = await formRoom('2v2', team);
    const [sideA, sideB] = sideUids(room);
    for (const uid of team) await reportResult(ctx, { uid, authoritative: false }, room.id, { outcome: 'A' });
    // A repeated report after settlement changes nothing: the beliefs moved once.
    await reportResult(ctx, { uid: sideA![0]!, authoritative: false }, room.id, { outcome: 'A' });
    const settled = (await db.doc(`rooms/${room.id}`).get()).data()!;
    expect(settled.status).toBe('settled');
    for (const uid of team) {
      const s = await standing(uid);
      const won = sideA!.includes(uid);
      expect(s).toMatchObject({ games: 1, wins: won ? 1 : 0, losses: won ? 0 : 1 });
      // Equal newcomers: the winners' mu rises, the losers' falls, and everyone is less uncertain.
      expect(s.skill!.mu > 25).toBe(won);
      expect(s.skill!.sigma).toBeLessThan(25 / 3);
      expect(s.rating).toBe(shown(s.skill!));
      expect(settled.ratingChanges[uid]).toMatchObject({ before: 1500, after: s.rating, delta: s.rating - 1500 });
      const history = (await readHistory(ctx, uid)).find((row) => row.id === room.id);
      expect(history).toMatchObject({ ladder: 'team', ratingBefore: 1500, ratingAfter: s.rating });
    }
    expect((await standing(sideA![0]!)).rating).toBeGreaterThan((await standing(sideB![0]!)).rating);

    const ffa = ['os-e', 'os-f', 'os-g', 'os-h'];
    const ffaRoom = await formRoom('ffa', ffa);
    const placements = Object.fromEntries(ffa.map((uid, i) => [uid, i + 1]));
    for (const uid of ffa.slice(0, 3))
      await reportResult(ctx, { uid, authoritative: false }, ffaRoom.id, { placements });
    const ffaSettled = (await db.doc(`rooms/${ffaRoom.id}`).get()).data()!;
    expect(ffaSettled.status).toBe('settled');
    const ffaRatings: number[] = [];
    for (const uid of ffa) {
      const s = await standing(uid);
      expect(s.rating).toBe(shown(s.skill!));
      expect(ffaSettled.ratingChanges[uid].after).toBe(s.rating);
      ffaRatings.push(s.rating);
    }
    // Placed first to last among equals: the displayed ratings come out in the same order.
    expect([...ffaRatings].sort((x, y) => y - x)).toEqual(ffaRatings);

    // The leaderboard orders by the displayed rating; each row is the player's standing, belief included.
    const board = await leaderboard(ctx, 'team', 20, ffa[0]!);
    const everyone = await Promise.all([...team, ...ffa].map(async (uid) => [uid, await standing(uid)] as const));
    const best = [...everyone].sort(([, x], [, y]) => y.rating - x.rating);
    expect(board.top.map((row) => row.rating)).toEqual(best.map(([, s]) => s.rating));
    for (const row of board.top) {
      const own = everyone.find(([uid]) => uid === row.uid)![1];
      expect(row).toMatchObject({ rating: own.rating, skill: own.skill });
    }
    const above = everyone.filter(([, s]) => s.rating > ffaRatings[0]!).length;
    expect(board.me).toMatchObject({ rank: above + 1, rating: ffaRatings[0] });
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  }, 60_000);
});
