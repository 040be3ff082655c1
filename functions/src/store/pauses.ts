import type { Pool, PoolId } from '../core/mode/pool.js';
import { endQueueing, readSiblings } from './siblings.js';
import { assertNotPaused, pausedPools, pauseTargetsOf, requirePause, type ModePause } from '../core/mode/pause.js';
import { audit } from './audit.js';
import { countQueryReads, countReads } from './firestore/metrics.js';
import { modePauseRef, ticketRef, ticketsRef } from './firestore/refs.js';
import { transaction } from './firestore/tx.js';
import { type LadderContext, perLadder } from '../context.js';

const RELEASED = 'released: the mode was paused';
/**
 * How long an instance trusts having found a pool open without reading its pauses again: enqueues then cost no
 * pause read. A found pause is never trusted, so a resume is seen at once.
 */
const OPEN_TRUSTED_MS = 2_000;
/** Longer than an enqueue takes from its pause check to its commit, a trusted one included. */
const SECOND_RELEASE_MS = 3_000 + OPEN_TRUSTED_MS;

/** Ends one waiting ticket of a paused pool, as a cancellation: nobody is cooled down for it. */
const release = (ctx: LadderContext, pool: PoolId, ticketId: string) =>
  transaction(ctx, async (tx) => {
    const ticket = (await tx.get(ticketRef(ctx, pool, ticketId))).data();
    if (ticket?.status !== 'queued') return 0;
    // A queueing in several pools leaves them all: its player is told it was released and may queue again.
    const siblings = (await readSiblings(tx, [ticket])).get(ticket.id)!;
    endQueueing(tx, ticket, siblings, 'cancelled', RELEASED, ctx.clock.now());
    return 1;
  });

/**
 * Releases every ticket still waiting in these pools, each in its own short transaction (a pool is never read
 * in one). The pause is committed first and every enqueue reads it, so no ticket joins behind the query.
 */
async function releaseWaiting(ctx: LadderContext, pools: PoolId[]): Promise<number> {
  let released = 0;
  for (const pool of pools) {
    const queued = await ticketsRef(ctx, pool).where('status', '==', 'queued').select().get();
    countQueryReads(ctx, queued.size, 'tickets');
    for (const doc of queued.docs) released += await release(ctx, pool, doc.id);
  }
  return released;
}

/**
 * Pauses queueing for a mode (all its pools) or one regional pool: `enqueue` answers with `message`, waiting
 * tickets are released without penalty, and rooms already formed play on. Pausing again replaces the message
 * and releases anything still waiting (a release cut short finishes this way).
 */
export async function pauseMode(ctx: LadderContext, actor: string, target: string, message: string, reason: string) {
  const pools = pausedPools(ctx.config.modes, target);
  const { pause, auditId } = await transaction(ctx, async (tx) => {
    const before = (await tx.get(modePauseRef(ctx, target))).data() ?? null;
    const now = ctx.clock.now();
    const pause: ModePause = { target, message, by: actor, at: now };
    tx.set(modePauseRef(ctx, target), pause);
    const row = audit(tx, { action: 'pauseMode', actor, target, reason, before, after: { ...pause, pools } }, now);
    return { pause, auditId: row.id };
  });
  const released = await releaseWaiting(ctx, pools);
  // An enqueue that read the pool open just before the pause may commit its ticket after the first release;
  // a second release a moment later catches it.
  await new Promise((resolve) => setTimeout(resolve, SECOND_RELEASE_MS));
  return { pause, pools, released: released + (await releaseWaiting(ctx, pools)), auditId };
}

/** Lifts a pause; a target that is not paused is refused and nothing changes. */
export function resumeMode(ctx: LadderContext, actor: string, target: string, reason: string) {
  pausedPools(ctx.config.modes, target);
  return transaction(ctx, async (tx) => {
    const pause = requirePause((await tx.get(modePauseRef(ctx, target))).data(), target);
    tx.delete(modePauseRef(ctx, target));
    const row = audit(tx, { action: 'resumeMode', actor, target, reason, before: pause, after: null }, ctx.clock.now());
    return { pause: null, auditId: row.id };
  });
}

/** When this instance last read each of a ladder's pools' pauses and found none (ms since the epoch). */
const foundOpenIn = perLadder<number>();

/**
 * Refuses queueing for a paused pool: one plain read of its pause documents (the mode's, and the region's own),
 * made by the callable before the enqueue transaction, unless this instance found the pool open less than
 * `OPEN_TRUSTED_MS` ago. The pause's second release waits that much longer, so it still catches the ticket.
 */
export async function assertPoolOpen(ctx: LadderContext, pool: Pick<Pool, 'id' | 'modeId'>): Promise<void> {
  const now = ctx.clock.now();
  const foundOpen = foundOpenIn(ctx);
  if (now - (foundOpen.get(pool.id) ?? Number.NEGATIVE_INFINITY) < OPEN_TRUSTED_MS) return;
  foundOpen.delete(pool.id);
  const pauses = await ctx.db.getAll(...pauseTargetsOf(pool).map((id: string) => modePauseRef(ctx, id)));
  countReads(ctx, pauses.length, 'modePauses');
  assertNotPaused(pauses.map((p) => p.data() as ModePause | undefined));
  foundOpen.set(pool.id, now);
}
