/**
 * A world where players have a hidden true skill and games are decided by it, shared by the rating benchmark
 * (bench/ratings.ts) and the simulation's bots: each player performs at their true skill plus normal noise, a
 * side performs at the sum of its members' performances, and the better performance wins (placements in
 * free-for-all by performance). Skills are on the ELO scale: with the default noise of 200 per player, a
 * 200-point gap wins a duel 76% of the time, as ELO predicts.
 */
import type { Random } from './random.js';

export interface TrueSkillOptions {
  /** The population's true skills are normal with this mean and deviation. */
  mean: number;
  deviation: number;
  /** The deviation of one player's performance in one game around their true skill. */
  noise: number;
}

export const DEFAULT_TRUE_SKILL: TrueSkillOptions = { mean: 1500, deviation: 200, noise: 200 };

export function drawTrueSkills(count: number, random: Random, options: TrueSkillOptions): number[] {
  return Array.from({ length: count }, () => random.normal(options.mean, options.deviation));
}

const sidePerformance = (skills: readonly number[], random: Random, noise: number) =>
  skills.reduce((sum, skill) => sum + random.normal(skill, noise), 0);

/** Which side wins a two-sided game between these true skills. */
export function playSides(
  sideA: readonly number[],
  sideB: readonly number[],
  random: Random,
  noise: number,
): 'A' | 'B' {
  return sidePerformance(sideA, random, noise) >= sidePerformance(sideB, random, noise) ? 'A' : 'B';
}

/** Placements (1 best) of a free-for-all between these true skills, in the order given. */
export function playPlacements(skills: readonly number[], random: Random, noise: number): number[] {
  const performances = skills.map((skill) => random.normal(skill, noise));
  const order = performances.map((_, i) => i).sort((i, j) => performances[j]! - performances[i]!);
  const placements = new Array<number>(skills.length);
  order.forEach((player, place) => {
    placements[player] = place + 1;
  });
  return placements;
}

/** The true chance side A wins, which no rating can beat: the best a forecast could do. */
export function trueChance(sideA: readonly number[], sideB: readonly number[], noise: number): number {
  const sum = (side: readonly number[]) => side.reduce((total, skill) => total + skill, 0);
  return normalCdf((sum(sideA) - sum(sideB)) / (noise * Math.sqrt(sideA.length + sideB.length)));
}

/** Spearman's rank correlation (ties get their mean rank); null with fewer than two pairs or no variation. */
export function spearman(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length) throw new RangeError('spearman needs pairs');
  if (xs.length < 2) return null;
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (xs.length + 1) / 2;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let i = 0; i < xs.length; i++) {
    covariance += (rx[i]! - mean) * (ry[i]! - mean);
    varianceX += (rx[i]! - mean) ** 2;
    varianceY += (ry[i]! - mean) ** 2;
  }
  return varianceX && varianceY ? covariance / Math.sqrt(varianceX * varianceY) : null;
}

function ranks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((i, j) => values[i]! - values[j]!);
  const out = new Array<number>(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start;
    while (end + 1 < order.length && values[order[end + 1]!] === values[order[start]!]) end++;
    for (let k = start; k <= end; k++) out[order[k]!] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return out;
}

/** Standard normal distribution function (Abramowitz and Stegun 7.1.26; error below 1.5e-7). */
function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
