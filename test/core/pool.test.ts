import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modeOfPool } from '../../client/src/pool.js';
import { parseConfig } from '../../functions/src/core/config.js';
import { Failure } from '../../functions/src/core/errors.js';
import { defaultModes } from '../../functions/src/core/mode/modes.js';
import { poolIdOf, poolIds, resolvePool, splitPoolId } from '../../functions/src/core/mode/pool.js';
import { modeId, poolId } from '../support/ids.js';

const config = parseConfig({
  modes: {
    ...defaultModes,
    duel: {
      ...defaultModes['1v1'],
      regions: { neighbours: { eu: ['us'], us: [] } },
      builds: { compatible: [['1.4', '1.5'], ['1.6']], minimum: '1.4' },
    },
  },
});
const id = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,12}$/);

describe('a pool', () => {
  it('is resolved from its id with the mode, region, build group and ladder that id names, and the party bonus', () => {
    for (const poolId of poolIds(config.modes)) {
      const pool = resolvePool(config, poolId);
      const { modeId, region, group } = splitPoolId(poolId);
      expect(pool).toEqual({
        id: poolId,
        modeId,
        region,
        group,
        mode: config.modes[modeId],
        ladderId: config.modes[modeId]!.ladder,
        ladder: config.ladders[config.modes[modeId]!.ladder],
        partyBonusPerMember: config.advanced.partyBonusPerMember,
      });
    }
    expect(resolvePool(config, poolId('duel~1.6@us'))).toMatchObject({ modeId: 'duel', region: 'us', group: '1.6' });
  });

  it('refuses an id naming no configured pool as bad input, and a mode on a missing ladder as a configuration bug', () => {
    for (const bad of ['9v9', 'duel~1.6', 'duel~2.0@eu', '1v1@eu']) {
      expect(() => resolvePool(config, poolId(bad))).toThrow(Failure);
    }
    const orphan = { ...config, ladders: { team: config.ladders.team! } };
    expect(() => resolvePool(orphan, poolId('1v1'))).toThrow(/rates on ladder "solo", which is not configured/);
    expect(() => resolvePool(orphan, poolId('1v1'))).not.toThrow(Failure);
  });

  it('has an id whose mode the client reads as the server does, whatever the region and build group', () => {
    fc.assert(
      fc.property(id, fc.option(id, { nil: null }), fc.option(id, { nil: null }), (mode, region, group) => {
        const pool = poolIdOf(modeId(mode), region, group);
        expect(splitPoolId(pool)).toEqual({ modeId: mode, region, group });
        expect(modeOfPool(pool)).toBe(mode);
      }),
    );
  });

  it('keeps mode ids and pool ids apart: one given where the other is meant fails to compile', () => {
    const pool = poolId('duel@eu');
    const mode = modeId('duel');
    // @ts-expect-error a pool id is not a mode id
    poolIdOf(pool, null);
    // @ts-expect-error a mode id is not a pool id
    splitPoolId(mode);
    // @ts-expect-error nor is a plain string, until a schema or a constructor here has named it one
    splitPoolId('duel@eu');
    expect(splitPoolId(pool).modeId).toBe(mode);
    expect(poolIdOf(mode, 'eu')).toBe(pool);
  });
});
