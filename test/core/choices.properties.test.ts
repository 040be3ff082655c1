import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchNowChoosing, sweepChoosing } from '../../functions/src/core/match/choices.js';
import {
  matchTicketNow,
  proposalTickets,
  sweepPool,
  violations,
  type MatchProposal,
} from '../../functions/src/core/match/index.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import {
  agreement,
  choicesSchema,
  requestedChoices,
  type Choices,
  type TicketChoices,
} from '../../functions/src/core/mode/choices.js';
import { defaultModes, type Mode } from '../../functions/src/core/mode/modes.js';
import { Failure } from '../../functions/src/core/errors.js';
import { NOW, PARTY_BONUS, poolArbitrary } from './helpers.js';

/** Maps a ticket accepts (several), and the language it speaks (one), the map relaxing after 30 s of waiting. */
const CHOICES: Choices = choicesSchema.parse({
  map: { kind: 'overlap', values: ['dust', 'mirage', 'nuke'], relaxAfterSeconds: 30 },
  lang: { kind: 'equal', values: ['en', 'zh'] },
});

type Choosing = Ticket & { choices?: TicketChoices };

const chosen = fc.record(
  {
    map: fc.uniqueArray(fc.constantFrom('dust', 'mirage', 'nuke'), { minLength: 1 }),
    lang: fc.constantFrom('en', 'zh').map((v) => [v]),
  },
  { requiredKeys: [] },
);

/** A pool of the mode whose tickets chose maps and a language (or left either out). */
const choosingPool = (mode: Mode) =>
  poolArbitrary(mode, 40).chain((tickets) =>
    fc
      .array(chosen, { minLength: tickets.length, maxLength: tickets.length })
      .map((choices) => tickets.map((t, i): Choosing => ({ ...t, choices: choices[i] }))),
  );

const byIdIn = (pool: readonly Choosing[]) => new Map(pool.map((t) => [t.id, t]));
const agreementOf = (proposal: MatchProposal, pool: readonly Choosing[]) => {
  const byId = byIdIn(pool);
  return agreement(
    CHOICES,
    proposalTickets(proposal).map((t) => byId.get(t.id)!),
    proposal.proposedAt,
  );
};

describe("players' choices", () => {
  for (const modeId of ['1v1', '2v2', '5v5', 'ffa'] as const) {
    const mode: Mode = { ...defaultModes[modeId]!, choices: CHOICES };
    it(`seat only ${modeId} tickets that agree, each at most once, within the mode's rules`, () => {
      fc.assert(
        fc.property(choosingPool(mode), (pool) => {
          const { proposals, unmatched } = sweepChoosing(mode, pool, NOW, sweepPool);
          const seen = new Set<string>();
          for (const proposal of proposals) {
            expect(agreementOf(proposal, pool)).not.toBeNull();
            expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
            for (const t of proposalTickets(proposal)) {
              expect(seen.has(t.id)).toBe(false);
              seen.add(t.id);
            }
          }
          const left = Object.values(unmatched).reduce((a, b) => a + b, 0);
          expect(left + seen.size).toBe(pool.length);
        }),
        { numRuns: 40 },
      );
    });

    it(`let an arriving ${modeId} ticket match at once only with tickets it agrees with`, () => {
      fc.assert(
        fc.property(choosingPool(mode), (pool) => {
          const [arrival, ...candidates] = pool;
          if (!arrival) return;
          const proposal = matchNowChoosing(mode, arrival, candidates, NOW, matchTicketNow);
          if (proposal) expect(agreementOf(proposal, pool)).not.toBeNull();
        }),
        { numRuns: 40 },
      );
    });
  }

  it('cost one sweep when everyone accepts everything, and change nothing for a mode without choices', () => {
    const mode: Mode = { ...defaultModes['2v2']!, choices: CHOICES };
    fc.assert(
      fc.property(poolArbitrary(mode, 40), (pool) => {
        let sweeps = 0;
        const counted = (m: Mode, tickets: readonly Ticket[], at: number) => {
          sweeps++;
          return sweepPool(m, tickets, at);
        };
        const open = sweepChoosing(mode, pool, NOW, counted);
        expect(sweeps).toBeLessThanOrEqual(1);
        expect(open.proposals).toEqual(sweepPool(mode, pool, NOW).proposals);
        const plain = defaultModes['2v2']!;
        expect(sweepChoosing(plain, pool, NOW, sweepPool)).toEqual(sweepPool(plain, pool, NOW));
      }),
      { numRuns: 30 },
    );
  });

  it('agree on the first value in the mode’s order that every ticket accepts, and relax with the wait', () => {
    const at = (waitSeconds: number) => NOW - waitSeconds * 1000;
    const ann = { enqueuedAt: at(0), choices: { map: ['nuke', 'mirage'], lang: ['en'] } };
    const bob = { enqueuedAt: at(0), choices: { map: ['mirage', 'nuke'] } };
    expect(agreement(CHOICES, [ann, bob], NOW)).toEqual({ map: 'mirage', lang: 'en' });
    const cat = { enqueuedAt: at(10), choices: { map: ['dust'], lang: ['en'] } };
    expect(agreement(CHOICES, [ann, cat], NOW)).toBeNull();
    // After 30 s Cat takes any map; a language never relaxes.
    expect(agreement(CHOICES, [ann, { ...cat, enqueuedAt: at(30) }], NOW)).toEqual({ map: 'mirage', lang: 'en' });
    expect(agreement(CHOICES, [ann, { enqueuedAt: at(99), choices: { lang: ['zh'] } }], NOW)).toBeNull();
    expect(agreement(null, [ann, cat], NOW)).toEqual({});
  });
});

