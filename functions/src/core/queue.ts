import { z } from 'zod';
import type { Ticket } from './ticket.js';

export const ticketStatusSchema = z.enum(['queued', 'matched', 'cancelled', 'expired']);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/**
 * `pools/{mode}/tickets/{id}`: one solo player or party in a mode's pool. Only `status`, `expiresAt` and the
 * end fields ever change after creation, and `status` leaves `queued` exactly once (matched, cancelled or
 * expired), which is what lets a commit re-check a ticket by its status alone.
 */
export const ticketDocSchema = z.object({
  id: z.string(),
  mode: z.string(),
  members: z.array(z.object({ uid: z.string(), rating: z.number().int() })).min(1),
  memberUids: z.array(z.string()).min(1),
  names: z.record(z.string(), z.string()),
  /** The party-adjusted matching score. */
  score: z.number(),
  partyId: z.string().nullable(),
  /** Who queued it: the solo player or the party leader. */
  ownerUid: z.string(),
  /** Milliseconds since the epoch; a ticket returned to the pool after a failed ready check keeps the original. */
  enqueuedAt: z.number().int(),
  /** Refreshed by heartbeats; a queued ticket past it is expired by the matcher run. */
  expiresAt: z.number().int(),
  status: ticketStatusSchema,
  roomId: z.string().nullable(),
  endedAt: z.number().int().nullable(),
  endReason: z.string().nullable(),
  createdAt: z.number().int(),
});
export type TicketDoc = z.infer<typeof ticketDocSchema>;

/** What the scheduled matcher keeps of a queued ticket between sweeps (and in the pool digest between runs). */
export const poolEntrySchema = ticketDocSchema.pick({
  id: true,
  members: true,
  score: true,
  enqueuedAt: true,
  expiresAt: true,
});
export type PoolEntry = z.infer<typeof poolEntrySchema>;

export function toPoolEntry({ id, members, score, enqueuedAt, expiresAt }: TicketDoc): PoolEntry {
  return { id, members, score, enqueuedAt, expiresAt };
}

/** The matcher's view of a ticket. */
export function toCoreTicket(entry: PoolEntry): Ticket {
  return { id: entry.id, members: entry.members, score: entry.score, enqueuedAt: entry.enqueuedAt };
}

export function endTicket(
  doc: TicketDoc,
  status: Exclude<TicketStatus, 'queued'>,
  reason: string,
  nowMs: number,
): TicketDoc {
  return { ...doc, status, endedAt: nowMs, endReason: reason };
}

export interface NewTicket {
  id: string;
  mode: string;
  members: TicketDoc['members'];
  names: Record<string, string>;
  score: number;
  partyId: string | null;
  ownerUid: string;
  enqueuedAt: number;
  ttlSeconds: number;
}

export function newTicket(t: NewTicket, nowMs: number): TicketDoc {
  const { ttlSeconds, ...fields } = t;
  return {
    ...fields,
    memberUids: t.members.map((m) => m.uid),
    expiresAt: nowMs + ttlSeconds * 1000,
    status: 'queued',
    roomId: null,
    endedAt: null,
    endReason: null,
    createdAt: nowMs,
  };
}
