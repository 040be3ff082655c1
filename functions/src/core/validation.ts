import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * The problems to name. Where no alternative of a union matched, zod says only "Invalid input"; the
 * alternative with the fewest problems is the one the sender most likely meant, so its problems are named.
 */
function problems(issue: Issue, base: PropertyKey[]): { path: PropertyKey[]; message: string }[] {
  const path = [...base, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = issue.errors.reduce((best, next) => (next.length < best.length ? next : best));
    return closest.flatMap((inner) => problems(inner, path));
  }
  return [{ path, message: issue.message }];
}

/** One readable line per problem, each naming where it is: `modes.2v2.caps.spread: Too small: expected >=0`. */
export function formatIssues(error: z.ZodError, root?: string): string {
  return error.issues
    .flatMap((issue) => problems(issue, []))
    .map(({ path, message }) => {
      const where = [root, ...path.map(String)].filter(Boolean).join('.');
      return where ? `${where}: ${message}` : message;
    })
    .join('; ');
}
