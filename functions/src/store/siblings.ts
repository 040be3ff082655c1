import { endedAlike } from '../core/queue/siblings.js';
import { endTicket, type TicketDoc, type TicketStatus } from '../core/queue/ticket.js';
import { ticketRef } from './firestore/refs.js';
import type { Tx } from './firestore/tx.js';

/**
 * The siblings of these tickets (core/queue/siblings.ts), in one round of reads, by ticket id: each in the order
 * of its ticket's `alsoIn`, undefined where none was written (a queueing matched at once writes only its room's).
 */
export async function readSiblings(
  tx: Tx,
  tickets: readonly TicketDoc[],
): Promise<Map<string, (TicketDoc | undefined)[]>> {
  const refs = tickets.flatMap((t) => t.alsoIn.map((pool) => ticketRef(tx, pool, t.id)));
  const snaps = await tx.getAll(refs);
  const found = new Map<string, (TicketDoc | undefined)[]>();
  let at = 0;
  for (const t of tickets) {
    found.set(
      t.id,
      t.alsoIn.map(() => snaps[at++]!.data() as TicketDoc | undefined),
    );
  }
  return found;
}

/** Ends a queued ticket and, alike, each of its siblings still queued; returns the ticket as ended. */
export function endQueueing(
  tx: Tx,
  ticket: TicketDoc,
  siblings: readonly (TicketDoc | undefined)[],
  status: Exclude<TicketStatus, 'queued' | 'matched'>,
  reason: string,
  nowMs: number,
): TicketDoc {
  const ended = endTicket(ticket, status, reason, nowMs);
  tx.set(ticketRef(tx, ticket.mode, ticket.id), ended);
  const found = siblings.filter((s): s is TicketDoc => s !== undefined);
  for (const s of endedAlike(found, status, reason, nowMs)) tx.set(ticketRef(tx, s.mode, s.id), s);
  return ended;
}
