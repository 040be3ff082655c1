import { z } from 'zod';
import { applyChange } from './duel.js';

/** An OpenSkill belief (rating/openskill.ts): the mean and spread of a player's estimated skill. */
export const skillSchema = z.object({ mu: z.number(), sigma: z.number().positive() });
export type Skill = z.infer<typeof skillSchema>;

/** A player as the settlements rate them: their ladder rating and how many games they have settled on it. */
export const ratedPlayerShape = {
  uid: z.string().min(1, 'uid must not be empty'),
  rating: z.number({ error: 'rating must be a number' }).int('rating must be a whole number'),
  gamesPlayed: z
    .number({ error: 'gamesPlayed must be a number' })
    .int('gamesPlayed must be a whole number')
    .nonnegative('gamesPlayed must not be negative'),
};

export interface RatingUpdate {
  uid: string;
  before: number;
  after: number;
  /** after − before: what was applied, so the floor at 0 shows here. */
  delta: number;
  /** The player's OpenSkill belief after the game, on a ladder rated by OpenSkill. */
  skill?: Skill;
}

/** What ELO arithmetic needs of a ladder; rating/ names its own inputs so it depends on nothing above it. */
export interface EloRules {
  initialRating: number;
  k: number;
  provisionalK: number;
  provisionalGames: number;
  floorAtZero: boolean;
}

/**
 * The K a player is rated with on this ladder. Provisional K: a player with fewer than `provisionalGames` settled
 * games on the ladder is rated with `provisionalK` instead of `k`. It applies to that player's own delta only
 * (their surplus is multiplied by their own K and rounded once), so opponents move exactly as they would against
 * an established player. The price is zero-sum: the room total drifts by the newcomer's extra points, upwards
 * when newcomers beat their expectation and downwards when they fall short. With provisionalK = 2·k the
 * newcomer's delta is twice the established delta, or one point closer to zero, because the doubled value is
 * rounded once.
 */
export function kFactor(ladder: EloRules, gamesPlayed: number): number {
  return gamesPlayed < ladder.provisionalGames ? ladder.provisionalK : ladder.k;
}

export function ratingUpdate(
  uid: string,
  before: number,
  change: number,
  ladder: Pick<EloRules, 'floorAtZero'>,
): RatingUpdate {
  const after = applyChange(before, change, ladder.floorAtZero);
  return { uid, before, after, delta: after - before };
}

export function rejectRepeatedUids(players: readonly { uid: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const { uid } of players) {
    if (seen.has(uid)) ctx.addIssue({ code: 'custom', message: `player ${uid} appears more than once` });
    seen.add(uid);
  }
}
