import { z } from 'zod';
import { documentIdSchema } from '../core/ids.js';
import { readHistory } from '../store/history.js';
import { callable, ownOrOperators } from './callable.js';

/**
 * A page of the caller's history, newest first: their settled games, adjustments and voids' reversals (each
 * game read from its room). An operator may name another player (`uid`), as the lobby's player page does. Every
 * platform gets it through this call, since the rows of games live in rooms no mini-game runtime can query.
 */
export const getHistory = callable(
  z.strictObject({
    uid: documentIdSchema.optional(),
    limit: z.number().int().min(1).max(100).default(20),
    /** Only rows settled before this time (ms): the last `settledAt` of the previous page. */
    before: z.number().int().positive().optional(),
  }),
  async ({ uid, limit, before }, caller, ctx) => {
    const whose = ownOrOperators(caller, uid, 'a player reads only their own history.');
    return { rows: await readHistory(ctx, whose, { limit, before }) };
  },
);
