import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { ladderSchema } from '../../functions/src/core/ladder/ladder.js';
import { defaultTiers, tierOf, tiersSchema, type Tiers } from '../../functions/src/core/ladder/tiers.js';
import { rankMovement, visibleRank, type RankRules } from '../../functions/src/core/ladder/visibleRank.js';

const rules: RankRules = { tiers: defaultTiers, placementGames: 5, inactiveAfterDays: null };
const label = (rating: number) => {
  const { tier, division } = tierOf(defaultTiers, rating);
  return `${tier} ${division ?? ''}`.trim();
};
const problems = (input: unknown) => {
  const result = tiersSchema.safeParse(input);
  if (result.success) throw new Error('expected the table to be rejected');
  return z.prettifyError(result.error);
};

/** Random valid tables: ascending lower bounds, room for each tier's divisions, a top tier without any. */
const tables = fc
  .array(fc.tuple(fc.integer({ min: 3, max: 400 }), fc.integer({ min: 1, max: 5 })), { minLength: 1, maxLength: 9 })
  .chain((spans) =>
    fc.integer({ min: -500, max: 2000 }).map((start): Tiers => {
      let min = start;
      return spans.map(([span, divisions], i) => {
        const tier = {
          id: `t${i}`,
          names: { zh: `段${i}`, en: `T${i}` },
          minRating: min,
          divisions: i === spans.length - 1 ? 1 : Math.min(divisions, span),
        };
        min += span;
        return tier;
      });
    }),
  );

describe('the tier table', () => {
  it('maps the default ratings to 青铜 Bronze … 王者 King with divisions III to I below the top', () => {
    expect(label(-50)).toBe('bronze 3');
    expect(label(0)).toBe('bronze 3');
    expect(label(1199)).toBe('bronze 1');
    expect(label(1200)).toBe('silver 3');
    expect(label(1400)).toBe('gold 3');
    expect(label(1466)).toBe('gold 3');
    expect(label(1467)).toBe('gold 2');
    expect(label(1500)).toBe('gold 2');
    expect(label(1534)).toBe('gold 1');
    expect(label(2199)).toBe('star 1');
    expect(label(2200)).toBe('king');
    expect(label(9000)).toBe('king');
    expect(defaultTiers.map((t) => `${t.names.zh} ${t.names.en}`)).toEqual([
      '青铜 Bronze',
      '白银 Silver',
      '黄金 Gold',
      '铂金 Platinum',
      '钻石 Diamond',
      '星耀 Star',
      '王者 King',
    ]);
    expect(tiersSchema.parse(defaultTiers)).toEqual(defaultTiers);
  });

  it('refuses tables out of order, repeated, too narrow, with a divided top tier or a missing name', () => {
    const t = (id: string, minRating: number, divisions = 1, names: object = { zh: id, en: id }) => ({
      id,
      names,
      minRating,
      divisions,
    });
    expect(problems([t('a', 0), t('b', 0)])).toContain('tiers must go up: 0 is not above "a" at 0');
    expect(problems([t('a', 0), t('a', 10)])).toContain('tier "a" repeats');
    expect(problems([t('a', 0, 3), t('b', 2)])).toContain('"a" spans 2 points, too few for 3 divisions');
    expect(problems([t('a', 0), t('b', 10, 3)])).toContain('the top tier has no divisions (use 1)');
    expect(problems([t('a', 0, 1, { en: 'A' })])).toContain('names.zh must be a string');
    expect(problems([])).toContain('a ladder needs at least one tier');
  });

  it('gives every rating exactly one tier and division, never a lower one for a higher rating', () => {
    fc.assert(
      fc.property(tables, fc.integer({ min: -3000, max: 6000 }), fc.integer({ min: 0, max: 500 }), (tiers, r, up) => {
        expect(tiersSchema.safeParse(tiers).success).toBe(true);
        const low = tierOf(tiers, r);
        const high = tierOf(tiers, r + up);
        expect(high.step).toBeGreaterThanOrEqual(low.step);
        // The step names one (tier, division) pair, and the tier is the last whose lower bound the rating reaches.
        const index = tiers.findIndex((t) => t.id === low.tier);
        const owner = tiers.findLastIndex((t) => t.minRating <= r);
        expect(index).toBe(Math.max(0, owner));
        const divisions = tiers[index]!.divisions;
        if (divisions === 1) expect(low.division).toBeNull();
        else expect(low.division).toBeGreaterThanOrEqual(1);
        expect(low.division ?? 1).toBeLessThanOrEqual(divisions);
        const stepsBelow = tiers.slice(0, index).reduce((sum, t) => sum + t.divisions, 0);
        expect(low.step).toBe(stepsBelow + divisions - (low.division ?? 1));
      }),
    );
  });

  it('uses every division of a table: each step is reached by some rating', () => {
    fc.assert(
      fc.property(tables, (tiers) => {
        const top = tiers.at(-1)!.minRating;
        const steps = new Set<number>();
        for (let r = tiers[0]!.minRating; r <= top; r += 1) steps.add(tierOf(tiers, r).step);
        expect(steps.size).toBe(tiers.reduce((sum, t) => sum + t.divisions, 0));
      }),
    );
  });
});

