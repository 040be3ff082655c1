/**
 * How good a win-chance forecast was, from (predicted chance, what happened) pairs. The calibration job and the
 * simulation both score forecasts with these, so "calibrated" means one thing everywhere.
 */
export interface Forecast {
  /** The predicted chance, 0..1, that the side (or player) wins. */
  predicted: number;
  /** 1 if it won, 0 if it lost, 0.5 for a draw. */
  actual: number;
}

/** Mean squared error of the forecasts; 0.25 is what always predicting 0.5 scores. Null for none. */
export function brierScore(forecasts: readonly Forecast[]): number | null {
  if (forecasts.length === 0) return null;
  let sum = 0;
  for (const { predicted, actual } of forecasts) sum += (predicted - actual) ** 2;
  return sum / forecasts.length;
}

export interface CalibrationBucket {
  /** The bucket's predicted-chance range, [from, to); the last bucket includes 1. */
  from: number;
  to: number;
  count: number;
  /** Mean predicted chance and observed win rate of the forecasts in the bucket; null when empty. */
  meanPredicted: number | null;
  winRate: number | null;
}

/** Forecasts grouped into `buckets` equal ranges of predicted chance: a calibrated forecast has winRate ≈ meanPredicted. */
export function calibrationBuckets(forecasts: readonly Forecast[], buckets = 10): CalibrationBucket[] {
  const sums = Array.from({ length: buckets }, () => ({ count: 0, predicted: 0, actual: 0 }));
  for (const { predicted, actual } of forecasts) {
    const sum = sums[Math.min(buckets - 1, Math.max(0, Math.floor(predicted * buckets)))]!;
    sum.count += 1;
    sum.predicted += predicted;
    sum.actual += actual;
  }
  return sums.map((sum, i) => ({
    from: i / buckets,
    to: (i + 1) / buckets,
    count: sum.count,
    meanPredicted: sum.count ? sum.predicted / sum.count : null,
    winRate: sum.count ? sum.actual / sum.count : null,
  }));
}

/**
 * Both sides' forecasts of a two-sided game, so the buckets are symmetric: a 0.7 forecast for A is a 0.3 one
 * for B. `outcomeA` is A's actual score (1, 0 or 0.5).
 */
export function twoSided(predictedA: number, outcomeA: number): [Forecast, Forecast] {
  return [
    { predicted: predictedA, actual: outcomeA },
    { predicted: 1 - predictedA, actual: 1 - outcomeA },
  ];
}
