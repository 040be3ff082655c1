import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../functions/src/core/config.js';
import { ConfigError } from '../../functions/src/core/errors.js';
import { proposalTickets, sweepPool } from '../../functions/src/core/match/index.js';
import { sweepRegion, type Visitor } from '../../functions/src/core/match/regional.js';
import { MAX_FFA_PLAYERS } from '../../functions/src/core/mode/backfill.js';
import { defaultModes } from '../../functions/src/core/mode/modes.js';
import { poolIds, resolvePool, splitPoolId } from '../../functions/src/core/mode/pool.js';
import {
  homeRegion,
  hopsFrom,
  MAX_REGIONS,
  mayPlayIn,
  reachableRegions,
  regionsSchema,
  rttsSchema,
  type Regions,
  type Rtts,
} from '../../functions/src/core/mode/regions.js';
import { ffaReportSchema, newRoom, roomTickets } from '../../functions/src/core/room/room.js';
import { queuedTicket, requeuedTicket, toCoreTicket, toPoolEntry } from '../../functions/src/core/queue/ticket.js';
import { measureQuality } from '../../functions/src/core/match/proposal.js';
import { newPlayer } from '../../functions/src/core/player/player.js';
import { defaultLadders } from '../../functions/src/core/ladder/ladder.js';
import { NOW, poolArbitrary, PARTY_BONUS } from './helpers.js';
import { poolId } from '../support/ids.js';

// eu – us – asia in a line, plus sa next to us: eu to asia is two hops.
const regions: Regions = regionsSchema.parse({
  neighbours: { eu: ['us'], us: ['asia', 'sa'], asia: [], sa: [] },
  reach: [
    { afterSeconds: 0, value: 0 },
    { afterSeconds: 10, value: 1 },
    { afterSeconds: 30, value: 2 },
  ],
  maxRttMs: [
    { afterSeconds: 0, value: 80 },
    { afterSeconds: 10, value: 150 },
  ],
});
const ids = ['eu', 'us', 'asia', 'sa'];

describe('regions in the configuration', () => {
  it('makes the neighbours symmetric and lists a pool per region', () => {
    expect(regions.neighbours).toEqual({ eu: ['us'], us: ['eu', 'asia', 'sa'], asia: ['us'], sa: ['us'] });
    const modes = { ...defaultModes, duel: { ...defaultModes['1v1']!, regions } };
    expect(poolIds(modes)).toEqual([...Object.keys(defaultModes), 'duel@eu', 'duel@us', 'duel@asia', 'duel@sa']);
    expect(
      resolvePool(
        { modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } },
        poolId('duel@us'),
      ),
    ).toMatchObject({
      id: 'duel@us',
      modeId: 'duel',
      region: 'us',
    });
    expect(() =>
      resolvePool({ modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } }, poolId('duel')),
    ).toThrow(/regional: name one of its regions \(eu, us, asia, sa\)/);
    expect(() =>
      resolvePool(
        { modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } },
        poolId('duel@mars'),
      ),
    ).toThrow(/regional/);
    expect(() =>
      resolvePool({ modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } }, poolId('1v1@eu')),
    ).toThrow(/has no regions/);
  });

  it('refuses a neighbour that is not a region, a region next to itself and steps that narrow, naming the place', () => {
    const config = (r: unknown) => () =>
      parseConfig({ modes: { duel: { ...defaultModes['1v1']!, regions: r } } }, 'test config');
    expect(config({ neighbours: { eu: ['mars'] } })).toThrow(
      /modes\.duel\.regions\.neighbours\.eu\[0\]: "mars" is not a region of this mode \(regions: eu\)/,
    );
    expect(config({ neighbours: { eu: ['eu'] } })).toThrow(/a region is not its own neighbour/);
    expect(
      config({
        neighbours: { eu: [] },
        reach: [
          { afterSeconds: 0, value: 2 },
          { afterSeconds: 5, value: 1 },
        ],
      }),
    ).toThrow(/regions\.reach\[1\]\.value: a step may only widen with waiting/);
    expect(config({ neighbours: {} })).toThrow(ConfigError);
  });
});

