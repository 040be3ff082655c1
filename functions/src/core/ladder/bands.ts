import { z } from 'zod';
import type { Tiers } from './tiers.js';

/**
 * Rating bands: the ladder's tiers, so an operator reads "Gold" in the figures as players do on their badge. A
 * ticket or room falls in the band of its players' mean rating (a party's own rating, not its matching score's
 * bonus). Queue statistics and the calibration both group by it.
 */
export const bandEdgeSchema = z.object({ id: z.string(), minRating: z.number() });
export type BandEdge = z.infer<typeof bandEdgeSchema>;

/** The bands of a ladder, lowest first; the lowest also holds every rating below its minimum. */
export const bandEdges = (tiers: Tiers): BandEdge[] => tiers.map(({ id, minRating }) => ({ id, minRating }));

/** The band of a mean rating. The client has its own copy of this lookup over the edges `pools/{mode}` carries. */
export function bandOf(edges: readonly BandEdge[], ratings: readonly number[]): string {
  const mean = ratings.reduce((sum, r) => sum + r, 0) / Math.max(1, ratings.length);
  let band = edges[0]!.id;
  for (const edge of edges) if (mean >= edge.minRating) band = edge.id;
  return band;
}
