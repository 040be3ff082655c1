import { z } from 'zod';
import { documentIdSchema } from '../core/ids.js';
import { blockList, blockPlayer as block, unblockPlayer as unblock } from '../store/blocks.js';
import { forfeit as leave } from '../store/leaving.js';
import { callable } from './callable.js';

const player = z.strictObject({ uid: documentIdSchema });

/** Keeps the named player out of every room the caller plays in, on either side (at most 100 blocked). */
export const blockPlayer = callable(player, (input, caller, ctx) => block(ctx, caller.uid, input.uid));

export const unblockPlayer = callable(player, (input, caller, ctx) => unblock(ctx, caller.uid, input.uid));

/** Whom the caller blocked; nobody else can see it. */
export const getBlockList = callable(z.strictObject({}), (_input, caller, ctx) => blockList(ctx, caller.uid));

/**
 * Leaves a started game: a loss for the caller's side, counted on their profile; the room settles at once when
 * their whole side has left (in free-for-all, all but one player).
 */
export const forfeit = callable(z.strictObject({ roomId: documentIdSchema }), async (input, caller, ctx) => ({
  room: await leave(ctx, caller.uid, input.roomId),
}));