describe('a queueing’s choices', () => {
  const refusal = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      expect(error).toBeInstanceOf(Failure);
      return `${(error as Failure).code}: ${(error as Failure).message}`;
    }
    throw new Error('expected a refusal');
  };

  it('are checked against the mode, naming the field, and kept as lists of values', () => {
    expect(requestedChoices('duel', CHOICES, { map: 'dust', lang: 'zh' })).toEqual({ map: ['dust'], lang: ['zh'] });
    expect(requestedChoices('duel', CHOICES, { map: ['nuke', 'dust', 'nuke'] })).toEqual({ map: ['nuke', 'dust'] });
    expect(requestedChoices('duel', null, {})).toEqual({});
    expect(refusal(() => requestedChoices('duel', null, { map: 'dust' }))).toBe(
      'invalid-argument: choices: mode "duel" offers no choices.',
    );
    expect(refusal(() => requestedChoices('duel', CHOICES, { colour: 'red' }))).toBe(
      'invalid-argument: choices.colour: mode "duel" offers "map", "lang" only.',
    );
    expect(refusal(() => requestedChoices('duel', CHOICES, { map: ['dust', 'vertigo'] }))).toBe(
      'invalid-argument: choices.map: "vertigo" is not one of "dust", "mirage", "nuke".',
    );
    expect(refusal(() => requestedChoices('duel', CHOICES, { lang: ['en', 'zh'] }))).toBe(
      'invalid-argument: choices.lang: name one value, not a list.',
    );
    expect(refusal(() => requestedChoices('duel', CHOICES, { constructor: 'x' }))).toMatch(
      /^invalid-argument: choices.constructor/,
    );
  });

  it('are bounded by the configuration: few choices, few values, few combinations', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`);
    const many = Object.fromEntries(['a', 'b', 'c', 'd'].map((k) => [k, { kind: 'equal', values: ['x'] }]));
    expect(choicesSchema.safeParse(many).success).toBe(false);
    expect(choicesSchema.safeParse({ a: { kind: 'overlap', values: values(17) } }).success).toBe(false);
    expect(choicesSchema.safeParse({ a: { kind: 'overlap', values: ['x', 'x'] } }).success).toBe(false);
    const product = { a: { kind: 'overlap', values: values(9) }, b: { kind: 'overlap', values: values(8) } };
    expect(choicesSchema.safeParse(product).success).toBe(false);
    expect(
      choicesSchema.safeParse({ a: { kind: 'overlap', values: values(8) }, b: { kind: 'equal', values: values(8) } })
        .success,
    ).toBe(true);
  });
});
