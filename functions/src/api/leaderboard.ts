import { z } from 'zod';
import type { LadderContext } from '../context.js';
import { documentIdSchema } from '../core/ids.js';
import { leaderboard } from '../store/leaderboard.js';
import { callable } from './callable.js';

/** The deployment's ladders, read when the callable is defined. */
const ladderIds = ({ config }: LadderContext) => Object.keys(config.ladders) as [string, ...string[]];

/**
 * A ladder's top `limit` players (20 when nothing else is asked), the `around` rows either side of the caller,
 * the ranked ones of `players` (a friends list), and the caller's rank (null until they finish placement).
 */
export const getLeaderboard = callable(
  (ctx) =>
    z.strictObject({
      ladder: z.enum(ladderIds(ctx)),
      limit: z.number().int().min(1).max(100).optional(),
      around: z.number().int().min(1).max(50).optional(),
      players: z.array(documentIdSchema).min(1).max(100).optional(),
    }),
  ({ ladder, limit, around, players }, caller, ctx) =>
    leaderboard(ctx, ladder, { limit: limit ?? (around || players ? undefined : 20), around, players }, caller.uid),
);
