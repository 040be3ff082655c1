import { z } from 'zod';
import { fail } from '../errors.js';

/**
 * Client builds roll out gradually, so several play at once; a mode may say which play together. Each group of
 * compatible builds is its own pool (`pools/{mode}~{group}`, or `{mode}~{group}@{region}`), as a region is, so a
 * match never reads another group's tickets and no room mixes incompatible builds.
 */
export const buildSchema = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,6}){0,3}$/, 'a build is 1 to 4 numbers separated by dots, such as "1.4" or "2.0.13"');

export const buildsSchema = z
  .strictObject({
    /** Groups of builds that play together; a build outside every group is refused. Omitted: one group. */
    compatible: z.array(z.array(buildSchema).min(1)).min(1).optional(),
    /** Builds older than this are refused with a message to update. */
    minimum: buildSchema.optional(),
  })
  .superRefine((builds, ctx) => {
    const seen = new Set<string>();
    builds.compatible?.forEach((group, i) => {
      group.forEach((build, j) => {
        if (seen.has(build))
          ctx.addIssue({ code: 'custom', path: ['compatible', i, j], message: `"${build}" is in two groups` });
        seen.add(build);
      });
    });
  });
export type Builds = z.infer<typeof buildsSchema>;

/** Compares two builds number by number: 1.10 is newer than 1.9, and 1.4 equals 1.4.0. */
export function compareBuilds(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** A group's name in pool ids: its first build as configured. */
export const groupKey = (group: readonly string[]) => group[0]!;

/** The pool keys of a mode's build groups; [null] when builds do not split the mode. */
export const buildGroups = (builds: Builds | null): (string | null)[] =>
  builds?.compatible ? builds.compatible.map(groupKey) : [null];

/**
 * The build group a client of `build` queues in (null: the mode has a single group). Refuses a missing build
 * where the mode needs one, a build older than the minimum, and a build in none of the groups.
 */
export function buildGroup(modeId: string, builds: Builds | null, build: string | undefined): string | null {
  if (!builds) return null;
  if (build === undefined)
    fail('invalid-argument', `build: mode "${modeId}" needs the client's build (createLadder's \`build\` option).`);
  if (builds.minimum && compareBuilds(build, builds.minimum) < 0)
    fail(
      'failed-precondition',
      `Build ${build} is too old for ${modeId}: update the game to ${builds.minimum} or later to play.`,
      { reason: 'build', minimum: builds.minimum },
    );
  if (!builds.compatible) return null;
  const group = builds.compatible.find((g) => g.some((b) => compareBuilds(b, build) === 0));
  if (!group)
    fail(
      'failed-precondition',
      `Build ${build} cannot play ${modeId} now (builds: ${builds.compatible.flat().join(', ')}): update the game.`,
      { reason: 'build' },
    );
  return groupKey(group);
}

/** Whether two builds may share a room of a mode. */
export function compatible(builds: Builds | null, a: string, b: string): boolean {
  if (!builds?.compatible) return true;
  const groupOf = (x: string) => builds.compatible!.findIndex((g) => g.some((y) => compareBuilds(x, y) === 0));
  return groupOf(a) >= 0 && groupOf(a) === groupOf(b);
}
