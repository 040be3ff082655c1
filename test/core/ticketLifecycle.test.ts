import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultModes } from '../../functions/src/core/mode/modes.js';
import { resolvePool } from '../../functions/src/core/mode/pool.js';
import { newPlayer } from '../../functions/src/core/player/player.js';
import {
  endTicket,
  extendedExpiry,
  hasExpired,
  matchedTicket,
  queuedTicket,
  requeuedTicket,
  stillQueued,
} from '../../functions/src/core/queue/ticket.js';
import { standingAt } from './standings.js';
import { defaultLadders } from '../../functions/src/core/ladder/ladder.js';
import { PARTY_BONUS } from './helpers.js';
import { poolId } from '../support/ids.js';

// A team ladder whose newcomers start at 1400, to show a member without a rating there joins at it.
const duo = resolvePool(
  {
    modes: defaultModes,
    ladders: { ...defaultLadders, team: { ...defaultLadders.team, initialRating: 1400 } },
    advanced: { partyBonusPerMember: PARTY_BONUS },
  },
  poolId('2v2'),
);
const ladders = defaultLadders;
const ann = {
  ...newPlayer('ann', 'Ann', ladders, 0),
  ladders: { team: { ...standingAt(1600, 3), wins: 2, losses: 1 } },
};
const ben = newPlayer('ben', 'Ben', { solo: defaultLadders.solo }, 0);
const ticket = queuedTicket(
  't',
  duo,
  { uid: 'ann', partyId: 'p' },
  [ann, ben],
  { avoid: ['zed'], recent: [{ uid: 'zed', at: 500, gamesAgo: 0 }] },
  1_000,
);

describe('a ticket from queueing to its end', () => {
  it("is queued with every member at their rating on the mode's ladder (the initial one if they have none) and the party score", () => {
    expect(ticket).toMatchObject({
      id: 't',
      mode: '2v2',
      members: [
        { uid: 'ann', rating: 1600 },
        { uid: 'ben', rating: 1400 },
      ],
      memberUids: ['ann', 'ben'],
      names: { ann: 'Ann', ben: 'Ben' },
      score: 1500 + 2 * duo.partyBonusPerMember,
      partyId: 'p',
      ownerUid: 'ann',
      enqueuedAt: 1_000,
      expiresAt: 1_000 + duo.mode.ticketTtlSeconds * 1000,
      status: 'queued',
      avoid: ['zed'],
      recent: [{ uid: 'zed', at: 500, gamesAgo: 0 }],
    });
  });

  it('is pushed out a full time-to-live by a heartbeat only once half of it has passed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 0, max: 1_200_000 }), (ttl, elapsed) => {
        const queued = { expiresAt: ttl * 1000 };
        const after = extendedExpiry(queued, ttl, elapsed);
        expect(after).toBe(ttl * 1000 - elapsed < (ttl * 1000) / 2 ? elapsed + ttl * 1000 : ttl * 1000);
        expect(after).toBeGreaterThanOrEqual(queued.expiresAt);
      }),
    );
  });

  it('expires only while queued and once its expiry has passed', () => {
    expect(hasExpired(ticket, ticket.expiresAt)).toBe(true);
    expect(hasExpired(ticket, ticket.expiresAt - 1)).toBe(false);
    expect(hasExpired(endTicket(ticket, 'cancelled', 'x', 0), ticket.expiresAt)).toBe(false);
    expect(hasExpired(undefined, ticket.expiresAt)).toBe(false);
  });

  it('is committed only with every other ticket of its proposal still queued', () => {
    const other = { ...ticket, id: 'u' };
    expect(stillQueued([ticket, other])).toEqual([ticket, other]);
    expect(stillQueued([ticket, endTicket(other, 'cancelled', 'x', 0)])).toBeNull();
    expect(stillQueued([ticket, undefined])).toBeNull();
  });

  it('points at its room once matched', () => {
    expect(matchedTicket(ticket, 'r', 5)).toMatchObject({
      status: 'matched',
      roomId: 'r',
      endedAt: 5,
      endReason: 'matched into room r',
    });
  });

  it('returns to the pool after a cancelled ready check with its original enqueue time and a fresh expiry', () => {
    const matched = {
      ticketId: 't',
      partyId: 'p',
      ownerUid: 'ann',
      score: 1520,
      enqueuedAt: 1_000,
      members: ticket.members,
    };
    const back = requeuedTicket(
      't2',
      duo,
      matched,
      { names: { ann: 'Ann' }, ranks: ticket.ranks },
      { avoid: ['zed'], recent: [] },
      9_000,
    );
    expect(back).toMatchObject({
      id: 't2',
      mode: '2v2',
      status: 'queued',
      enqueuedAt: 1_000,
      score: 1520,
      names: { ann: 'Ann', ben: 'ben' },
      avoid: ['zed'],
    });
    expect(back.expiresAt).toBe(9_000 + duo.mode.ticketTtlSeconds * 1000);
  });
});
