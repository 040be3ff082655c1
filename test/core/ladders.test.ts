import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultLadders, ladderSchema, laddersSchema } from '../../functions/src/core/ladder/ladder.js';
import { defaultTiers } from '../../functions/src/core/ladder/tiers.js';

const problems = (input: unknown) => {
  const result = laddersSchema.safeParse(input);
  if (result.success) throw new Error('expected the ladders to be rejected');
  return z.prettifyError(result.error);
};

describe('ladders', () => {
  it('fills every rule a studio leaves out with the standard ones', () => {
    expect(ladderSchema.parse({})).toEqual({
      initialRating: 1500,
      k: 32,
      provisionalK: 64,
      provisionalGames: 10,
      floorAtZero: false,
      tiers: defaultTiers,
      placementGames: 5,
      inactiveAfterDays: null,
      seasons: [],
      softReset: { compression: 0.5, mean: null },
    });
    expect(ladderSchema.parse({ k: 24, floorAtZero: true })).toMatchObject({
      k: 24,
      provisionalK: 64,
      floorAtZero: true,
    });
  });

  it('ships exactly a 1v1 ladder and a team ladder, both standard and valid', () => {
    expect(Object.keys(defaultLadders)).toEqual(['solo', 'team']);
    expect(defaultLadders.solo).toEqual(ladderSchema.parse({}));
    expect(defaultLadders.team).toEqual(ladderSchema.parse({}));
    expect(laddersSchema.parse(defaultLadders)).toEqual(defaultLadders);
  });

  it('lets a studio add its own ladder', () => {
    const ladders = laddersSchema.parse({ ...defaultLadders, 'battle-royale': { k: 16 } });
    expect(ladders['battle-royale']).toEqual({ ...ladderSchema.parse({}), k: 16 });
  });

  it('explains what is wrong and where', () => {
    const message = problems({ solo: { k: 0, provisonalK: 48 }, team: { provisionalGames: 2.5 }, 'my ladder': {} });
    expect(message).toContain('k must be positive');
    expect(message).toContain('at solo.k');
    expect(message).toContain('Unrecognized key: "provisonalK"');
    expect(message).toContain('provisionalGames must be a whole number');
    expect(message).toContain('ladder ids must be 1 to 64 letters, digits, "_" or "-"');
    expect(problems({ solo: { floorAtZero: 'yes' } })).toContain('floorAtZero must be true or false');
  });
});
