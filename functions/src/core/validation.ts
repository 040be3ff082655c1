import type { z } from 'zod';

/** Where an issue is, as a reader would write it: `modes.2v2.spreadCap.schedule[1].value`. */
function formatPath(path: readonly PropertyKey[], root?: string): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    root ?? '',
  );
}

/**
 * One readable line per problem, each naming where it is, joined by "; ": `ladders.solo.k: k must be a whole
 * number`. A bad record key is reported by zod as "Invalid key in record"; its own issues say what is wrong.
 */
export function formatIssues(error: z.ZodError, root?: string): string {
  return error.issues
    .flatMap((issue) =>
      (issue.code === 'invalid_key' ? issue.issues : [issue]).map((inner) => {
        const path = formatPath(issue.path, root);
        return path ? `${path}: ${inner.message}` : inner.message;
      }),
    )
    .join('; ');
}
