import { z } from 'zod';
import { resolveMode } from '../core/modes.js';
import { config } from '../config.js';
import { documentIdSchema } from '../core/ids.js';
import { cancelTicket, enqueue as queue, heartbeat as keepAlive } from '../store/queue.js';
import { markReadyCheckSeen, respondToReadyCheck } from '../store/rooms.js';
import { callable } from './callable.js';

const none = z.strictObject({});
/** The request names a configured mode by id; it is resolved here, once, and passed on whole. */
const mode = z
  .enum(Object.keys(config.modes) as [string, ...string[]])
  .transform((modeId) => resolveMode(config.modes, modeId));

/**
 * Queues the caller (a party leader queues the whole party) and tries to match the ticket at once. Returns
 * the room when that worked; otherwise `room` is null and the ticket waits for the matcher.
 */
export const enqueue = callable(z.strictObject({ mode }), async (input, caller) => {
  const { ticket, room } = await queue(caller.uid, input.mode);
  return { ticketId: ticket.id, mode: ticket.mode, room };
});

export const cancelQueue = callable(none, (_input, caller) => cancelTicket(caller.uid));

/** Call while waiting (every third of the mode's ticket time-to-live): a ticket without heartbeats expires. */
export const heartbeat = callable(none, (_input, caller) => keepAlive(caller.uid));

const roomId = documentIdSchema;

export const acceptMatch = callable(z.strictObject({ roomId }), async (input, caller) => ({
  room: await respondToReadyCheck(caller.uid, input.roomId, true),
}));

export const declineMatch = callable(z.strictObject({ roomId }), async (input, caller) => ({
  room: await respondToReadyCheck(caller.uid, input.roomId, false),
}));

/**
 * The client showed the player the ready check. Only a player whose client said so is cooled down for letting
 * the check run out; one whose client never showed it (a lost listener, a dropped connection) is just freed.
 */
export const seeReadyCheck = callable(z.strictObject({ roomId }), (input, caller) =>
  markReadyCheckSeen(caller.uid, input.roomId),
);
