import { z } from 'zod';
import { documentIdSchema } from '../core/ids.js';
import { declineRematch as refuse, requestRematch as ask } from '../store/rematch.js';
import { callable } from './callable.js';

/**
 * Asks to play a settled room again with the same players. `rematch` is the new room once every player has
 * asked within the mode's window, else null; the settled room's `rematch` says who has asked and whether the
 * rematch would be rated.
 */
export const requestRematch = callable(z.strictObject({ roomId: documentIdSchema }), (input, caller, ctx) =>
  ask(ctx, caller.uid, input.roomId),
);

/**
 * Says no to a settled room's open rematch request: the players who asked see it declined (so does queueing for
 * another game meanwhile). A later ask starts a fresh request.
 */
export const declineRematch = callable(z.strictObject({ roomId: documentIdSchema }), (input, caller, ctx) =>
  refuse(ctx, caller.uid, input.roomId),
);
