import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { config } from '../../functions/src/config.js';
import { db, expectRefusal } from '../support/admin.js';
import { players } from '../support/players.js';
import { enqueue } from '../support/game.js';

describe('the per-player rate limit', () => {
  it('refuses a player past their limit with resource-exhausted and when to retry, and no one else', async () => {
    const [spammer, bystander] = await players('Rate Spammer', 'Rate Bystander');
    // Warm: a function's first call on the emulator starts its worker, which takes seconds.
    await bystander.call('getProfile');
    expect((await db.doc(`rateLimits/${bystander.uid}`).get()).data()?.tokens).toBeLessThan(
      config.fairPlay.rateLimit!.burst,
    );
    // As if a script had just spent the whole burst (and the instance held none of it back).
    const bucket = db.doc(`rateLimits/${spammer.uid}`);
    await bucket.set({ tokens: 0, at: Date.now() });
    const refusal = (await expectRefusal(
      spammer.call('getProfile'),
      'resource-exhausted',
      /^Too many requests: try again in \d+ s\./,
    )) as { details?: { retryAfterMs?: number } };
    const retryAfterMs = refusal.details!.retryAfterMs!;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(60_000 / config.fairPlay.rateLimit!.callsPerMinute);
    // A refused call is not counted, other players are not limited, and waiting as told is enough.
    expect((await bucket.get()).data()?.tokens).toBe(0);
    expect((await bystander.call('getProfile')).player.uid).toBe(bystander.uid);
    await sleep(retryAfterMs + 50);
    expect((await spammer.call('getProfile')).player.uid).toBe(spammer.uid);
  });

  it('admits no more calls than the bucket holds, however many instances share them', async () => {
    const [player, warmer] = await players('Rate Burst', 'Rate Warmer');
    const names = ['getProfile', 'getBlockList'] as const;
    for (const name of names) await warmer.call(name);
    // A few calls left; the test configuration refills one every 10 s.
    const left = 3;
    const from = Date.now();
    await db.doc(`rateLimits/${player.uid}`).set({ tokens: left, at: from });
    // At once, so the emulator serves them in several instances of each function.
    const outcomes = await Promise.allSettled(
      names.flatMap((name) => Array.from({ length: 4 }, () => player.call(name))),
    );
    const refilled = Math.floor(((Date.now() - from) * config.fairPlay.rateLimit!.callsPerMinute) / 60_000);
    const admitted = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(admitted).toBeGreaterThanOrEqual(1);
    expect(admitted).toBeLessThanOrEqual(left + refilled);
    for (const o of outcomes)
      if (o.status === 'rejected') expect((o.reason as { code?: string }).code).toBe('functions/resource-exhausted');
  }, 180_000);

  it('spends no call on a request the handler refuses as bad input', async () => {
    const [x, y] = await players('Rate Report X', 'Rate Report Y');
    await enqueue(x, '1v1');
    const { room } = await enqueue(y, '1v1');
    // One call left, and the next refill 10 s away.
    await db.doc(`rateLimits/${x.uid}`).set({ tokens: 1, at: Date.now() });
    // Well-formed, so past the schema, but placements for a team room: refused once the room is read.
    const placements = { roomId: room!.id, placements: { [x.uid]: 1, [y.uid]: 2 } };
    for (let i = 0; i < 3; i++)
      await expectRefusal(x.callUnchecked('reportResult', placements), 'invalid-argument', /team room/);
    // The call is still there for a good report.
    const side = room!.sides.findIndex((s) => s.tickets.some((t) => t.members.some((m) => m.uid === x.uid)));
    const { room: reported } = (await x.call('reportResult', {
      roomId: room!.id,
      outcome: side === 0 ? 'A' : 'B',
    })) as { room: { status: string } };
    expect(reported.status).toBe('active');
  });
});
