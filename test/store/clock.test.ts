import { describe, expect, it } from 'vitest';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { enqueue, expireTicket } from '../../functions/src/store/queue.js';
import { handClock } from '../support/clock.js';
import { ticketOf } from '../support/game.js';
import { testContext } from '../support/context.js';
import { poolId } from '../support/ids.js';

// The store reads the time from its context: a test moves a hand-driven clock past a deadline instead of waiting.
describe("a context's clock", () => {
  it('dates a ticket and expires it by the clock it was handed, not the wall clock', async () => {
    const clock = handClock(Date.UTC(2026, 0, 1));
    const ctx = testContext(undefined, { clock });
    await ensurePlayer(ctx, 'clock-ann');
    const pool = ctx.poolOf(poolId('1v1'));
    const { ticket } = await enqueue(ctx, 'clock-ann', pool);
    expect(ticket.enqueuedAt).toBe(Date.UTC(2026, 0, 1));
    clock.advance(pool.mode.ticketTtlSeconds * 1000 - 1);
    expect(await expireTicket(ctx, pool.id, ticket.id)).toBe(false);
    clock.advance(1);
    expect(await expireTicket(ctx, pool.id, ticket.id)).toBe(true);
    expect(await ticketOf(pool.id, ticket.id)).toMatchObject({ status: 'expired', endedAt: clock.now() });
  });
});