describe('the visible rank', () => {
  const standing = { rating: 1500, seasonGames: 0, peak: 1500, lastPlayedAt: null };

  it('shows placement k/N instead of a tier for the first N games of a season, then the tier and peak', () => {
    expect(visibleRank(rules, { ...standing, seasonGames: 3 }, 0)).toEqual({
      tier: null,
      placement: { played: 3, of: 5 },
      peak: null,
      inactiveFrom: null,
      inactive: false,
    });
    const placed = visibleRank(rules, { ...standing, seasonGames: 5, rating: 1420, peak: 1610 }, 0);
    expect(placed.placement).toBeNull();
    expect(placed.tier).toMatchObject({ tier: 'gold', division: 3, names: { zh: '黄金', en: 'Gold' } });
    expect(placed.peak).toMatchObject({ tier: 'platinum', division: 3, rating: 1610 });
  });

  it('turns inactive after the configured idle days, when read and without any write', () => {
    const idle = { ...rules, inactiveAfterDays: 14 };
    const played = { ...standing, seasonGames: 9, lastPlayedAt: 1_000 };
    const day = 86_400_000;
    expect(visibleRank(idle, played, 1_000 + 14 * day - 1).inactive).toBe(false);
    expect(visibleRank(idle, played, 1_000 + 14 * day)).toMatchObject({
      inactive: true,
      inactiveFrom: 1_000 + 14 * day,
    });
    expect(visibleRank(rules, played, 1_000 + 400 * day).inactive).toBe(false);
  });

  it('flags a game that ends placement, crosses a division up or down, or changes nothing visible', () => {
    const at = (rating: number, seasonGames = 9) => visibleRank(rules, { ...standing, rating, seasonGames }, 0);
    expect(rankMovement(at(1500, 4), at(1520, 5))).toBe('placed');
    expect(rankMovement(at(1500, 3), at(1520, 4))).toBeNull();
    expect(rankMovement(at(1530), at(1540))).toBe('promoted');
    expect(rankMovement(at(1600), at(1590))).toBe('demoted');
    expect(rankMovement(at(1500), at(1510))).toBeNull();
  });

  it('never shows a peak below the current tier', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: 0, max: 4000 }), (rating, peak) => {
        const rank = visibleRank(rules, { ...standing, rating, peak, seasonGames: 5 }, 0);
        expect(rank.peak!.step).toBeGreaterThanOrEqual(rank.tier!.step);
      }),
    );
  });
});

describe('placement in the ladder config', () => {
  it('defaults to 5 games inside the 10 provisional ones (fewer if the provisional period is shorter), and may not outlast the provisional period', () => {
    expect(ladderSchema.parse({})).toMatchObject({ placementGames: 5, provisionalGames: 10, inactiveAfterDays: null });
    const result = ladderSchema.safeParse({ placementGames: 12 });
    expect(result.success).toBe(false);
    expect(z.prettifyError(result.error!)).toContain('placementGames (12) may not exceed provisionalGames (10)');
    expect(ladderSchema.parse({ placementGames: 12, provisionalGames: 12 }).placementGames).toBe(12);
    expect(ladderSchema.parse({ provisionalGames: 2 }).placementGames).toBe(2);
  });
});
