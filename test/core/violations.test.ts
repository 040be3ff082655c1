import { describe, expect, it } from 'vitest';
import {
  matchProposalSchema,
  measureQuality,
  sweepPool,
  violations,
  type MatchProposal,
  type ViolationRule,
} from '../../functions/src/core/match/index.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { NOW, solos, ticket, PARTY_BONUS } from './helpers.js';

const twoVsTwo = defaultModes['2v2'] as Mode;
const ffa = defaultModes.ffa as Mode;

/** A proposal with these sides, recorded with the quality they really have. */
const proposal = (sides: Ticket[][], proposedAt = NOW): MatchProposal => ({
  proposedAt,
  sides,
  quality: measureQuality(sides, proposedAt),
});
const rules = (mode: Mode, p: MatchProposal): ViolationRule[] =>
  [...new Set(violations(mode, p, PARTY_BONUS).map((v) => v.rule))].sort();

describe('violations', () => {
  it('accepts what the matcher proposes, also after a round trip through its schema', () => {
    const { proposals } = sweepPool(twoVsTwo, solos([1500, 1510, 1520, 1530]), NOW);
    const [first] = proposals;
    if (!first) throw new Error('expected a match');
    expect(violations(twoVsTwo, matchProposalSchema.parse(JSON.parse(JSON.stringify(first))), PARTY_BONUS)).toEqual([]);
  });

  it('flags sides of the wrong size and a premade imbalance', () => {
    const [a, b, c, d] = solos([1500, 1500, 1500, 1500]) as [Ticket, Ticket, Ticket, Ticket];
    expect(rules(twoVsTwo, proposal([[a, b, c], [d]]))).toEqual(['sides']);
    expect(rules(twoVsTwo, proposal([[ticket([1480, 1480])], [a, b]]))).toEqual(['premade']);
  });

  it('flags caps exceeded for the oldest wait, and a split that is not the best one', () => {
    const fresh = solos([1400, 1420, 1500, 1520]) as [Ticket, Ticket, Ticket, Ticket];
    expect(
      rules(
        twoVsTwo,
        proposal([
          [fresh[0], fresh[3]],
          [fresh[1], fresh[2]],
        ]),
      ),
    ).toEqual(['spreadCap']);
    const close = solos([1450, 1460, 1500, 1510]) as [Ticket, Ticket, Ticket, Ticket];
    expect(
      rules(
        twoVsTwo,
        proposal([
          [close[0], close[1]],
          [close[2], close[3]],
        ]),
      ),
    ).toEqual(['sideDifferenceCap', 'splitNotOptimal']);
    expect(
      rules(
        twoVsTwo,
        proposal([
          [close[0], close[3]],
          [close[1], close[2]],
        ]),
      ),
    ).toEqual([]);
  });

  it('flags a ticket twice, a wrong matching score and a recorded quality that lies, but not a long wait', () => {
    const [a, b, c] = solos([1500, 1500, 1500]) as [Ticket, Ticket, Ticket];
    expect(
      rules(
        twoVsTwo,
        proposal([
          [a, b],
          [c, a],
        ]),
      ),
    ).toEqual(['duplicate']);
    const inflated = { ...ticket([1500, 1500]), score: 1500 };
    expect(rules(twoVsTwo, proposal([[inflated], [a, b]]))).toContain('matchingScore');
    const stale = ticket([1500], twoVsTwo.ticketTtlSeconds + 1);
    expect(
      rules(
        twoVsTwo,
        proposal([
          [a, b],
          [c, stale],
        ]),
      ),
    ).toEqual([]);
    const honest = proposal([
      [a, b],
      [c, ticket([1500])],
    ]);
    expect(rules(twoVsTwo, { ...honest, quality: { ...honest.quality, winProbabilityA: 0.9 } })).toEqual(['quality']);
  });

  it('flags a free-for-all room outside its size, or started short before the fill wait', () => {
    const format = ffa.format.kind === 'ffa' ? ffa.format : undefined;
    if (!format) throw new Error('ffa is a free-for-all');
    expect(rules(ffa, proposal([solos([1500, 1500, 1500])]))).toEqual(['fillWait', 'playerCount']);
    expect(rules(ffa, proposal([solos(new Array<number>(format.maxPlayers + 1).fill(1500))]))).toEqual(['playerCount']);
    expect(rules(ffa, proposal([solos(new Array<number>(format.minPlayers).fill(1500))]))).toEqual(['fillWait']);
    expect(
      rules(ffa, proposal([solos(new Array<number>(format.minPlayers).fill(1500), format.fillWaitSeconds)])),
    ).toEqual([]);
    const room = solos(new Array<number>(format.maxPlayers).fill(1500));
    expect(rules(ffa, proposal([room.slice(0, 4), room.slice(4)]))).toEqual(['sides']);
  });
});
