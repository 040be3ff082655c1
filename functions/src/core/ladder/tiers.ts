import { z } from 'zod';

/** A tier's display name per locale: at least Chinese and English, any other locale beside them. */
export const localeNamesSchema = z
  .strictObject({
    zh: z.string({ error: 'names.zh must be a string' }).min(1, 'names.zh must not be empty'),
    en: z.string({ error: 'names.en must be a string' }).min(1, 'names.en must not be empty'),
  })
  .catchall(z.string().min(1, 'a display name must not be empty'));
export type LocaleNames = z.infer<typeof localeNamesSchema>;

/**
 * One tier of a ladder's table. A tier is given by its lowest rating only and runs up to the next tier's, so a
 * table cannot have gaps or overlaps: the lowest tier also holds every rating below it, the top tier every
 * rating above it.
 */
export const tierSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'tier ids must be 1 to 32 letters, digits, "_" or "-"'),
  names: localeNamesSchema,
  minRating: z.number({ error: 'minRating must be a number' }).int('minRating must be a whole number'),
  /** Divisions III (lowest) to I split the tier's range evenly; 1 means none are shown. */
  divisions: z.number().int().min(1, 'divisions must be 1 to 5').max(5, 'divisions must be 1 to 5').default(3),
});
export type Tier = z.infer<typeof tierSchema>;

/** A ladder's tiers from lowest to highest. */
export const tiersSchema = z
  .array(tierSchema)
  .min(1, 'a ladder needs at least one tier')
  .superRefine((tiers, ctx) => {
    const ids = new Set<string>();
    tiers.forEach((tier, i) => {
      if (ids.has(tier.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `tier "${tier.id}" repeats` });
      ids.add(tier.id);
      const next = tiers[i + 1];
      if (!next) {
        // Nothing bounds the top tier from above, so there is no range to divide.
        if (tier.divisions !== 1) {
          ctx.addIssue({ code: 'custom', path: [i, 'divisions'], message: 'the top tier has no divisions (use 1)' });
        }
        return;
      }
      if (next.minRating <= tier.minRating) {
        ctx.addIssue({
          code: 'custom',
          path: [i + 1, 'minRating'],
          message: `tiers must go up: ${next.minRating} is not above "${tier.id}" at ${tier.minRating}`,
        });
      } else if (next.minRating - tier.minRating < tier.divisions) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'divisions'],
          message: `"${tier.id}" spans ${next.minRating - tier.minRating} points, too few for ${tier.divisions} divisions`,
        });
      }
    });
  });
export type Tiers = z.infer<typeof tiersSchema>;

const tier = (id: string, zh: string, en: string, minRating: number, divisions = 3): Tier => ({
  id,
  names: { zh, en },
  minRating,
  divisions,
});

/** In the style of Chinese mini-games; the initial rating of 1500 starts a player's climb in Gold. */
export const defaultTiers: Tiers = Object.freeze([
  tier('bronze', '青铜', 'Bronze', 0),
  tier('silver', '白银', 'Silver', 1200),
  tier('gold', '黄金', 'Gold', 1400),
  tier('platinum', '铂金', 'Platinum', 1600),
  tier('diamond', '钻石', 'Diamond', 1800),
  tier('star', '星耀', 'Star', 2000),
  tier('king', '王者', 'King', 2200, 1),
]) as Tiers;

/** Where a rating sits in a table: the tier, its division (3 = III, lowest; null without divisions), its names. */
export const tierLabelSchema = z.object({
  tier: z.string(),
  division: z.number().int().min(1).nullable(),
  names: z.record(z.string(), z.string()),
  /** Counts divisions from the table's bottom (0): comparing two labels' steps says which is higher. */
  step: z.number().int().nonnegative(),
});
export type TierLabel = z.infer<typeof tierLabelSchema>;

/** The tier and division of a rating: exactly one for every rating, higher ratings never in a lower one. */
export function tierOf(tiers: Tiers, rating: number): TierLabel {
  let index = 0;
  while (index + 1 < tiers.length && rating >= tiers[index + 1]!.minRating) index += 1;
  const current = tiers[index]!;
  const stepsBelow = tiers.slice(0, index).reduce((sum, t) => sum + t.divisions, 0);
  const next = tiers[index + 1];
  if (!next || current.divisions === 1) {
    return { tier: current.id, division: null, names: current.names, step: stepsBelow };
  }
  const width = next.minRating - current.minRating;
  const fromBottom = Math.min(
    current.divisions - 1,
    Math.floor((Math.max(0, rating - current.minRating) * current.divisions) / width),
  );
  return {
    tier: current.id,
    division: current.divisions - fromBottom,
    names: current.names,
    step: stepsBelow + fromBottom,
  };
}
