import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { config } from '../../functions/src/config.js';
import { db, expectRefusal } from '../support/admin.js';
import { players } from '../support/players.js';

describe('the per-player rate limit', () => {
  it('refuses a player past their limit with resource-exhausted and when to retry, and no one else', async () => {
    const [spammer, bystander] = await players('Rate Spammer', 'Rate Bystander');
    // Warm: a function's first call on the emulator starts its worker, which takes seconds.
    await spammer.call('getProfile');
    const bucket = db.doc(`rateLimits/${spammer.uid}`);
    expect((await bucket.get()).data()?.tokens).toBeLessThan(config.fairPlay.rateLimit!.burst);
    // As if a script had just spent the whole burst.
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

  it('counts every call of a burst, from several callables, against one bucket', async () => {
    const [player] = await players('Rate Burst');
    await player.call('getBlockList');
    // Half spent, so the bucket stays below its cap however long the calls take.
    const before = { tokens: 100, at: Date.now() };
    await db.doc(`rateLimits/${player.uid}`).set(before);
    await Promise.all([player.call('getProfile'), player.call('getBlockList'), player.call('heartbeat')]);
    const after = (await db.doc(`rateLimits/${player.uid}`).get()).data()!;
    const refilled = ((after.at - before.at) * config.fairPlay.rateLimit!.callsPerMinute) / 60_000;
    expect(after.tokens).toBeCloseTo(Math.min(config.fairPlay.rateLimit!.burst, before.tokens + refilled) - 3, 6);
  });
});
