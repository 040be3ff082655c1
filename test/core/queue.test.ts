import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultModes } from '../../functions/src/core/mode/modes.js';
import { resolvePool } from '../../functions/src/core/mode/pool.js';
import { defaultLadders } from '../../functions/src/core/ladder/ladder.js';
import { newParty } from '../../functions/src/core/player/party.js';
import type { Presence } from '../../functions/src/core/queue/presence.js';
import { assertCanQueue, candidatePlan, topUpDirection, type Queuer } from '../../functions/src/core/queue/enqueue.js';
import { PARTY_BONUS } from './helpers.js';
import { poolId } from '../support/ids.js';

const duo = resolvePool(
  { modes: defaultModes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } },
  poolId('2v2'),
);
const idle: Presence = { kind: 'idle' };
const queuer = (uid: string, over: Partial<Queuer> = {}): Queuer => ({
  uid,
  displayName: uid.toUpperCase(),
  presence: idle,
  cooldownUntil: null,
  dodges: 0,
  ...over,
});
const partyOf = (leader: string, ...uids: string[]) => ({
  ...newParty('p', { uid: leader, displayName: leader, joinedAt: 0 }, 'ABCDEF', 5, { codeTtlSeconds: 600 }, 0),
  memberUids: [leader, ...uids],
});

describe('who may queue', () => {
  it('lets free players and a leader with a party that fits queue', () => {
    expect(() => assertCanQueue(duo, 'a', null, [queuer('a')], 0)).not.toThrow();
    expect(() => assertCanQueue(duo, 'a', partyOf('a', 'b'), [queuer('a'), queuer('b')], 0)).not.toThrow();
  });

  it('leaves queueing a party to its leader', () => {
    expect(() => assertCanQueue(duo, 'b', partyOf('a', 'b'), [queuer('a'), queuer('b')], 0)).toThrow(
      /Only the party leader can queue the party/,
    );
  });

  it('refuses a party larger than the mode takes per ticket', () => {
    const three = [queuer('a'), queuer('b'), queuer('c')];
    expect(() => assertCanQueue(duo, 'a', partyOf('a', 'b', 'c'), three, 0)).toThrow(
      /party of 3 cannot queue for 2v2: at most 2/,
    );
  });

  it('names who is already queued or playing: the caller as "You", a member by name', () => {
    const queued: Presence = { kind: 'queued', ticketId: 't', mode: poolId('3v3') };
    const playing: Presence = { kind: 'inRoom', roomId: 'r', mode: poolId('1v1') };
    expect(() => assertCanQueue(duo, 'a', null, [queuer('a', { presence: queued })], 0)).toThrow(
      /^You are already queued for 3v3\.$/,
    );
    expect(() =>
      assertCanQueue(duo, 'a', partyOf('a', 'b'), [queuer('a'), queuer('b', { presence: playing })], 0),
    ).toThrow(/^B is in a live 1v1 room\.$/);
  });

  it('holds back whoever is cooling down until the cooldown ends, saying how long is left and why', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000 }), fc.integer({ min: 0, max: 50_000 }), (until, now) => {
        const attempt = () => assertCanQueue(duo, 'a', null, [queuer('a', { cooldownUntil: until, dodges: 1 })], now);
        if (until > now)
          expect(attempt).toThrow(
            new RegExp(
              `^You are cooling down for declining or missing a ready check: ${Math.ceil((until - now) / 1000)} s left`,
            ),
          );
        else expect(attempt).not.toThrow();
      }),
    );
  });

  it('names a party member serving a long cooldown, with the dodges that earned it, and sends the details', () => {
    const member = queuer('b', { cooldownUntil: 3_600_000 + 1_000, dodges: 3 });
    const attempt = () => assertCanQueue(duo, 'a', partyOf('a', 'b'), [queuer('a'), member], 1_000);
    expect(attempt).toThrow(/^B is cooling down for declining or missing 3 ready checks recently: 1 h left\./);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'failed-precondition',
        details: { cooldownUntil: 3_601_000, reason: 'dodging', dodges: 3 },
      });
    }
  });
});

describe('the candidates read for matching a new ticket at once', () => {
  it('asks for the rest of a room plus one, split over both directions, within the hard spread cap', () => {
    const plan = candidatePlan(duo, { score: 1500, members: [{}] });
    expect(plan).toEqual({
      range: { min: 1500 - duo.mode.spreadCap.hard, max: 1500 + duo.mode.spreadCap.hard },
      perDirection: 2,
      wanted: 4,
    });
    const ffa = resolvePool(
      { modes: defaultModes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } },
      poolId('ffa'),
    );
    expect(candidatePlan(ffa, { score: 1500, members: [{}, {}] }).wanted).toBe(
      ffa.mode.format.kind === 'ffa' ? ffa.mode.format.maxPlayers - 1 : 0,
    );
  });

  it('tops up from the direction that still had tickets when the other ran dry', () => {
    const plan = candidatePlan(duo, { score: 1500, members: [{}] });
    expect(topUpDirection(plan, 0, 2)).toBe('down');
    expect(topUpDirection(plan, 2, 1)).toBe('up');
    expect(topUpDirection(plan, 2, 2)).toBeNull();
    expect(topUpDirection(plan, 1, 0)).toBeNull();
  });
});
