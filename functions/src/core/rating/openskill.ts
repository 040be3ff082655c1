/**
 * OpenSkill (Weng-Lin) ratings for a ladder that opts in. A player's skill is a belief: a mean `mu` and an
 * uncertainty `sigma`, both kept in their standing. What players, tiers, seasons and the leaderboard see is the
 * integer `rating`, a fixed mapping of that belief onto the ladder's ELO-like scale (see `displayedRating`).
 */
import { predictWin, rate, type Options, type Rating } from 'openskill';
import {
  bradleyTerryFull,
  bradleyTerryPart,
  plackettLuce,
  thurstoneMostellerFull,
  thurstoneMostellerPart,
} from 'openskill/models';
import { z } from 'zod';
import { ratingUpdate, type EloRules, type RatingUpdate, type Skill } from './update.js';

const models = { plackettLuce, bradleyTerryFull, bradleyTerryPart, thurstoneMostellerFull, thurstoneMostellerPart };

const positive = (field: string) =>
  z.number({ error: `${field} must be a number` }).positive(`${field} must be positive`);

/** The library's defaults, except `scale` (ours) and `limitSigma`, which settlement always sets. */
export const openSkillConfigSchema = z.strictObject({
  system: z.literal('openskill'),
  model: z
    .enum(Object.keys(models) as [keyof typeof models], {
      error: `model must be one of ${Object.keys(models).join(', ')}`,
    })
    .default('plackettLuce'),
  /** A newcomer's belief. */
  mu: positive('mu').default(25),
  sigma: positive('sigma').default(25 / 3),
  /** How much one game's performance varies around a player's skill. */
  beta: positive('beta').default(25 / 6),
  /** Uncertainty added before each game so ratings keep moving; a game still never leaves sigma above where it was. */
  tau: z
    .number({ error: 'tau must be a number' })
    .nonnegative('tau must not be negative')
    .default(25 / 300),
  /** The displayed rating is conservative by z sigmas (mu − z·sigma); 0 shows mu alone. */
  z: z.number({ error: 'z must be a number' }).nonnegative('z must not be negative').default(3),
  /**
   * Rating points per unit of mu. 30 puts a skill gap on about the ELO scale: with the default beta, a gap that
   * the Plackett-Luce update's logistic curve gives 76% to win is shown as about 200 points, which ELO also gives
   * 76% (about 123 / beta in general).
   */
  scale: positive('scale').default(30),
});
export type OpenSkillConfig = z.infer<typeof openSkillConfigSchema>;

/** A player as OpenSkill rates them: their displayed rating and, once they have played on it, their belief. */
export interface SkilledPlayer {
  uid: string;
  rating: number;
  skill?: Skill | undefined;
}

/**
 * The displayed rating: initialRating + scale · ((mu − z·sigma) − (mu₀ − z·sigma₀)), rounded. A newcomer shows
 * the ladder's initial rating; as games shrink sigma the shown rating climbs towards initialRating + scale ·
 * (mu − mu₀) minus the remaining z·sigma, so one lucky game never puts a newcomer on top of the leaderboard.
 */
export function displayedRating(skill: Skill, config: OpenSkillConfig, initialRating: number): number {
  const ordinal = skill.mu - config.z * skill.sigma;
  return Math.round(initialRating + config.scale * (ordinal - (config.mu - config.z * config.sigma)));
}

/**
 * The belief behind a standing. One written before the ladder used OpenSkill (or a newcomer's) has none: it
 * starts at a newcomer's sigma with the mu that displays its current rating, so switching a ladder to OpenSkill
 * keeps everyone where they were.
 */
export function skillOf(player: Omit<SkilledPlayer, 'uid'>, config: OpenSkillConfig, initialRating: number): Skill {
  return player.skill ?? { mu: config.mu + (player.rating - initialRating) / config.scale, sigma: config.sigma };
}

function options(config: OpenSkillConfig, rank: number[]): Options {
  const { mu, sigma, beta, tau } = config;
  return { model: models[config.model], mu, sigma, beta, tau, limitSigma: true, rank };
}

/**
 * Rates one game of any number of sides, ranked by `ranks` (1 is best, equal ranks tie). Each player's update
 * carries their new belief and the displayed rating it maps to (floored at 0 if the ladder says so).
 */
export function settleOpenSkill(
  sides: readonly (readonly SkilledPlayer[])[],
  ranks: readonly number[],
  config: OpenSkillConfig,
  ladder: Pick<EloRules, 'initialRating' | 'floorAtZero'>,
): RatingUpdate[] {
  const before = sides.map((side) => side.map((p): Rating => skillOf(p, config, ladder.initialRating)));
  const after = rate(before, options(config, [...ranks]));
  return sides.flatMap((side, i) =>
    side.map((player, j) => {
      const skill = { mu: after[i]![j]!.mu, sigma: after[i]![j]!.sigma };
      const shown = displayedRating(skill, config, ladder.initialRating);
      return { ...ratingUpdate(player.uid, player.rating, shown - player.rating, ladder), skill };
    }),
  );
}

/** OpenSkill's chance that each side wins, in the order given. */
export function openSkillWinChances(
  sides: readonly (readonly SkilledPlayer[])[],
  config: OpenSkillConfig,
  initialRating: number,
): number[] {
  const teams = sides.map((side) => side.map((p) => skillOf(p, config, initialRating)));
  return predictWin(teams, options(config, []));
}

/**
 * A season's soft reset of a belief, matching the ELO one on the displayed rating: mu moves towards the reset's
 * mean by the compression, and sigma grows back towards a newcomer's by the same share (new sigma = sigma₀ −
 * (sigma₀ − sigma) · compression), so the player's first games of the season move them faster again. The
 * displayed rating then lands where the ELO reset would put it, up to rounding.
 */
export function softResetSkill(
  skill: Skill,
  config: OpenSkillConfig,
  reset: { compression: number; mean: number | null },
  initialRating: number,
): Skill {
  const meanMu = config.mu + ((reset.mean ?? initialRating) - initialRating) / config.scale;
  return {
    mu: meanMu + (skill.mu - meanMu) * reset.compression,
    sigma: config.sigma - (config.sigma - skill.sigma) * reset.compression,
  };
}
