import { z } from 'zod';
import { documentIdSchema, idSchema } from '../core/ids.js';
import { reasonSchema } from '../core/ops/audit.js';
import { MAX_BAN_HOURS } from '../core/ops/ban.js';
import { pauseMessageSchema } from '../core/mode/pause.js';
import { adjustmentDeltaSchema } from '../core/ladder/adjust.js';
import { byDaysSchema, endsAtSchema } from '../core/ladder/extension.js';
import { adjustRating as adjust } from '../store/adjust.js';
import { banPlayer as ban, unbanPlayer as unban } from '../store/bans.js';
import { pauseMode as pause, resumeMode as resume } from '../store/pauses.js';
import { closeSeasonNow as closeNow, extendSeason as extend } from '../store/seasonControls.js';
import { voidRoom as voidSettled } from '../store/voids.js';
import { adminCallable } from './callable.js';

// The operators' callables: each checks the admin claim, refuses bad input naming the field, and writes its
// audit row (`audit/{id}`) in the transaction that makes its change.

/**
 * Bans a player for `hours` (null: until lifted): out of the queue and any live room, kept from playing. A ban
 * in force is replaced only with `replace: true`; without it the call is refused, naming that ban.
 */
export const banPlayer = adminCallable(
  z.strictObject({
    uid: documentIdSchema,
    reason: reasonSchema,
    hours: z
      .number({ error: 'required: a whole number of hours from 1, or null for a ban with no expiry' })
      .int('must be a whole number of hours')
      .min(1, 'must be at least 1 hour (null: a ban with no expiry)')
      .max(MAX_BAN_HOURS, `must be at most ${MAX_BAN_HOURS} hours (ten years); null: a ban with no expiry`)
      .nullable(),
    replace: z.boolean().optional(),
  }),
  (input, caller, ctx) => ban(ctx, caller.uid, input.uid, input.reason, input.hours, input.replace ?? false),
);

export const unbanPlayer = adminCallable(
  z.strictObject({ uid: documentIdSchema, reason: reasonSchema }),
  (input, caller, ctx) => unban(ctx, caller.uid, input.uid, input.reason),
);

const target = documentIdSchema;

/** Stops queueing for a mode or one regional pool (`1v1@eu`) with the studio's message; waiting tickets go free. */
export const pauseMode = adminCallable(
  z.strictObject({ mode: target, message: pauseMessageSchema, reason: reasonSchema }),
  (input, caller, ctx) => pause(ctx, caller.uid, input.mode, input.message, input.reason),
);

export const resumeMode = adminCallable(z.strictObject({ mode: target, reason: reasonSchema }), (input, caller, ctx) =>
  resume(ctx, caller.uid, input.mode, input.reason),
);

/** Moves a player's rating on a ladder by a whole, non-zero `delta` (at most 1000 either way), with its reason. */
export const adjustRating = adminCallable(
  z.strictObject({
    uid: documentIdSchema,
    ladder: idSchema(64),
    delta: adjustmentDeltaSchema,
    reason: reasonSchema,
  }),
  (input, caller, ctx) => adjust(ctx, caller.uid, input.uid, input.ladder, input.delta, input.reason),
);

/** Takes back a settled game's rating changes, records and counts, once; the room stays, marked voided. */
export const voidRoom = adminCallable(
  z.strictObject({ roomId: documentIdSchema, reason: reasonSchema }),
  (input, caller, ctx) => voidSettled(ctx, caller.uid, input.roomId, input.reason),
);

/** Closes an ended season now rather than at the scheduler's next run; repeating it changes nothing. */
export const closeSeasonNow = adminCallable(
  z.strictObject({ ladder: idSchema(64), season: idSchema(40), reason: reasonSchema }),
  (input, caller, ctx) => closeNow(ctx, caller.uid, input.ladder, input.season, input.reason),
  { timeoutSeconds: 120 },
);

/** Runs a season (not closed, not ended) until a later end: `endsAt`, or `byDays` after its configured end. */
export const extendSeason = adminCallable(
  z
    .strictObject({
      ladder: idSchema(64),
      season: idSchema(40),
      endsAt: endsAtSchema.optional(),
      byDays: byDaysSchema.optional(),
      reason: reasonSchema,
    })
    .refine((input) => (input.endsAt === undefined) !== (input.byDays === undefined), {
      path: ['endsAt'],
      message: 'give either endsAt or byDays (one of them)',
    }),
  ({ ladder, season, endsAt, byDays, reason }, caller, ctx) =>
    extend(ctx, caller.uid, ladder, season, endsAt === undefined ? { byDays: byDays! } : { endsAt }, reason),
);