describe("a player's region and reach", () => {
  it('queues in the region chosen, else the nearest measured one, and refuses neither', () => {
    expect(homeRegion(regions, 'asia', { eu: 10 })).toBe('asia');
    expect(homeRegion(regions, undefined, { eu: 90, us: 40 })).toBe('us');
    expect(() => homeRegion(regions, 'mars', undefined)).toThrow(/region: "mars" is not a region of this mode/);
    expect(() => homeRegion(regions, undefined, {})).toThrow(/send region \(one of eu, us, asia, sa\) or rtts/);
  });

  it('refuses round trips to regions the mode does not have, naming the field, rather than carry them', () => {
    expect(() => homeRegion(regions, undefined, { eu: 90, us: 40, mars: 1 })).toThrow(
      /^rtts: "mars" is not a region of this mode \(regions: eu, us, asia, sa\)\.$/,
    );
    expect(() => homeRegion(regions, 'eu', { mars: 1 })).toThrow(/^rtts: "mars"/);
  });

  it('bounds every collection a request can carry: rtts to the most regions a mode may have, placements to a room', () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`r${i}`, 10]));
    expect(rttsSchema.safeParse(many(MAX_REGIONS)).success).toBe(true);
    expect(rttsSchema.safeParse(many(MAX_REGIONS + 1)).success).toBe(false);
    const neighbours = Object.fromEntries(Object.keys(many(MAX_REGIONS + 1)).map((id) => [id, []]));
    expect(() => regionsSchema.parse({ neighbours })).toThrow(/name at most 32 regions/);
    const placed = (n: number, uid = (i: number) => `p${i}`) =>
      ffaReportSchema.safeParse({ placements: Object.fromEntries(Array.from({ length: n }, (_, i) => [uid(i), 1])) });
    expect(placed(MAX_FFA_PLAYERS).success).toBe(true);
    expect(placed(MAX_FFA_PLAYERS + 1).success).toBe(false);
    expect(placed(2, (i) => `${'u'.repeat(200)}${i}`).success).toBe(false);
    expect(ffaReportSchema.safeParse({ placements: { a: MAX_FFA_PLAYERS + 1 } }).success).toBe(false);
  });

  it('counts hops over the neighbours', () => {
    expect(Object.fromEntries(hopsFrom(regions, 'eu'))).toEqual({ eu: 0, us: 1, asia: 2, sa: 2 });
    expect(reachableRegions(regions, 'asia').sort()).toEqual(['asia', 'eu', 'sa', 'us']);
  });

  it('reaches no further than the wait allows, and never a region measured too far away', () => {
    const eu = { home: 'eu', rtts: null };
    expect(mayPlayIn(regions, eu, 'eu', 0)).toBe(true);
    expect(mayPlayIn(regions, eu, 'us', 9)).toBe(false);
    expect(mayPlayIn(regions, eu, 'us', 10)).toBe(true);
    expect(mayPlayIn(regions, eu, 'asia', 29)).toBe(false);
    expect(mayPlayIn(regions, eu, 'asia', 30)).toBe(true);
    const measured = { home: 'eu', rtts: { us: 120, asia: 400 } };
    expect(mayPlayIn(regions, measured, 'us', 10)).toBe(true);
    expect(mayPlayIn(regions, measured, 'asia', 3_600)).toBe(false);
  });

  it('only ever widens: a region in reach stays in reach as the wait grows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        fc.constantFrom(...ids),
        fc.option(fc.dictionary(fc.constantFrom(...ids), fc.integer({ min: 0, max: 300 }))),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (home, region, rtts, a, b) => {
          const player = { home, rtts };
          if (mayPlayIn(regions, player, region, Math.min(a, b)))
            expect(mayPlayIn(regions, player, region, Math.max(a, b))).toBe(true);
        },
      ),
    );
  });
});

