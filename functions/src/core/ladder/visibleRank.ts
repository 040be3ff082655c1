import { z } from 'zod';
import { tierLabelSchema, tierOf, type Tiers } from './tiers.js';

const DAY_MS = 86_400_000;

/**
 * What players see of a hidden rating on one ladder: a tier and division, or "placement k/N" during the
 * season's first games; the season's peak; whether the player has been idle too long to show a live rank.
 */
export const visibleRankSchema = z.object({
  /** Null during placement: the rating is not shown until the placement games are played. */
  tier: tierLabelSchema.nullable(),
  placement: z.object({ played: z.number().int().nonnegative(), of: z.number().int().positive() }).nullable(),
  /** The tier of the season's highest rating; null during placement. */
  peak: tierLabelSchema.extend({ rating: z.number().int() }).nullable(),
  /** When the rank turns inactive without another game; null when the ladder has no inactivity rule. */
  inactiveFrom: z.number().int().nullable(),
  /** Computed when read, from `inactiveFrom` and the reader's clock: nothing scans for idle players. */
  inactive: z.boolean(),
});
export type VisibleRank = z.infer<typeof visibleRankSchema>;

/** What a visible rank is computed from: the ladder's rules and the player's standing there. */
export interface RankRules {
  tiers: Tiers;
  placementGames: number;
  inactiveAfterDays: number | null;
}
export interface RankedStanding {
  rating: number;
  /** Games settled this season: the first `placementGames` of them are placement. */
  seasonGames: number;
  peak: number;
  lastPlayedAt: number | null;
}

export function inPlacement(rules: Pick<RankRules, 'placementGames'>, seasonGames: number): boolean {
  return seasonGames < rules.placementGames;
}

export function visibleRank(rules: RankRules, standing: RankedStanding, nowMs: number): VisibleRank {
  const inactiveFrom =
    rules.inactiveAfterDays === null || standing.lastPlayedAt === null
      ? null
      : standing.lastPlayedAt + rules.inactiveAfterDays * DAY_MS;
  const inactive = inactiveFrom !== null && nowMs >= inactiveFrom;
  if (inPlacement(rules, standing.seasonGames)) {
    return {
      tier: null,
      placement: { played: standing.seasonGames, of: rules.placementGames },
      peak: null,
      inactiveFrom,
      inactive,
    };
  }
  const peakRating = Math.max(standing.peak, standing.rating);
  return {
    tier: tierOf(rules.tiers, standing.rating),
    placement: null,
    peak: { ...tierOf(rules.tiers, peakRating), rating: peakRating },
    inactiveFrom,
    inactive,
  };
}

/** How one game moved a visible rank: out of placement, up or down a division or tier, or not at all. */
export const rankMovementSchema = z.enum(['placed', 'promoted', 'demoted']).nullable();
export type RankMovement = z.infer<typeof rankMovementSchema>;

export function rankMovement(before: VisibleRank, after: VisibleRank): RankMovement {
  if (!after.tier) return null;
  if (!before.tier) return 'placed';
  return after.tier.step > before.tier.step ? 'promoted' : after.tier.step < before.tier.step ? 'demoted' : null;
}
