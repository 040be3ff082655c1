import { describe, expect, it } from 'vitest';
import { matchingScore, ticketSchema } from '../../functions/src/core/match/ticket.js';
import { PARTY_BONUS } from './helpers.js';

describe('matching score (requirement 5)', () => {
  it('is the rating itself for a solo player', () => {
    expect(matchingScore([1487], PARTY_BONUS)).toBe(1487);
  });

  it('is the floored average plus 10 per member for a party, as in the original', () => {
    expect(matchingScore([1500, 1501], PARTY_BONUS)).toBe(1500 + 20);
    expect(matchingScore([1200, 1400, 1700], PARTY_BONUS)).toBe(Math.floor(4300 / 3) + 30);
    expect(matchingScore([1500, 1500, 1500, 1500, 1500], PARTY_BONUS)).toBe(1550);
  });

  it('follows a configured bonus', () => {
    expect(matchingScore([1500, 1600], 25)).toBe(1600);
  });
});

describe('ticket schema', () => {
  const member = (uid: string) => ({ uid, rating: 1500 });
  it('accepts parties of one to five and rejects larger ones or a player twice', () => {
    const base = { id: 't', score: 1500, enqueuedAt: 0 };
    expect(ticketSchema.safeParse({ ...base, members: [member('a')] }).success).toBe(true);
    expect(ticketSchema.safeParse({ ...base, members: [] }).success).toBe(false);
    expect(ticketSchema.safeParse({ ...base, members: ['a', 'b', 'c', 'd', 'e', 'f'].map(member) }).success).toBe(
      false,
    );
    expect(ticketSchema.safeParse({ ...base, members: [member('a'), member('a')] }).success).toBe(false);
  });
});
