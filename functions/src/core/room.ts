import { z } from 'zod';
import { matchQualitySchema } from './match/proposal.js';

export const roomStatusSchema = z.enum(['pending', 'active', 'disputed', 'settled', 'voided', 'cancelled']);
export type RoomStatus = z.infer<typeof roomStatusSchema>;

/** Pending (ready check), active (playing) and disputed (conflicting reports) rooms still hold their players. */
export const LIVE_ROOM_STATUSES = ['pending', 'active', 'disputed'] as const satisfies readonly RoomStatus[];
export const isLive = (status: RoomStatus) => (LIVE_ROOM_STATUSES as readonly RoomStatus[]).includes(status);

/** A ticket as it was matched: the party (or solo player) with the ratings it was matched on. */
export const roomTicketSchema = z.object({
  ticketId: z.string(),
  partyId: z.string().nullable(),
  score: z.number(),
  enqueuedAt: z.number().int(),
  members: z.array(z.object({ uid: z.string(), rating: z.number().int() })).min(1),
});
export type RoomTicket = z.infer<typeof roomTicketSchema>;

export const teamReportSchema = z.strictObject({ outcome: z.enum(['A', 'B', 'draw']) });
export const ffaReportSchema = z.strictObject({ placements: z.record(z.string(), z.number().int().positive()) });
export const resultSchema = z.union([teamReportSchema, ffaReportSchema]);
export type Result = z.infer<typeof resultSchema>;

export const ratingChangeSchema = z.object({ before: z.number().int(), after: z.number().int(), delta: z.number().int() });

/**
 * `rooms/{id}`: a committed match. Clients listen to it for the ready check, the result and their rating
 * change. Team rooms have sides [A, B]; a free-for-all room has one side holding every ticket.
 */
export const roomDocSchema = z.object({
  id: z.string(),
  mode: z.string(),
  ladder: z.string(),
  kind: z.enum(['team', 'ffa']),
  sides: z.array(z.array(roomTicketSchema).min(1)).min(1).max(2),
  memberUids: z.array(z.string()).min(2),
  names: z.record(z.string(), z.string()),
  proposedAt: z.number().int(),
  quality: matchQualitySchema,
  status: roomStatusSchema,
  readyCheck: z
    .object({ deadline: z.number().int(), accepted: z.array(z.string()), declined: z.array(z.string()) })
    .nullable(),
  reportDeadline: z.number().int().nullable(),
  reports: z.record(z.string(), z.object({ result: resultSchema, at: z.number().int(), authoritative: z.boolean() })),
  result: resultSchema.nullable(),
  ratingChanges: z.record(z.string(), ratingChangeSchema).nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  endReason: z.string().nullable(),
});
export type RoomDoc = z.infer<typeof roomDocSchema>;
