import { z } from 'zod';
import { fail } from '../core/errors.js';
import { buildGroup, buildSchema } from '../core/mode/builds.js';
import { choicesRequestSchema, requestedChoices } from '../core/mode/choices.js';
import { modeIdSchema, poolIdOf, type ModeId } from '../core/mode/pool.js';
import { homeRegion, rttsSchema, type Rtts } from '../core/mode/regions.js';
import { MAX_MODES_AT_ONCE } from '../core/queue/siblings.js';
import type { LadderContext } from '../context.js';
import { documentIdSchema } from '../core/ids.js';
import { cancelTicket, enqueue as queue, heartbeat as keepAlive } from '../store/queue.js';
import { assertPoolOpen } from '../store/pauses.js';
import { markReadyCheckSeen, respondToReadyCheck } from '../store/rooms.js';
import { callable, paidCallable } from './callable.js';

const none = z.strictObject({});

/** What a queueing asks of each of its modes: where the player plays and what they chose. */
interface Asking {
  region?: string;
  rtts?: Rtts;
  build?: string;
  choices?: Record<string, string | string[]>;
}

/**
 * The request names a configured mode by id (and, to queue for several at once, others in `alsoModes`) and, for a
 * regional mode, the player's region or the round-trip times their client measured to the regions; each mode is
 * resolved here, once, into the pool its ticket joins. Made when the callable is defined, from the deployment's
 * modes.
 */
const enqueueRequest = (ctx: LadderContext) => {
  const modeId = z.enum(Object.keys(ctx.config.modes) as [string, ...string[]]).pipe(modeIdSchema);
  return z
    .strictObject({
      mode: modeId,
      /** Other modes to wait in at the same time (core/queue/siblings.ts): the first to match seats the player. */
      alsoModes: z
        .array(modeId)
        .max(MAX_MODES_AT_ONCE - 1)
        .optional(),
      region: z.string().max(64).optional(),
      rtts: rttsSchema.optional(),
      /** The client's build; a mode that declares `builds` needs it, to pool compatible builds together. */
      build: buildSchema.optional(),
      /** What the player chose of the mode's choices (core/mode/choices.ts): values they accept, by choice. */
      choices: choicesRequestSchema.optional(),
    })
    .transform(({ mode, alsoModes = [], ...asking }) => {
      const modeIds = [mode, ...alsoModes];
      assertAskable(ctx, modeIds, asking);
      const [first, ...also] = modeIds.map((m) => resolvePool(ctx, m, asking, modeIds.length === 1));
      return { ...first!, also };
    });
};

/**
 * What the request asks of its modes as a whole: each named once, and a region, round trips or a choice only where
 * one of them has such things (asked of several modes, each goes to those of them that have it).
 */
function assertAskable(ctx: LadderContext, modeIds: ModeId[], { region, rtts, choices }: Asking) {
  const twice = modeIds.find((m, i) => modeIds.indexOf(m) !== i);
  if (twice !== undefined) fail('invalid-argument', `alsoModes: "${twice}" is named twice.`);
  const modes = modeIds.map((m) => ctx.config.modes[m]!);
  const regional = modes.some((m) => m.regions);
  if (!regional && region !== undefined)
    fail('invalid-argument', `region: ${lacking(modeIds, 'has no regions', 'has regions')}`);
  if (!regional && rtts !== undefined)
    fail('invalid-argument', `rtts: ${lacking(modeIds, 'has no regions', 'has regions')}`);
  if (modeIds.length === 1) return; // one mode's own choices are checked with its pool, naming the mode
  const unoffered = Object.keys(choices ?? {}).find((c) => !modes.some((m) => m.choices?.[c]));
  if (unoffered !== undefined) fail('invalid-argument', `choices.${unoffered}: ${lacking(modeIds, '', 'offers it')}`);
}

/** One mode of a queueing as its pool, with the round trips and choices its ticket carries. */
function resolvePool(ctx: LadderContext, modeId: ModeId, { region, rtts, build, choices }: Asking, alone: boolean) {
  const { regions, builds, choices: offered } = ctx.config.modes[modeId]!;
  const home = regions ? homeRegion(regions, region, rtts) : null;
  const group = buildGroup(modeId, builds, build);
  const asked = alone ? choices : Object.fromEntries(Object.entries(choices ?? {}).filter(([c]) => offered?.[c]));
  return {
    pool: ctx.poolOf(poolIdOf(modeId, home, group)),
    rtts: home === null ? null : (rtts ?? null),
    choices: requestedChoices(modeId, offered, asked),
  };
}

/** What one mode lacks, or what none of several has. */
const lacking = (modeIds: ModeId[], oneLacks: string, noneHas: string) =>
  modeIds.length === 1
    ? `mode "${modeIds[0]}" ${oneLacks}.`
    : `none of the modes ${modeIds.map((m) => `"${m}"`).join(', ')} ${noneHas}.`;

/**
 * Queues the caller (a party leader queues the whole party) and tries to match the ticket at once, in each of its
 * modes in turn. Returns the room when that worked; otherwise `room` is null and the ticket waits for the matcher
 * in every mode named. `pool` in the answer is the pool the ticket is followed in (the room's when matched, else
 * the first mode's): the mode's id, with its region and build group where the mode has them (`1v1@eu`); `alsoIn`
 * the other pools it waits in. `mode` says the same as `pool`: clients of 0.1 follow their ticket by it
 * (docs/upgrading.md).
 */
export const enqueue = paidCallable(enqueueRequest, async (input, caller, ctx) => {
  for (const { pool } of [input, ...input.also]) await assertPoolOpen(ctx, pool);
  // Counted on the caller's state, in the transaction that queues them.
  const { ticket, room } = await queue(ctx, caller.uid, input.pool, {
    rtts: input.rtts,
    choices: input.choices,
    also: input.also,
    limit: ctx.config.fairPlay.rateLimit,
  });
  const ttlSeconds = ticket.ttlSeconds ?? input.pool.mode.ticketTtlSeconds;
  const answer = { ticketId: ticket.id, mode: ticket.mode, pool: ticket.mode, alsoIn: ticket.alsoIn, room, ttlSeconds };
  return { answer, paid: true };
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
