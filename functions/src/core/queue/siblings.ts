import type { PoolId } from '../mode/pool.js';
import { endTicket, newTicket, type TicketDoc, type TicketGuard, type TicketStatus } from './ticket.js';

/**
 * A player or party queued for several modes at once waits in each mode's pool with a ticket of one id; the
 * tickets name one another's pools (`alsoIn`) and are siblings. They leave `queued` together, in one
 * transaction: matched into the room one of them got (every sibling then reads matched into that room, so the
 * state's pointer, whichever pool it names, leads there), or ended alike (cancelled, expired, released). A
 * transaction that seats or ends a ticket therefore reads and writes its siblings, and never seats a ticket whose
 * siblings are not all still queued.
 */
export const MAX_MODES_AT_ONCE = 4;

/** The other pools of a queueing, for its ticket in `own`. */
export const alsoInFor = (pools: readonly PoolId[], own: PoolId): PoolId[] => pools.filter((p) => p !== own);

/**
 * Whether a ticket and all of its siblings (as read, absent ones undefined) are still queued. A queued ticket's
 * siblings are all written, so an absent one would be a lost write: it holds nobody back.
 */
export function queuedEverywhere(ticket: TicketDoc, siblings: readonly (TicketDoc | undefined)[]): boolean {
  return ticket.status === 'queued' && siblings.every((s) => s === undefined || s.status === 'queued');
}

/**
 * The siblings that follow a room's tickets into it, as they are to be written: each reads matched into the room,
 * which plays in `roomPool`. Null when any of those tickets or their siblings is no longer queued (another pool's
 * room took the queueing, or it ended): the room must not form.
 */
export function followersInto(
  tickets: readonly TicketDoc[],
  siblings: ReadonlyMap<string, readonly (TicketDoc | undefined)[]>,
  roomId: string,
  roomPool: PoolId,
  nowMs: number,
): TicketDoc[] | null {
  const found = tickets.map((t) => siblings.get(t.id) ?? []);
  if (tickets.some((t, i) => !queuedEverywhere(t, found[i]!))) return null;
  return found
    .flat()
    .filter((s): s is TicketDoc => s !== undefined)
    .map((s) => ({ ...endTicket(s, 'matched', `matched in ${roomPool} into room ${roomId}`, nowMs), roomId }));
}

/** The siblings still queued when their ticket ends otherwise than matched: each ends the same way. */
export function endedAlike(
  siblings: readonly TicketDoc[],
  status: Exclude<TicketStatus, 'queued' | 'matched'>,
  reason: string,
  nowMs: number,
): TicketDoc[] {
  return siblings.filter((s) => s.status === 'queued').map((s) => endTicket(s, status, reason, nowMs));
}

/**
 * A sibling of a ticket sent back to the queue after a failed ready check: queued again in its own pool under
 * the returning ticket's new id, on its own ladder's score and with its own choices and round trips, keeping its
 * original enqueue time, and keeping away whom its members keep away now.
 */
export function revivedSibling(
  sibling: TicketDoc,
  id: string,
  alsoIn: PoolId[],
  guard: TicketGuard,
  ttlSeconds: number,
  nowMs: number,
): TicketDoc {
  const { mode, members, names, ranks, score, partyId, ownerUid, enqueuedAt, rtts, choices } = sibling;
  return newTicket(
    {
      id,
      mode,
      members,
      names,
      ranks,
      score,
      partyId,
      ownerUid,
      enqueuedAt,
      ttlSeconds,
      ...guard,
      rtts,
      choices,
      alsoIn,
    },
    nowMs,
  );
}
