import { describe, expect, it } from 'vitest';
import { handClock } from '../support/clock.js';
import { useTestConfig } from '../support/config.js';
import { driveMatcher } from '../support/drive.js';
import { testContext } from '../support/context.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { enqueue } from '../../functions/src/store/queue.js';
import { playerStateRef, roomRef, ticketRef } from '../../functions/src/store/firestore/refs.js';
import { respondToReadyCheck } from '../../functions/src/store/rooms.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { db } from '../support/admin.js';
import { poolId } from '../support/ids.js';

// Duels on three maps (any map after 2 s of waiting) in two languages that never relax; a second mode the same
// with a ready check, for a declined room's tickets going back to the queue.
const CONFIG = useTestConfig('choices', (config) => {
  const choices = {
    map: { kind: 'overlap', values: ['dust', 'mirage', 'nuke'], relaxAfterSeconds: 2 },
    lang: { kind: 'equal', values: ['en', 'zh'] },
  };
  Object.assign(config.modes.duel, { choices, ticketTtlSeconds: 60 });
  config.modes.checked = { ...config.modes.duel, readyCheck: { timeoutSeconds: 10 } };
});

const clock = handClock(Date.now());
const ctx = testContext(CONFIG, { clock });
const { config, poolOf } = ctx;
const duel = poolOf(poolId('duel'));

async function queue(uid: string, choices: Record<string, string[]>, pool = duel) {
  await ensurePlayer(ctx, uid);
  return enqueue(ctx, uid, pool, { choices });
}

describe('choices on the emulators', () => {
  it('match an arrival at once only with a player it agrees with, and the room names what it plays', async () => {
    await queue('ch-ann', { map: ['dust'], lang: ['en'] });
    const { room, ticket } = await queue('ch-bob', { map: ['nuke', 'dust'] });
    expect(room?.memberUids.sort()).toEqual(['ch-ann', 'ch-bob']);
    expect(room?.agreed).toEqual({ map: 'dust', lang: 'en' });
    expect(ticket.choices).toEqual({ map: ['nuke', 'dust'] });
    expect((await roomRef(ctx, room!.id).get()).data()?.agreed).toEqual({ map: 'dust', lang: 'en' });
    // Cat and Dan share a map but not a language: neither queueing nor the sweeps seat them together.
    expect((await queue('ch-cat', { map: ['nuke'], lang: ['en'] })).room).toBeNull();
    expect((await queue('ch-dan', { map: ['nuke', 'mirage'], lang: ['zh'] })).room).toBeNull();
    expect((await driveMatcher(ctx, clock, { forMs: 3_000 })).committed).toBe(0);
  });

  it('seat the sweep only tickets that agree, until the wait relaxes a map but never a language', async () => {
    await queue('sw-ann', { map: ['dust'], lang: ['en'] });
    await queue('sw-bob', { map: ['mirage'], lang: ['en'] });
    await queue('sw-cat', { map: ['mirage'], lang: ['zh'] });
    // Under 2 s nobody agrees on a map with a speaker of their language, and the sweeps seat nobody.
    expect((await driveMatcher(ctx, clock, { forMs: 1_500 })).committed).toBe(0);
    // Then both take any map: they play the mode's first, and Cat, alone in Chinese, waits.
    expect((await driveMatcher(ctx, clock, { forMs: 1_000 })).committed).toBe(1);
    const state = (await playerStateRef(ctx, 'sw-ann').get()).data()!;
    const ticket = (await ticketRef(ctx, poolId('duel'), state.ticketId!).get()).data()!;
    const room = (await roomRef(ctx, ticket.roomId!).get()).data()!;
    expect(room.memberUids.sort()).toEqual(['sw-ann', 'sw-bob']);
    expect(room.agreed).toEqual({ map: 'dust', lang: 'en' });
    const cat = (await playerStateRef(ctx, 'sw-cat').get()).data()!;
    expect((await ticketRef(ctx, poolId('duel'), cat.ticketId!).get()).data()?.status).toBe('queued');
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  });

  it('go back to the queue with a ticket whose partner declined the ready check', async () => {
    const checked = poolOf(poolId('checked'));
    await queue('rc-ann', { map: ['nuke'], lang: ['en'] }, checked);
    const { room } = await queue('rc-bob', { map: ['nuke', 'dust'], lang: ['en'] }, checked);
    expect(room?.agreed).toEqual({ map: 'nuke', lang: 'en' });
    await respondToReadyCheck(ctx, 'rc-ann', room!.id, true);
    await respondToReadyCheck(ctx, 'rc-bob', room!.id, false);
    const state = (await playerStateRef(ctx, 'rc-ann').get()).data()!;
    const requeued = (await ticketRef(ctx, poolId('checked'), state.ticketId!).get()).data()!;
    expect(requeued).toMatchObject({ status: 'queued', choices: { map: ['nuke'], lang: ['en'] } });
  });
});
