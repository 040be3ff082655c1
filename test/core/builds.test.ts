import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Failure } from '../../functions/src/core/errors.js';
import {
  buildGroup,
  buildsSchema,
  compareBuilds,
  compatible,
  type Builds,
} from '../../functions/src/core/mode/builds.js';
import { defaultModes, parseModes } from '../../functions/src/core/mode/modes.js';
import { poolIdOf, poolIds, resolvePool } from '../../functions/src/core/mode/pool.js';
import { defaultLadders } from '../../functions/src/core/ladder/ladder.js';
import { proposalTickets, sweepPool } from '../../functions/src/core/match/index.js';
import type { Ticket } from '../../functions/src/core/match/ticket.js';
import { NOW, ticket, PARTY_BONUS } from './helpers.js';
import { modeId, poolId } from '../support/ids.js';

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof Failure) return { code: error.code, message: error.message };
    throw error;
  }
  return null;
};

const rollout: Builds = { compatible: [['1.4', '1.5'], ['1.6']], minimum: '1.4' };

describe('compatible builds', () => {
  it('compares builds number by number', () => {
    expect(compareBuilds('1.10', '1.9')).toBe(1);
    expect(compareBuilds('1.4', '1.4.0')).toBe(0);
    expect(compareBuilds('1.3.9', '1.4')).toBe(-1);
  });

  it('puts a client in the pool of its build group, and refuses an old, unknown or missing build with what to do', () => {
    expect(buildGroup('1v1', rollout, '1.5')).toBe('1.4');
    expect(buildGroup('1v1', rollout, '1.6')).toBe('1.6');
    expect(buildGroup('1v1', null, undefined)).toBeNull();
    expect(buildGroup('1v1', { minimum: '2.0' }, '2.1')).toBeNull();
    expect(refusal(() => buildGroup('1v1', rollout, '1.3'))).toEqual({
      code: 'failed-precondition',
      message: 'Build 1.3 is too old for 1v1: update the game to 1.4 or later to play.',
    });
    expect(refusal(() => buildGroup('1v1', rollout, '1.7'))?.message).toMatch(/^Build 1.7 cannot play 1v1 now/);
    expect(refusal(() => buildGroup('1v1', rollout, undefined))).toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/^build: /),
    });
  });

  it('gives every build group of every region its own pool, and resolves each pool id back', () => {
    const modes = parseModes({
      ...defaultModes,
      duel: { ...defaultModes['1v1'], builds: rollout },
      world: {
        ...defaultModes['1v1'],
        builds: rollout,
        regions: { neighbours: { eu: ['us'], us: [] } },
      },
    });
    const ids = poolIds(modes).filter((id) => id.startsWith('duel') || id.startsWith('world'));
    expect(ids).toEqual(['duel~1.4', 'duel~1.6', 'world~1.4@eu', 'world~1.4@us', 'world~1.6@eu', 'world~1.6@us']);
    expect(
      resolvePool(
        { modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } },
        poolId('world~1.6@us'),
      ),
    ).toMatchObject({
      modeId: 'world',
      region: 'us',
      group: '1.6',
    });
    expect(
      refusal(() =>
        resolvePool({ modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } }, poolId('duel')),
      )?.code,
    ).toBe('invalid-argument');
    expect(
      refusal(() =>
        resolvePool(
          { modes, ladders: defaultLadders, advanced: { partyBonusPerMember: PARTY_BONUS } },
          poolId('1v1~1.4'),
        ),
      )?.code,
    ).toBe('invalid-argument');
  });

  it('refuses a configuration naming a build in two groups or a malformed build, saying where', () => {
    const twice = buildsSchema.safeParse({ compatible: [['1.4'], ['1.5', '1.4']] });
    expect(twice.error?.issues[0]).toMatchObject({ path: ['compatible', 1, 1], message: '"1.4" is in two groups' });
    expect(() => parseModes({ x: { ...defaultModes['1v1'], builds: { minimum: 'v1' } } })).toThrow(
      /modes\.x\.builds\.minimum: a build is 1 to 4 numbers/,
    );
  });

  it('never seats incompatible builds in one room (property: random groups, builds and pools swept)', () => {
    const mode = defaultModes['2v2']!;
    const build = fc.constantFrom('1.3', '1.4', '1.5', '1.6', '1.7', '2.0', '2.0.1');
    const groups = fc.uniqueArray(build, { minLength: 1, maxLength: 7 }).chain((builds) =>
      fc.array(fc.nat({ max: 2 }), { minLength: builds.length, maxLength: builds.length }).map((slots) => {
        const grouped = [0, 1, 2].map((slot) => builds.filter((_, i) => slots[i] === slot)).filter((g) => g.length);
        return { compatible: grouped } as Builds;
      }),
    );
    const queuers = fc.array(fc.record({ build, rating: fc.integer({ min: 1450, max: 1550 }) }), { maxLength: 40 });
    fc.assert(
      fc.property(groups, fc.option(build, { nil: undefined }), queuers, (rules, minimum, players) => {
        const builds: Builds = { ...rules, ...(minimum && { minimum }) };
        const buildOf = new Map<string, string>();
        const pools = new Map<string, Ticket[]>();
        for (const player of players) {
          let group: string | null | undefined;
          if (refusal(() => (group = buildGroup('2v2', builds, player.build)))) continue; // refused: never queued
          const t = ticket([player.rating], 30);
          buildOf.set(t.id, player.build);
          const id = poolIdOf(modeId('2v2'), null, group ?? null);
          pools.set(id, [...(pools.get(id) ?? []), t]);
        }
        for (const tickets of pools.values()) {
          for (const proposal of sweepPool(mode, tickets, NOW).proposals) {
            const seated = proposalTickets(proposal).map((t) => buildOf.get(t.id)!);
            for (const a of seated) for (const b of seated) expect(compatible(builds, a, b)).toBe(true);
            for (const b of seated)
              if (builds.minimum) expect(compareBuilds(b, builds.minimum)).toBeGreaterThanOrEqual(0);
          }
        }
      }),
    );
  });
});
