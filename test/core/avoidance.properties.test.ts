import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clash, firstClash, matchNowAvoiding, sweepAvoiding } from '../../functions/src/core/fairplay/avoidance.js';
import type { GuardedTicket } from '../../functions/src/core/queue/ticket.js';
import { proposalTickets, sweepPool, violations, type MatchProposal } from '../../functions/src/core/match/index.js';
import { defaultModes } from '../../functions/src/core/mode/modes.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { NOW, poolArbitrary, solos, PARTY_BONUS } from './helpers.js';

const modeIds = ['1v1', '2v2', '5v5', 'ffa'] as const;

/** A pool in which some players blocked others: each block names a player of another ticket. */
const guardedPool = (modeId: (typeof modeIds)[number]) =>
  poolArbitrary(defaultModes[modeId]!, 30).chain((tickets) => {
    const uids = tickets.flatMap((t) => t.members.map((m) => m.uid));
    const blocks =
      uids.length < 2
        ? fc.constant([])
        : fc.array(fc.tuple(fc.nat(uids.length - 1), fc.nat(uids.length - 1)), { maxLength: 12 });
    return blocks.map((pairs) => {
      const avoid = new Map<string, Set<string>>(tickets.map((t) => [t.id, new Set()]));
      for (const [by, of] of pairs) {
        const owner = tickets.find((t) => t.members.some((m) => m.uid === uids[by]))!;
        avoid.get(owner.id)!.add(uids[of]!);
      }
      return tickets.map((t): GuardedTicket => ({ ...t, avoid: [...avoid.get(t.id)!] }));
    });
  });

const blockedPairIn = (proposal: MatchProposal, pool: readonly GuardedTicket[]) => {
  const byId = new Map(pool.map((t) => [t.id, t]));
  const tickets = proposalTickets(proposal).map((t) => byId.get(t.id)!);
  for (const a of tickets)
    for (const b of tickets)
      if (a !== b && a.avoid.some((uid) => b.members.some((m) => m.uid === uid))) return [a.id, b.id];
  return null;
};

const ids = (proposals: MatchProposal[]) => proposals.map((p) => p.sides.map((s) => s.map((t) => t.id)));

describe('players who blocked each other', () => {
  for (const modeId of modeIds) {
    const mode = defaultModes[modeId]!;
    it(`are never in one ${modeId} room the sweep proposes, and every proposal still keeps the mode's rules`, () => {
      fc.assert(
        fc.property(guardedPool(modeId), (pool) => {
          const { proposals } = sweepAvoiding(mode, pool, NOW);
          const seen = new Set<string>();
          for (const proposal of proposals) {
            expect(blockedPairIn(proposal, pool)).toBeNull();
            expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
            for (const t of proposalTickets(proposal)) {
              expect(seen.has(t.id)).toBe(false);
              seen.add(t.id);
            }
          }
        }),
        { numRuns: 60 },
      );
    });

    it(`are never in one ${modeId} room matched at queueing`, () => {
      fc.assert(
        fc.property(guardedPool(modeId), (pool) => {
          if (pool.length === 0) return;
          const [arrival, ...candidates] = pool;
          const proposal = matchNowAvoiding(mode, arrival!, candidates, NOW);
          if (!proposal) return;
          expect(proposalTickets(proposal).map((t) => t.id)).toContain(arrival!.id);
          expect(blockedPairIn(proposal, pool)).toBeNull();
          expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
        }),
        { numRuns: 60 },
      );
    });

    it(`change nothing in ${modeId} when nobody blocked anyone`, () => {
      fc.assert(
        fc.property(poolArbitrary(mode, 30), (tickets: Ticket[]) => {
          const pool = tickets.map((t) => ({ ...t, avoid: [] }));
          expect(ids(sweepAvoiding(mode, pool, NOW).proposals)).toEqual(ids(sweepPool(mode, tickets, NOW).proposals));
        }),
        { numRuns: 30 },
      );
    });
  }

  it('still let the blocker play: two 1v1 players who blocked each other each meet someone else', () => {
    const mode = defaultModes['1v1']!;
    const [a, b, c, d] = solos([1500, 1501, 1502, 1503], 5).map((t) => ({ ...t, avoid: [] as string[] }));
    const ann = { ...a!, avoid: [b!.members[0]!.uid] };
    const { proposals } = sweepAvoiding(mode, [ann, b!, c!, d!], NOW);
    expect(proposals).toHaveLength(2);
    for (const p of proposals) expect(blockedPairIn(p, [ann, b!, c!, d!])).toBeNull();
  });

  it('clash either way round, but never within one party', () => {
    const member = (uid: string) => ({ uid, rating: 1500 });
    const party = { members: [member('a'), member('b')], avoid: ['b'] };
    const other = { members: [member('c')], avoid: ['a'] };
    expect(clash(party, other)).toBe(true);
    expect(clash(other, party)).toBe(true);
    expect(clash(party, { members: [member('d')], avoid: [] })).toBe(false);
    expect(firstClash([party])).toBeNull();
  });
});
