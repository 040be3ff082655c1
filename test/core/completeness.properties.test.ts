import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchTicketNow, proposalTickets, sweepPool, violations } from '../../functions/src/core/match/index.js';
import { defaultModes, modeSchema, type Mode } from '../../functions/src/core/mode/modes.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { deepFreeze, NOW, solos, sparsePoolArbitrary, ticket, PARTY_BONUS } from './helpers.js';
import { bruteForceMatch } from './matchOracle.js';

/** A cap that starts at `start` and widens once, after `after` seconds, by `widen`. */
const capArbitrary = (min: number, max: number) =>
  fc
    .record({
      start: fc.integer({ min, max }),
      widen: fc.integer({ min: 0, max }),
      after: fc.integer({ min: 1, max: 40 }),
    })
    .map(({ start, widen, after }) => ({
      hard: start + widen,
      schedule: [
        { afterSeconds: 0, value: start },
        { afterSeconds: after, value: start + widen },
      ],
    }));

const teamModeArbitrary = fc
  .record({
    teamSize: fc.integer({ min: 1, max: 5 }),
    premade: fc.constantFrom('sameCount', 'mirror'),
    sideDifferenceCap: capArbitrary(1, 15),
    spreadCap: capArbitrary(20, 150),
  })
  .map(({ teamSize, premade, sideDifferenceCap, spreadCap }) =>
    modeSchema.parse({
      ladder: 'team',
      format: { kind: 'team', teamSize, premade, sideDifferenceCap },
      spreadCap,
      ticketTtlSeconds: 120,
    }),
  );

const ffaModeArbitrary = fc
  .record({
    minPlayers: fc.integer({ min: 2, max: 6 }),
    extra: fc.integer({ min: 0, max: 4 }),
    fillWaitSeconds: fc.integer({ min: 0, max: 30 }),
    spreadCap: capArbitrary(20, 300),
  })
  .map(({ minPlayers, extra, fillWaitSeconds, spreadCap }) =>
    modeSchema.parse({
      ladder: 'team',
      format: { kind: 'ffa', minPlayers, maxPlayers: minPlayers + extra, fillWaitSeconds },
      spreadCap,
      ticketTtlSeconds: 120,
    }),
  );

const defaultModeArbitrary = fc.constantFrom(
  ...Object.values(defaultModes).flatMap((mode): Mode[] =>
    mode.format.kind === 'team' ? [mode, { ...mode, format: { ...mode.format, premade: 'mirror' } }] : [mode],
  ),
);

const modeArbitrary = fc.oneof(
  { weight: 4, arbitrary: teamModeArbitrary },
  { weight: 1, arbitrary: ffaModeArbitrary },
  { weight: 1, arbitrary: defaultModeArbitrary },
);
const scenario = fc
  .record({ mode: modeArbitrary, pool: sparsePoolArbitrary(11), pick: fc.nat() })
  .map(({ mode, pool, pick }) => ({
    mode,
    pool: deepFreeze(pool),
    pick,
  }));

describe('completeness against a brute-force oracle', () => {
  it('a sweep leaves no valid match among the tickets it leaves queued', () => {
    fc.assert(
      fc.property(scenario, ({ mode, pool }) => {
        const matched = new Set(sweepPool(mode, pool, NOW).proposals.flatMap(proposalTickets));
        const left = pool.filter((t) => !matched.has(t));
        expect(bruteForceMatch(mode, left, NOW)).toBeNull();
      }),
      { numRuns: 1500 },
    );
  });

  it('an arriving ticket is matched at once whenever its candidates hold a valid match with it', () => {
    fc.assert(
      fc.property(scenario, ({ mode, pool, pick }) => {
        fc.pre(pool.length > 0);
        const arriving = pool[pick % pool.length] as Ticket;
        const possible = bruteForceMatch(mode, pool, NOW, arriving);
        const proposal = matchTicketNow(
          mode,
          arriving,
          pool.filter((t) => t !== arriving),
          NOW,
        );
        expect(proposal !== null).toBe(possible !== null);
        if (proposal) {
          expect(proposalTickets(proposal)).toContain(arriving);
          expect(violations(mode, proposal, PARTY_BONUS)).toEqual([]);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('tries windows on one side of the ticket when its nearest neighbours spread too far', () => {
    const mode = defaultModes['2v2'] as Mode;
    // After 2 s the spread cap is 200: 1401, 1401, 1601, 1601 fit it, but 1400 is nearer to every one of them
    // than the second 1601, and a match of the nearest four would spread 201.
    const oldest = ticket([1401], 2);
    const pool = [oldest, ...solos([1601, 1401, 1400, 1601])];
    const [match, ...more] = sweepPool(mode, pool, NOW).proposals;
    expect(more).toEqual([]);
    expect(proposalTickets(match ?? { sides: [] }).map((t) => t.score)).toEqual(
      expect.arrayContaining([1401, 1401, 1601, 1601]),
    );
    expect(matchTicketNow(mode, oldest, pool.slice(1), NOW)).not.toBeNull();
  });
});
