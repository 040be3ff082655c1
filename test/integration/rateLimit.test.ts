import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { callBucketOf, db, expectRefusal, setCallBucket } from '../support/admin.js';
import { players } from '../support/players.js';
import { testContext } from '../support/context.js';

const ctx = testContext();
const { config } = ctx;

describe('the per-player rate limit', () => {
  it('refuses a player past their limit with resource-exhausted and when to retry, and no one else', async () => {
    const [spammer, bystander] = await players('Rate Spammer', 'Rate Bystander');
    // Warm: a function's first call on the emulator starts its worker, which takes seconds.
    await bystander.call('getProfile');
    expect((await callBucketOf(bystander.uid))?.tokens).toBeLessThan(config.fairPlay.rateLimit!.burst);
    // As if a script had just spent the whole burst (and the instance held none of it back).
    await setCallBucket(spammer.uid, { tokens: 0, at: Date.now() });
    const refusal = (await expectRefusal(
      spammer.call('getProfile'),
      'resource-exhausted',
      /^Too many requests: try again in \d+ s\./,
    )) as { details?: { retryAfterMs?: number } };
    const retryAfterMs = refusal.details!.retryAfterMs!;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(60_000 / config.fairPlay.rateLimit!.callsPerMinute);
    // A refused call is not counted, other players are not limited, and waiting as told is enough.
    expect((await callBucketOf(spammer.uid))?.tokens).toBe(0);
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
    await setCallBucket(player.uid, { tokens: left, at: from });
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
    const [x, y] = await players('Rate Bad Input', 'Rate Blocked');
    // One call left, and the next refill 10 s away.
    await setCallBucket(x.uid, { tokens: 1, at: Date.now() });
    // Well-formed, so past the schema, but refused once the handler looks: nobody can block themselves.
    for (let i = 0; i < 3; i++)
      await expectRefusal(x.callUnchecked('blockPlayer', { uid: x.uid }), 'invalid-argument', /block yourself/);
    // The call is still there for a good request (to the same function: the call went back to its allowance).
    await x.call('blockPlayer', { uid: y.uid });
    expect((await db.doc(`playerStates/${x.uid}`).get()).data()?.blockedUids).toEqual([y.uid]);
  });

  it('counts a queueing as one call, taken in the transaction that queues', async () => {
    const [x] = await players('Rate Queue');
    const at = Date.now();
    await setCallBucket(x.uid, { tokens: 40, at });
    await x.call('enqueue', { mode: '1v1' });
    // One call, not a grant of ten held by an instance; the test configuration refills one every 10 s.
    const bucket = await callBucketOf(x.uid);
    expect(bucket.tokens).toBeGreaterThanOrEqual(39);
    expect(bucket.tokens).toBeLessThan(
      39 + ((bucket.at - at) * config.fairPlay.rateLimit!.callsPerMinute) / 60_000 + 1e-9,
    );
  });

  it("costs nothing for a heartbeat that moves its ticket's expiry, and counts the beat after it", async () => {
    const [x] = await players('Rate Beat');
    // Alone in 3v3 (six players to a room), so the ticket waits; its 60 s time-to-live is past half gone.
    const { ticketId, pool } = await x.call('enqueue', { mode: '3v3' });
    const ticket = db.doc(`pools/${pool}/tickets/${ticketId}`);
    await ticket.update({ expiresAt: Date.now() + 10_000 });
    const empty = { tokens: 0, at: Date.now() };
    await setCallBucket(x.uid, empty);
    // The beat that keeps the ticket alive writes it anyway: it goes through, and the bucket is not touched.
    const beat = await x.call('heartbeat');
    expect(beat.presence.kind).toBe('queued');
    expect(beat.expiresAt).toBeGreaterThan(Date.now() + 50_000);
    expect((await ticket.get()).data()?.expiresAt).toBe(beat.expiresAt);
    expect(await callBucketOf(x.uid)).toEqual(empty);
    // The next one is too early to move the expiry: an ordinary call, and there is none left (a refill is 10 s).
    await expectRefusal(x.call('heartbeat'), 'resource-exhausted', /^Too many requests/);
    expect((await ticket.get()).data()?.expiresAt).toBe(beat.expiresAt);
    expect(await callBucketOf(x.uid)).toEqual(empty);
  });

  it("costs nothing for a game's first answer and first report, and counts every repeat", async () => {
    const [x, y] = await players('Rate Game X', 'Rate Game Y');
    await x.call('enqueue', { mode: 'regionalCheck', region: 'eu' });
    const { room } = await y.call('enqueue', { mode: 'regionalCheck', region: 'eu' });
    expect(room?.status).toBe('pending');
    // Both queued, then spent every call: the game their enqueues paid for still plays out.
    const empty = { tokens: 0, at: Date.now() };
    for (const p of [x, y]) await setCallBucket(p.uid, empty);
    for (const p of [x, y]) await p.call('acceptMatch', { roomId: room!.id });
    await expectRefusal(x.call('acceptMatch', { roomId: room!.id }), 'resource-exhausted', /^Too many requests/);
    // Bad input is not counted either (counted, it would have been refused as too many).
    await expectRefusal(
      x.callUnchecked('reportResult', { roomId: room!.id, placements: { [x.uid]: 1, [y.uid]: 2 } }),
      'invalid-argument',
      /team room/,
    );
    for (const p of [x, y]) await p.call('reportResult', { roomId: room!.id, outcome: 'A' });
    expect((await db.doc(`rooms/${room!.id}`).get()).data()?.status).toBe('settled');
    await expectRefusal(
      y.call('reportResult', { roomId: room!.id, outcome: 'A' }),
      'resource-exhausted',
      /^Too many requests/,
    );
    for (const p of [x, y]) expect(await callBucketOf(p.uid)).toEqual(empty);
  });
});
