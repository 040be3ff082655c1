import { z } from 'zod';

/** A player who turned a rematch request down: said no (`declineRematch`), or queued for another game. */
export const rematchDeclineSchema = z.object({
  uid: z.string(),
  at: z.number().int(),
  reason: z.enum(['declined', 'queued']),
});
export type RematchDecline = z.infer<typeof rematchDeclineSchema>;

/**
 * On a settled room (`rooms/{id}.rematch`): who asked, until when, and the new room once it formed. A request
 * past its deadline, or declined, is over; the next ask starts a fresh one.
 */
export const rematchStateSchema = z.object({
  asked: z.array(z.string()),
  deadline: z.number().int(),
  /** The rematch's room, once everyone asked. */
  roomId: z.string().nullable(),
  /** Why the rematch would be unrated (the daily pair cap), said before anyone plays it; null: rated. */
  unrated: z.string().nullable(),
  /** Who turned this request down, and how; null while nobody has. Absent in older documents. */
  declined: rematchDeclineSchema.nullable().default(null),
});
export type RematchState = z.infer<typeof rematchStateSchema>;

/**
 * Where a request stands: open while it may still form, `formed`, `lapsed` once its deadline passed without
 * everyone, `declined` once a player turned it down.
 */
export function rematchPhase(
  state: Pick<RematchState, 'deadline' | 'roomId' | 'declined'>,
  nowMs: number,
): 'open' | 'formed' | 'lapsed' | 'declined' {
  if (state.roomId) return 'formed';
  if (state.declined) return 'declined';
  return nowMs > state.deadline ? 'lapsed' : 'open';
}

/** On a player's state: the rematch request of a settled room they were asked to, so queueing elsewhere ends it. */
export const rematchAskSchema = z.object({ roomId: z.string(), deadline: z.number().int() });
export type RematchAsk = z.infer<typeof rematchAskSchema>;
