import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** Where an issue is, as a reader would write it: `modes.2v2.spreadCap.schedule[1].value`. */
function formatPath(path: readonly PropertyKey[], root?: string): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    root ?? '',
  );
}

/**
 * The problems to name. A bad record key is reported by zod as "Invalid key in record": its own issues say what
 * is wrong. Where no alternative of a union matched, zod says only "Invalid input": the alternative with the
 * fewest problems is the one the sender most likely meant, so its problems are named.
 */
function problems(issue: Issue, base: readonly PropertyKey[]): { path: PropertyKey[]; message: string }[] {
  const path = [...base, ...issue.path];
  if (issue.code === 'invalid_key') return issue.issues.map((inner) => ({ path, message: inner.message }));
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = issue.errors.reduce((best, next) => (next.length < best.length ? next : best));
    return closest.flatMap((inner) => problems(inner, path));
  }
  return [{ path, message: issue.message }];
}

/** One readable line per problem, each naming where it is, joined by "; ": `ladders.solo.k: k must be a whole number`. */
export function formatIssues(error: z.ZodError, root?: string): string {
  return error.issues
    .flatMap((issue) => problems(issue, []))
    .map(({ path, message }) => {
      const where = formatPath(path, root);
      return where ? `${where}: ${message}` : message;
    })
    .join('; ');
}
