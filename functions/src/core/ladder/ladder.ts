import { z } from 'zod';
import { fail } from '../errors.js';
import { configured } from '../ids.js';
import { ratingConfigSchema } from '../rating/system.js';
import { seasonsSchema, softResetSchema } from './season.js';
import { defaultTiers, tiersSchema } from './tiers.js';

/**
 * One ladder's rating rules. Strict, so a misspelt key in a studio's config is an error rather than a silently
 * ignored setting.
 */
const DEFAULT_PLACEMENT_GAMES = 5;

export const ladderSchema = z
  .strictObject({
    initialRating: z
      .number({ error: 'initialRating must be a number' })
      .int('initialRating must be a whole number')
      .nonnegative('initialRating must not be negative')
      .default(1500),
    k: z
      .number({ error: 'k must be a number' })
      .int('k must be a whole number')
      .positive('k must be positive')
      .default(32),
    provisionalK: z
      .number({ error: 'provisionalK must be a number' })
      .int('provisionalK must be a whole number')
      .positive('provisionalK must be positive')
      .default(64),
    /** A player with fewer settled games than this on the ladder is rated with provisionalK. */
    provisionalGames: z
      .number({ error: 'provisionalGames must be a number' })
      .int('provisionalGames must be a whole number')
      .nonnegative('provisionalGames must not be negative')
      .default(10),
    floorAtZero: z.boolean({ error: 'floorAtZero must be true or false' }).default(false),
    /**
     * How results move ratings. Left out: ELO with the k, provisionalK and floor above (requirement 9).
     * `{ system: 'openskill', ... }` rates by OpenSkill instead (core/rating/openskill.ts); k and provisionalK
     * then play no part, and the initial rating and the floor apply to the displayed rating.
     */
    rating: ratingConfigSchema.optional(),
    /** The visible ranks, lowest first (core/ladder/tiers.ts). */
    tiers: tiersSchema.default(defaultTiers),
    /**
     * A season's first games show "placement k/N" instead of a tier, and keep the player off the leaderboard.
     * Placement is the visible side of the provisional period: it may not outlast it (checked below), so a
     * player's placement games are always rated with provisionalK in their first season. Left out: 5,
     * or provisionalGames when that is fewer.
     */
    placementGames: z
      .number({ error: 'placementGames must be a number' })
      .int('placementGames must be a whole number')
      .nonnegative('placementGames must not be negative')
      .optional(),
    /** The season calendar (core/ladder/season.ts); none by default, one endless season. */
    seasons: seasonsSchema.default([]),
    softReset: softResetSchema.default(softResetSchema.parse({})),
    /** After this many days without a game the visible rank shows as inactive; null never. */
    inactiveAfterDays: z.number().positive('inactiveAfterDays must be positive').nullable().default(null),
  })
  .superRefine((ladder, ctx) => {
    if (ladder.placementGames !== undefined && ladder.placementGames > ladder.provisionalGames) {
      ctx.addIssue({
        code: 'custom',
        path: ['placementGames'],
        message: `placementGames (${ladder.placementGames}) may not exceed provisionalGames (${ladder.provisionalGames})`,
      });
    }
  })
  .transform(({ placementGames, ...ladder }) => ({
    ...ladder,
    placementGames: placementGames ?? Math.min(DEFAULT_PLACEMENT_GAMES, ladder.provisionalGames),
  }));

export type Ladder = z.infer<typeof ladderSchema>;

/** Ladder ids become Firestore keys, hence the restricted alphabet. */
export const laddersSchema = z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), ladderSchema, {
  error: (issue) =>
    issue.code === 'invalid_key' ? 'ladder ids must be 1 to 64 letters, digits, "_" or "-"' : undefined,
});

export type Ladders = z.infer<typeof laddersSchema>;

/** Every player has a 1v1 rating (`solo`) and a team rating for 2v2 and larger (`team`). */
export const defaultLadders = Object.freeze({
  solo: Object.freeze(ladderSchema.parse({})),
  team: Object.freeze(ladderSchema.parse({})),
}) satisfies Ladders;

/** The ladder a request names, or a refusal listing the ladders there are. */
export function requestedLadder<L>(ladders: Readonly<Record<string, L>>, ladderId: string): L {
  const ladder = configured(ladders, ladderId);
  if (!ladder) {
    fail('invalid-argument', `ladder: no ladder is named "${ladderId}"; ladders: ${Object.keys(ladders).join(', ')}.`);
  }
  return ladder;
}
