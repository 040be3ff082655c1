import { z } from 'zod';
import { fail } from '../errors.js';

/**
 * A regional mode keeps one pool per region, each its own collection (`pools/{mode}@{region}`) with its own
 * lease, so each region has its own write ceiling and can be swept by its own matcher run. A player queues in
 * one region, their own, and as they wait they reach further: first the regions next to theirs, then the
 * regions next to those, never a region their client measured as too far away.
 */
const regionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'region ids are 1 to 32 letters, digits, "_" and "-"');

const stepsSchema = (value: z.ZodNumber) =>
  z
    .array(z.object({ afterSeconds: z.number().min(0), value }))
    .min(1)
    .superRefine((steps, ctx) => {
      steps.forEach((step, i) => {
        const previous = steps[i - 1];
        if (i === 0 && step.afterSeconds !== 0)
          ctx.addIssue({
            code: 'custom',
            path: [0, 'afterSeconds'],
            message: 'the first step must start at 0 seconds',
          });
        if (previous && step.afterSeconds <= previous.afterSeconds)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'afterSeconds'],
            message: 'steps must be ordered by increasing wait',
          });
        if (previous && step.value < previous.value)
          ctx.addIssue({ code: 'custom', path: [i, 'value'], message: 'a step may only widen with waiting' });
      });
    });

export const regionsSchema = z
  .strictObject({
    /** Every region of the mode, with the regions next to it (the relation is made symmetric at load). */
    neighbours: z.record(regionIdSchema, z.array(regionIdSchema)),
    /** How many hops from their own region a waiting player reaches: 0 is their own region only. */
    reach: stepsSchema(z.number().int().min(0)).default([
      { afterSeconds: 0, value: 0 },
      { afterSeconds: 20, value: 1 },
      { afterSeconds: 60, value: 2 },
    ]),
    /**
     * For players whose client sent round-trip times: the most they may have to the region a room plays in,
     * by wait. A region they measured above it is out of reach, however near it is on the map.
     */
    maxRttMs: stepsSchema(z.number().positive()).default([
      { afterSeconds: 0, value: 80 },
      { afterSeconds: 30, value: 150 },
      { afterSeconds: 90, value: 250 },
    ]),
  })
  .superRefine((regions, ctx) => {
    const ids = Object.keys(regions.neighbours);
    if (ids.length === 0) ctx.addIssue({ code: 'custom', path: ['neighbours'], message: 'name at least one region' });
    if (ids.length > MAX_REGIONS)
      ctx.addIssue({ code: 'custom', path: ['neighbours'], message: `name at most ${MAX_REGIONS} regions` });
    for (const [id, next] of Object.entries(regions.neighbours)) {
      next.forEach((other, i) => {
        if (!ids.includes(other))
          ctx.addIssue({
            code: 'custom',
            path: ['neighbours', id, i],
            message: `"${other}" is not a region of this mode (regions: ${ids.join(', ')})`,
          });
        if (other === id)
          ctx.addIssue({ code: 'custom', path: ['neighbours', id, i], message: 'a region is not its own neighbour' });
      });
    }
  })
  .transform((regions) => {
    const symmetric: Record<string, string[]> = {};
    for (const id of Object.keys(regions.neighbours)) symmetric[id] = [];
    for (const [id, next] of Object.entries(regions.neighbours))
      for (const other of next) {
        if (!symmetric[id]!.includes(other)) symmetric[id]!.push(other);
        if (!symmetric[other]!.includes(id)) symmetric[other]!.push(id);
      }
    return { ...regions, neighbours: symmetric };
  });
export type Regions = z.infer<typeof regionsSchema>;

/** The most regions a mode may have, and so the most round-trip times a request may carry. */
export const MAX_REGIONS = 32;

/** Round-trip times a client measured, by region id, in milliseconds. */
export const rttsSchema = z
  .record(regionIdSchema, z.number().min(0).max(10_000))
  .refine((rtts) => Object.keys(rtts).length <= MAX_REGIONS, `at most ${MAX_REGIONS} regions`);
export type Rtts = z.infer<typeof rttsSchema>;

const stepAt = (steps: readonly { afterSeconds: number; value: number }[], waitSeconds: number) =>
  steps.reduce((value, step) => (step.afterSeconds <= waitSeconds ? step.value : value), steps[0]!.value);

/**
 * The region a player queues in: the one they chose, else the configured region they measured nearest.
 * Refuses a choice that is not a region of the mode, round-trip times to regions the mode does not have (the
 * ticket carries them into the pool's documents, so only the mode's few are kept), and a regional mode with
 * neither.
 */
export function homeRegion(regions: Regions, chosen: string | undefined, rtts: Rtts | undefined): string {
  const ids = Object.keys(regions.neighbours);
  const stranger = Object.keys(rtts ?? {}).find((id) => !ids.includes(id));
  if (stranger !== undefined)
    fail('invalid-argument', `rtts: "${stranger}" is not a region of this mode (regions: ${ids.join(', ')}).`);
  if (chosen !== undefined) {
    if (!ids.includes(chosen))
      fail('invalid-argument', `region: "${chosen}" is not a region of this mode (regions: ${ids.join(', ')}).`);
    return chosen;
  }
  const measured = Object.entries(rtts ?? {});
  if (measured.length === 0)
    fail(
      'invalid-argument',
      `region: this mode is regional; send region (one of ${ids.join(', ')}) or rtts measured to at least one of them.`,
    );
  return measured.reduce((best, next) =>
    next[1] < best[1] || (next[1] === best[1] && next[0] < best[0]) ? next : best,
  )[0];
}

/** Hops from `from` to every region it can reach, by breadth-first search over the neighbours. */
export function hopsFrom(regions: Regions, from: string): Map<string, number> {
  const hops = new Map([[from, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const here = queue[i]!;
    for (const next of regions.neighbours[here] ?? []) {
      if (hops.has(next)) continue;
      hops.set(next, hops.get(here)! + 1);
      queue.push(next);
    }
  }
  return hops;
}

/**
 * Whether a player queued in `home` may play in `region` after waiting `waitSeconds`: their own region always;
 * another when it is within the reach the wait has bought and, if they measured it, within the round-trip limit.
 */
export function mayPlayIn(
  regions: Regions,
  player: { home: string; rtts: Rtts | null },
  region: string,
  waitSeconds: number,
): boolean {
  if (region === player.home) return true;
  const hops = hopsFrom(regions, player.home).get(region);
  if (hops === undefined || hops > stepAt(regions.reach, waitSeconds)) return false;
  const rtt = player.rtts?.[region];
  return rtt === undefined || rtt <= stepAt(regions.maxRttMs, waitSeconds);
}

/** The pools a run sweeping `region` looks into: its own and every region some wait could reach from it. */
export function reachableRegions(regions: Regions, region: string): string[] {
  const furthest = regions.reach.at(-1)!.value;
  return [...hopsFrom(regions, region)].filter(([, hops]) => hops <= furthest).map(([id]) => id);
}
