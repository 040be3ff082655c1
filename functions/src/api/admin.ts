import { z } from 'zod';
import { documentIdSchema } from '../core/ids.js';
import { reasonSchema } from '../core/ops/audit.js';
import { MAX_BAN_HOURS } from '../core/ops/ban.js';
import { banPlayer as ban, unbanPlayer as unban } from '../store/bans.js';
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
