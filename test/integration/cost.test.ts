import { describe, expect, it } from 'vitest';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import { withOpCounts, type OpCounts } from '../../functions/src/store/firestore/metrics.js';
import { resolveMode } from '../../functions/src/core/mode/modes.js';
import { config } from '../../functions/src/config.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { enqueue } from '../../functions/src/store/queue.js';
import { respondToReadyCheck } from '../../functions/src/store/rooms.js';
import { reportResult } from '../../functions/src/store/settlement.js';
import { expectInvariants } from '../support/game.js';

/**
 * What a game costs in Firestore operations (what a studio is billed for), counted by the store layer while the
 * store runs in this process against the emulator: every read and committed write from enqueue through settlement.
 */
function meter() {
  const total: OpCounts = { reads: 0, writes: 0 };
  const counted = <T>(work: () => Promise<T>) =>
    withOpCounts(work, async (ops) => {
      total.reads += ops.reads;
      total.writes += ops.writes;
    });
  return { total, counted };
}

async function queueSolos(
  modeId: string,
  uids: string[],
  counted: ReturnType<typeof meter>['counted'],
): Promise<RoomDoc> {
  let room: RoomDoc | null = null;
  for (const uid of uids) {
    room = (await counted(() => enqueue(uid, resolveMode(config.modes, modeId)))).room ?? room;
  }
  expect(room, 'the last enqueue should have matched everyone at once').not.toBeNull();
  return room!;
}

async function playersNamed(prefix: string, count: number) {
  const uids = Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
  for (const uid of uids) await ensurePlayer(uid);
  return uids;
}

describe('the Firestore cost of a game', () => {
  // Settlement reads and writes each player's private state (whom they met, for fairPlay.farming): one of each.
  it('a 1v1 from enqueue to settlement reads at most 9 and writes at most 8 documents per player', async () => {
    const uids = await playersNamed('cost-duel', 2);
    const { total, counted } = meter();
    const room = await queueSolos('1v1', uids, counted);
    for (const uid of uids) await counted(() => reportResult({ uid, authoritative: false }, room.id, { outcome: 'A' }));
    const settled = await reportResult({ uid: uids[0]!, authoritative: false }, room.id, { outcome: 'A' });
    expect(settled.status).toBe('settled');
    expect(total.reads / 2).toBeLessThanOrEqual(9);
    expect(total.writes / 2).toBeLessThanOrEqual(8);
    await expectInvariants();
  });

  it('a 2v2 with a ready check, every player reporting, reads at most 11 and writes at most 8 documents per player', async () => {
    const uids = await playersNamed('cost-team', 4);
    const { total, counted } = meter();
    const room = await queueSolos('2v2', uids, counted);
    expect(room.status).toBe('pending');
    for (const uid of uids) await counted(() => respondToReadyCheck(uid, room.id, true));
    let last: RoomDoc | null = null;
    for (const uid of uids)
      last = await counted(() => reportResult({ uid, authoritative: false }, room.id, { outcome: 'B' }));
    expect(last?.status).toBe('settled');
    expect(total.reads / 4).toBeLessThanOrEqual(11);
    expect(total.writes / 4).toBeLessThanOrEqual(8);
    await expectInvariants();
  });
});
