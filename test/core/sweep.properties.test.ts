import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  matchTicketNow,
  proposalTickets,
  sweepPool,
  unmatchedReasons,
  violations,
  type MatchProposal,
} from '../../functions/src/core/match/index.js';
import { defaultModes, type Mode, type PremadePolicy } from '../../functions/src/core/mode/modes.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { deepFreeze, NOW, poolArbitrary, PARTY_BONUS } from './helpers.js';
import { average, bruteForceBestDifference, capAfter, players, sortedSizes } from './matchOracle.js';

/** Checks one proposal against the mode, independently of the matcher's own checker, and with it. */
function expectValid(mode: Mode, proposal: MatchProposal, pool: readonly Ticket[]): void {
  const tickets = proposalTickets(proposal);
  for (const t of tickets) expect(pool).toContain(t);
  const waits = tickets.map((t) => (proposal.proposedAt - t.enqueuedAt) / 1000);
  const oldestWait = Math.max(...waits);
  const scores = tickets.map((t) => t.score);
  expect(Math.max(...scores) - Math.min(...scores)).toBeLessThanOrEqual(capAfter(mode.spreadCap, oldestWait));

  const format = mode.format;
  if (format.kind === 'team') {
    const [a = [], b = []] = proposal.sides;
    expect(proposal.sides).toHaveLength(2);
    expect([players(a), players(b)]).toEqual([format.teamSize, format.teamSize]);
    if (format.premade === 'mirror') expect(sortedSizes(a)).toEqual(sortedSizes(b));
    else expect(a.filter((t) => t.members.length >= 2).length).toBe(b.filter((t) => t.members.length >= 2).length);
    const difference = Math.abs(average(a) - average(b));
    expect(difference).toBeLessThanOrEqual(capAfter(format.sideDifferenceCap, oldestWait));
    expect(difference).toBeCloseTo(bruteForceBestDifference(tickets, format.teamSize, format.premade), 9);
    expect(proposal.quality.sideDifference).toBeCloseTo(difference, 9);
  } else {
    expect(proposal.sides).toHaveLength(1);
    const count = players(tickets);
    expect(count).toBeGreaterThanOrEqual(format.minPlayers);
    expect(count).toBeLessThanOrEqual(format.maxPlayers);
    if (count < format.maxPlayers) expect(Math.max(...waits)).toBeGreaterThanOrEqual(format.fillWaitSeconds);
  }
  expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
}

const withPolicy = (mode: Mode, premade: PremadePolicy): Mode =>
  mode.format.kind === 'team' ? { ...mode, format: { ...mode.format, premade } } : mode;

const cases: [string, Mode][] = Object.entries(defaultModes).flatMap(([id, mode]): [string, Mode][] =>
  mode.format.kind === 'team' && mode.format.teamSize > 1
    ? [
        [`${id} sameCount`, withPolicy(mode, 'sameCount')],
        [`${id} mirror`, withPolicy(mode, 'mirror')],
      ]
    : [[id, mode]],
);

describe.each(cases)('matching in %s', (_, mode) => {
  it('sweeps into valid, disjoint proposals and accounts for every ticket left', () => {
    fc.assert(
      fc.property(poolArbitrary(mode), (pool) => {
        deepFreeze(pool);
        const { proposals, unmatched } = sweepPool(mode, pool, NOW);
        for (const proposal of proposals) expectValid(mode, proposal, pool);
        const matched = proposals.flatMap(proposalTickets);
        expect(new Set(matched.map((t) => t.id)).size).toBe(matched.length);
        const left = unmatchedReasons.reduce((n, reason) => n + unmatched[reason], 0);
        expect(matched.length + left).toBe(pool.length);
      }),
      { numRuns: 60 },
    );
  });

  it('matches an arriving ticket only into a valid proposal that contains it', () => {
    fc.assert(
      fc.property(poolArbitrary(mode), fc.nat(), (pool, pick) => {
        fc.pre(pool.length > 0);
        deepFreeze(pool);
        const arriving = pool[pick % pool.length] as Ticket;
        const proposal = matchTicketNow(
          mode,
          arriving,
          pool.filter((t) => t !== arriving),
          NOW,
        );
        if (proposal) {
          expect(proposalTickets(proposal)).toContain(arriving);
          expectValid(mode, proposal, pool);
        }
      }),
      { numRuns: 60 },
    );
  });
});
