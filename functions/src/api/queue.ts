import { z } from 'zod';
import { fail } from '../core/errors.js';
import { buildGroup, buildSchema } from '../core/mode/builds.js';
import { choicesRequestSchema, requestedChoices } from '../core/mode/choices.js';
import { modeIdSchema, poolIdOf } from '../core/mode/pool.js';
import { homeRegion, rttsSchema } from '../core/mode/regions.js';
import type { LadderContext } from '../context.js';
import { documentIdSchema } from '../core/ids.js';
import { cancelTicket, enqueue as queue, heartbeat as keepAlive } from '../store/queue.js';
import { assertPoolOpen } from '../store/pauses.js';
import { markReadyCheckSeen, respondToReadyCheck } from '../store/rooms.js';
import { callable, paidCallable } from './callable.js';

const none = z.strictObject({});
/**
 * The request names a configured mode by id and, for a regional mode, the player's region or the round-trip
 * times their client measured to the regions; it is resolved here, once, into the pool the ticket joins. Made
 * when the callable is defined, from the deployment's modes.
 */
const enqueueRequest = (ctx: LadderContext) =>
  z
    .strictObject({
      mode: z.enum(Object.keys(ctx.config.modes) as [string, ...string[]]).pipe(modeIdSchema),
      region: z.string().max(64).optional(),
      rtts: rttsSchema.optional(),
      /** The client's build; a mode that declares `builds` needs it, to pool compatible builds together. */
      build: buildSchema.optional(),
      /** What the player chose of the mode's choices (core/mode/choices.ts): values they accept, by choice. */
      choices: choicesRequestSchema.optional(),
    })
    .transform(({ mode: modeId, region, rtts, build, choices }) => {
      const { regions, builds, choices: offered } = ctx.config.modes[modeId]!;
      const home = regions ? homeRegion(regions, region, rtts) : null;
      if (!regions && region !== undefined) fail('invalid-argument', `region: mode "${modeId}" has no regions.`);
      if (!regions && rtts !== undefined) fail('invalid-argument', `rtts: mode "${modeId}" has no regions.`);
      const group = buildGroup(modeId, builds, build);
      const chosen = requestedChoices(modeId, offered, choices);
      return { pool: ctx.poolOf(poolIdOf(modeId, home, group)), rtts: rtts ?? null, choices: chosen };
    });

/**
 * Queues the caller (a party leader queues the whole party) and tries to match the ticket at once. Returns
 * the room when that worked; otherwise `room` is null and the ticket waits for the matcher. `pool` in the answer
 * is the pool joined: the mode's id, with its region and build group where the mode has them (`1v1@eu`). `mode`
 * says the same: clients of 0.1 follow their ticket by it (docs/upgrading.md).
 */
export const enqueue = paidCallable(enqueueRequest, async (input, caller, ctx) => {
  await assertPoolOpen(ctx, input.pool);
  // Counted on the caller's state, in the transaction that queues them.
  const { ticket, room } = await queue(ctx, caller.uid, input.pool, {
    rtts: input.rtts,
    choices: input.choices,
    limit: ctx.config.fairPlay.rateLimit,
  });
  const ttlSeconds = input.pool.mode.ticketTtlSeconds;
  return { answer: { ticketId: ticket.id, mode: ticket.mode, pool: ticket.mode, room, ttlSeconds }, paid: true };
});

export const cancelQueue = callable(none, (_input, caller, ctx) => cancelTicket(ctx, caller.uid));

/**
 * Call while waiting (55 % of the mode's ticket time-to-live after the previous answer): a ticket without
 * heartbeats expires. The beat that moves the expiry writes the ticket anyway and is not counted (at most one per
 * half time-to-live per ticket, and tickets come from counted enqueues); so is a game beat at its pace; a sooner
 * game beat is counted with the beat it writes; any other beat is counted afterwards, having written nothing.
 */
export const heartbeat = paidCallable(none, async (_input, caller, ctx) => {
  const { paid, ...answer } = await keepAlive(ctx, caller.uid, ctx.config.fairPlay.rateLimit);
  return { answer, paid };
});

const roomId = documentIdSchema;

/** A player's answer to a room's ready check: the first is part of the game their enqueue paid for. */
const answer = (accept: boolean) =>
  paidCallable(z.strictObject({ roomId }), async (input, caller, ctx) => {
    const { room, first } = await respondToReadyCheck(ctx, caller.uid, input.roomId, accept);
    return { answer: { room }, paid: first };
  });

export const acceptMatch = answer(true);

export const declineMatch = answer(false);

/**
 * The client showed the player the ready check. Only a player whose client said so is cooled down for letting
 * the check run out; one whose client never showed it (a lost listener, a dropped connection) is just freed.
 */
export const seeReadyCheck = callable(z.strictObject({ roomId }), (input, caller, ctx) =>
  markReadyCheckSeen(ctx, caller.uid, input.roomId),
);
