import { z } from 'zod';
import { expectedScore } from '../rating/duel.js';
import { ticketSchema, waitSeconds, type Ticket } from './ticket.js';

export const matchQualitySchema = z.object({
  /** Highest minus lowest matching score in the match. */
  spread: z.number(),
  /** Difference between the sides' average (per player) matching scores; null in free-for-all. */
  sideDifference: z.number().nullable(),
  /** ELO expectation of side A against side B from their average scores; null in free-for-all. */
  winProbabilityA: z.number().nullable(),
  /** Seconds each ticket (by id) had waited when the match was proposed. */
  waitSeconds: z.record(z.string(), z.number()),
});
export type MatchQuality = z.infer<typeof matchQualitySchema>;

/**
 * A match the matcher proposes and the shell commits. Team modes have exactly two sides, [A, B]; a
 * free-for-all room has a single side holding every ticket (everyone plays for themselves; parties
 * only share the room). `proposedAt` is the `nowMs` it was made at, which fixes the waits the caps
 * were widened by, so a stored room can be re-checked later with `violations`.
 */
export const matchProposalSchema = z.object({
  proposedAt: z.number(),
  sides: z.array(z.array(ticketSchema).min(1)).min(1).max(2),
  quality: matchQualitySchema,
});
export type MatchProposal = z.infer<typeof matchProposalSchema>;

export function proposalTickets(proposal: Pick<MatchProposal, 'sides'>): Ticket[] {
  return proposal.sides.flat();
}

/** The quality figures of a match, from its sides and the time it was proposed. */
export function measureQuality(sides: readonly (readonly Ticket[])[], proposedAt: number): MatchQuality {
  // A null-prototype record: ids are unique per match, and V8 would otherwise grow a hidden class per id.
  const waits: Record<string, number> = Object.create(null) as Record<string, number>;
  let lowest = Infinity;
  let highest = -Infinity;
  // Per side: players and summed size × score, for the sides' average scores.
  let playersA = 0;
  let weightA = 0;
  let playersB = 0;
  let weightB = 0;
  for (let s = 0; s < sides.length; s++) {
    for (const ticket of sides[s] ?? []) {
      lowest = Math.min(lowest, ticket.score);
      highest = Math.max(highest, ticket.score);
      waits[ticket.id] = waitSeconds(ticket, proposedAt);
      const size = ticket.members.length;
      if (s === 0) {
        playersA += size;
        weightA += size * ticket.score;
      } else {
        playersB += size;
        weightB += size * ticket.score;
      }
    }
  }
  const twoSides = sides.length === 2;
  const averageA = weightA / playersA;
  const averageB = weightB / playersB;
  return {
    spread: highest - lowest,
    sideDifference: twoSides ? Math.abs(averageA - averageB) : null,
    winProbabilityA: twoSides ? expectedScore(averageA, averageB) : null,
    waitSeconds: waits,
  };
}

export function makeProposal(sides: Ticket[][], proposedAt: number): MatchProposal {
  return { proposedAt, sides, quality: measureQuality(sides, proposedAt) };
}
