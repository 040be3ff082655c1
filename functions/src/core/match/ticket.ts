import { z } from 'zod';

export const MAX_PARTY_SIZE = 5;

/** One queued party (or solo player): the unit the matcher places, never split across sides or rooms. */
export const ticketSchema = z
  .object({
    id: z.string().min(1),
    members: z
      .array(z.object({ uid: z.string().min(1), rating: z.number().finite() }))
      .min(1)
      .max(MAX_PARTY_SIZE),
    /** The party-adjusted matching score, see `matchingScore`. */
    score: z.number().finite(),
    /** Milliseconds since the epoch. */
    enqueuedAt: z.number().finite(),
  })
  .refine((ticket) => new Set(ticket.members.map((m) => m.uid)).size === ticket.members.length, {
    path: ['members'],
    message: 'a player can appear only once in a party',
  });
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * The score a party matches on: a solo player's rating, or floor(average rating) + bonus · size for a
 * party, because friends who queue together coordinate better than their ratings say. The bonus is
 * `advanced.partyBonusPerMember` of the configuration.
 */
export function matchingScore(ratings: readonly number[], partyBonusPerMember: number): number {
  const [only] = ratings;
  if (ratings.length === 1 && only !== undefined) return only;
  if (ratings.length === 0) throw new RangeError('a ticket needs at least one member');
  const total = ratings.reduce((sum, rating) => sum + rating, 0);
  return Math.floor(total / ratings.length) + partyBonusPerMember * ratings.length;
}

/** Seconds a ticket has waited at `nowMs`. */
export function waitSeconds(ticket: Pick<Ticket, 'enqueuedAt'>, nowMs: number): number {
  return (nowMs - ticket.enqueuedAt) / 1000;
}
