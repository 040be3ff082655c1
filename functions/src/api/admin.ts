import { z } from 'zod';
import { documentIdSchema } from '../core/ids.js';
import { reasonSchema } from '../core/ops/audit.js';
import { MAX_BAN_HOURS } from '../core/ops/ban.js';
import { pauseMessageSchema } from '../core/mode/pause.js';
import { adjustmentDeltaSchema } from '../core/ladder/adjust.js';
import { adjustRating as adjust } from '../store/adjust.js';
import { banPlayer as ban, unbanPlayer as unban } from '../store/bans.js';
import { pauseMode as pause, resumeMode as resume } from '../store/pauses.js';
import { adminCallable } from './callable.js';

// The operators' callables: each checks the admin claim, refuses bad input naming the field, and writes its
// audit row (`audit/{id}`) in the transaction that makes its change.

/** Bans a player for `hours` (null: until lifted): out of the queue and any live room, kept from playing. */
export const banPlayer = adminCallable(
  z.strictObject({
    uid: documentIdSchema,
    reason: reasonSchema,
    hours: z.number().int('must be a whole number of hours').positive().max(MAX_BAN_HOURS).nullable(),
  }),
  (input, caller) => ban(caller.uid, input.uid, input.reason, input.hours),
);

export const unbanPlayer = adminCallable(
  z.strictObject({ uid: documentIdSchema, reason: reasonSchema }),
  (input, caller) => unban(caller.uid, input.uid, input.reason),
);

const target = z.string().min(1).max(128);

/** Stops queueing for a mode or one regional pool (`1v1@eu`) with the studio's message; waiting tickets go free. */
export const pauseMode = adminCallable(
  z.strictObject({ mode: target, message: pauseMessageSchema, reason: reasonSchema }),
  (input, caller) => pause(caller.uid, input.mode, input.message, input.reason),
);

export const resumeMode = adminCallable(z.strictObject({ mode: target, reason: reasonSchema }), (input, caller) =>
  resume(caller.uid, input.mode, input.reason),
);

/** Moves a player's rating on a ladder by a whole, non-zero `delta` (at most 1000 either way), with its reason. */
export const adjustRating = adminCallable(
  z.strictObject({
    uid: documentIdSchema,
    ladder: z.string().min(1).max(64),
    delta: adjustmentDeltaSchema,
    reason: reasonSchema,
  }),
  (input, caller) => adjust(caller.uid, input.uid, input.ladder, input.delta, input.reason),
);
