/**
 * How well the ratings learned the bots' hidden true skills in a simulation: Spearman's rank correlation between
 * each bot's rating after its Nth game on a ladder and its true skill, and how the rooms' stored win chances
 * (the matcher's forecast, from the players' ratings) fared: Brier score and calibration, beside the Brier score
 * of the true chances, which no rating can beat. Pure: no I/O.
 */
import { trueChance, spearman, type TrueSkillOptions } from '../tools/trueSkill.js';
import type { AppConfig } from '../functions/src/core/config.js';
import {
  brierScore,
  calibrationBuckets,
  twoSided,
  type CalibrationBucket,
  type Forecast,
} from '../functions/src/core/ops/forecast.js';
import { sideUids } from '../functions/src/core/room/room.js';
import type { SimulationResult } from './simulation.js';

/** The games-played marks at which ratings are compared with true skill. */
export const GAME_MARKS = [1, 3, 5, 10, 20, 50];

export interface LadderConvergence {
  ladder: string;
  system: 'elo' | 'openskill';
  /** Per mark: bots that played at least that many games here, and Spearman of their rating then with true skill. */
  afterGames: { games: number; players: number; spearman: number | null }[];
  /** Every bot that played here, at its final rating. */
  final: { players: number; spearman: number | null };
}

export interface SkillFigures {
  trueSkill: TrueSkillOptions;
  ladders: LadderConvergence[];
  forecasts: {
    /** Settled team rooms whose forecast is scored. */
    rooms: number;
    brier: number | null;
    trueBrier: number | null;
    calibration: CalibrationBucket[];
  };
}

export function skillFigures(result: SimulationResult, config: AppConfig): SkillFigures {
  const truth = result.trueSkills;
  const ladders = Object.entries(config.ladders).map(([ladder, rules]): LadderConvergence => {
    const byPlayer = new Map<string, number[]>();
    const rows = result.snapshot.history
      // A game against bots moves no rating: it is no step towards the player's skill.
      .filter((h) => h.ladder === ladder && truth[h.uid] !== undefined && !h.bots)
      .sort((a, b) => a.settledAt - b.settledAt);
    for (const row of rows) byPlayer.set(row.uid, [...(byPlayer.get(row.uid) ?? []), row.ratingAfter]);
    const correlate = (pairs: [string, number][]) => ({
      players: pairs.length,
      spearman: spearman(
        pairs.map(([, rating]) => rating),
        pairs.map(([uid]) => truth[uid]!),
      ),
    });
    return {
      ladder,
      system: rules.rating?.system ?? 'elo',
      afterGames: GAME_MARKS.map((games) => ({
        games,
        ...correlate(
          [...byPlayer].flatMap(([uid, ratings]) => (ratings.length >= games ? [[uid, ratings[games - 1]!]] : [])),
        ),
      })),
      final: correlate([...byPlayer].map(([uid, ratings]) => [uid, ratings.at(-1)!])),
    };
  });

  const forecasts: Forecast[] = [];
  const truths: Forecast[] = [];
  const settled = result.snapshot.rooms.filter(
    (r) => r.createdAt >= result.startedAt && r.status === 'settled' && r.kind === 'team' && r.bots.length === 0,
  );
  for (const room of settled) {
    const predicted = room.quality.winProbabilityA;
    if (predicted === null || !room.result || !('outcome' in room.result)) continue;
    const actual = room.result.outcome === 'A' ? 1 : room.result.outcome === 'B' ? 0 : 0.5;
    const [a, b] = sideUids(room).map((uids) => uids.map((uid) => truth[uid] ?? result.options.trueSkill.mean));
    forecasts.push(...twoSided(predicted, actual));
    truths.push(...twoSided(trueChance(a!, b!, result.options.trueSkill.noise), actual));
  }
  return {
    trueSkill: result.options.trueSkill,
    ladders,
    forecasts: {
      rooms: forecasts.length / 2,
      brier: brierScore(forecasts),
      trueBrier: brierScore(truths),
      calibration: calibrationBuckets(forecasts),
    },
  };
}