describe("sweeping one region's pool", () => {
  const duel = { ...defaultModes['1v1']!, regions };
  const visitorsArb = fc
    .array(
      fc.record({
        home: fc.constantFrom('us', 'asia', 'sa'),
        rtts: fc.option(fc.dictionary(fc.constantFrom(...ids), fc.integer({ min: 0, max: 300 }))),
      }),
      { maxLength: 20 },
    )
    .chain((homes) =>
      poolArbitrary(duel, homes.length).map((tickets) =>
        tickets.map((ticket, i): Visitor => ({ ticket: { ...ticket, id: `v${i}` }, ...homes[i % homes.length]! })),
      ),
    );

  it('seats visitors only where their wait allows, never in a match without a player of the region', () => {
    fc.assert(
      fc.property(poolArbitrary(duel, 20), visitorsArb, (own, visitors) => {
        const { proposals } = sweepRegion(duel, 'eu', own, visitors, NOW);
        const seen = new Set<string>();
        for (const proposal of proposals) {
          const tickets = proposalTickets(proposal);
          expect(tickets.some((t) => own.includes(t))).toBe(true);
          for (const t of tickets) {
            expect(seen.has(t.id)).toBe(false);
            seen.add(t.id);
            const visitor = visitors.find((v) => v.ticket === t);
            if (visitor) expect(mayPlayIn(regions, visitor, 'eu', (NOW - t.enqueuedAt) / 1000)).toBe(true);
          }
        }
      }),
    );
  });

  it('matches at home first: the matches among its own players are those a sweep without visitors makes', () => {
    fc.assert(
      fc.property(poolArbitrary(duel, 20), visitorsArb, (own, visitors) => {
        const alone = sweepPool(duel, own, NOW).proposals;
        expect(sweepRegion(duel, 'eu', own, visitors, NOW).proposals.slice(0, alone.length)).toEqual(alone);
      }),
    );
  });

  it('seats a lone player with a visitor from next door once both have waited long enough', () => {
    const own = { id: 'e', members: [{ uid: 'e', rating: 1500 }], score: 1500, enqueuedAt: NOW - 12_000 };
    const visitor: Visitor = {
      ticket: { id: 'u', members: [{ uid: 'u', rating: 1510 }], score: 1510, enqueuedAt: NOW - 12_000 },
      home: 'us',
      rtts: null,
    };
    expect(sweepRegion(duel, 'eu', [own], [visitor], NOW).proposals).toHaveLength(1);
    const fresh = { ...visitor, ticket: { ...visitor.ticket, enqueuedAt: NOW - 1_000 } };
    expect(sweepRegion(duel, 'eu', [own], [fresh], NOW).proposals).toHaveLength(0);
  });
});

describe('a ticket sent back to the pool after a failed ready check', () => {
  const modes = { ...defaultModes, duel: { ...defaultModes['1v1']!, regions } };
  const player = (uid: string) => newPlayer(uid, uid, defaultLadders, NOW);
  const queuedIn = (id: string, home: string, rtts: Rtts | null) =>
    queuedTicket(
      id,
      resolvePool(
        { modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } },
        poolId(`duel@${home}`),
      ),
      { uid: id, partyId: null },
      [player(id)],
      { avoid: [], recent: [] },
      NOW,
      rtts,
    );
  const rttsArbitrary = fc.option(
    fc.dictionary(fc.constantFrom(...ids), fc.integer({ min: 0, max: 500 }), { minKeys: 1 }),
    { nil: null },
  );

  it('returns to its own region with its round trips, so it may play exactly where it could before', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ids),
        rttsArbitrary,
        fc.constantFrom(...ids),
        fc.integer({ min: 0, max: 120 }),
        (home, rtts, roomRegion, waited) => {
          const ann = queuedIn('ann', home, rtts);
          const ben = queuedIn('ben', roomRegion, null);
          const proposedAt = NOW + waited * 1000;
          const sides = [[toCoreTicket(toPoolEntry(ann))], [toCoreTicket(toPoolEntry(ben))]];
          const proposal = { proposedAt, sides, quality: measureQuality(sides, proposedAt) };
          const tickets = new Map([ann, ben].map((t) => [t.id, t]));
          const room = newRoom(
            'r',
            resolvePool(
              { modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } },
              poolId(`duel@${roomRegion}`),
            ),
            proposal,
            tickets,
            proposedAt,
            null,
          );
          const matched = roomTickets(room).find((t) => t.ticketId === 'ann')!;
          const guard = { avoid: [], recent: [] };
          const back = requeuedTicket(
            'ann2',
            resolvePool({ modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } }, room.mode),
            matched,
            room,
            guard,
            proposedAt,
            ann,
          );
          expect(back).toMatchObject({ mode: ann.mode, rtts: ann.rtts, enqueuedAt: ann.enqueuedAt });
          // Where it may play at any later wait is where the original could: its home, reach and round trips.
          const before = { home, rtts };
          const after = { home: splitPoolId(back.mode).region!, rtts: back.rtts };
          for (const region of ids)
            for (const wait of [0, 5, 10, 20, 30, 60, 120])
              expect(mayPlayIn(regions, after, region, wait)).toBe(mayPlayIn(regions, before, region, wait));
          // Even unread, the ticket goes home (the room names its pool), never to the room's region.
          expect(
            requeuedTicket(
              'ann3',
              resolvePool(
                { modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } },
                room.mode,
              ),
              matched,
              room,
              guard,
              proposedAt,
            ).mode,
          ).toBe(`duel@${home}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});
