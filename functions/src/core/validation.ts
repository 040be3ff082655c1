import { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * The most characters of a client's own text (a key it sent, a record key in a path) an error message quotes,
 * and the most problems and unknown keys it names: a refusal stays a line long whatever was sent.
 */
export const QUOTED_INPUT_MAX = 40;
export const NAMED_PROBLEMS_MAX = 5;
/** A backstop for any one problem's message, whatever its source. */
const PROBLEM_MESSAGE_MAX = 200;

/** Text from input as an error message may quote it: cut to `max` characters, marked with "…" when cut. */
export function clipped(text: string, max = QUOTED_INPUT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** Names some of the items and counts the rest: `"a", "b" and 3 more`. */
function someOf(items: readonly string[], max: number): string {
  const named = items.slice(0, max).join(', ');
  return items.length > max ? `${named} and ${items.length - max} more` : named;
}

/**
 * The problems to name. Where no alternative of a union matched, zod says only "Invalid input"; the
 * alternative with the fewest problems is the one the sender most likely meant, so its problems are named.
 * A bad record key is reported as "Invalid key in record"; its own issues say what is wrong with it.
 */
function problems(issue: Issue, base: PropertyKey[]): { path: PropertyKey[]; message: string }[] {
  const path = [...base, ...issue.path];
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const closest = issue.errors.reduce((best, next) => (next.length < best.length ? next : best));
    return closest.flatMap((inner) => problems(inner, path));
  }
  if (issue.code === 'invalid_key') return issue.issues.map((inner) => ({ path, message: inner.message }));
  if (issue.code === 'unrecognized_keys') {
    // zod quotes every unknown key whole; a hostile client could send thousands, each thousands long.
    const keys = issue.keys.map((key) => JSON.stringify(clipped(key)));
    const noun = keys.length === 1 ? 'key' : 'keys';
    return [{ path, message: `Unrecognized ${noun}: ${someOf(keys, NAMED_PROBLEMS_MAX)}` }];
  }
  return [{ path, message: clipped(issue.message, PROBLEM_MESSAGE_MAX) }];
}

/** Where a problem is, as a reader would write it: `modes.2v2.spreadCap.schedule[1].value`. */
function formatPath(path: readonly PropertyKey[], root?: string): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${clipped(String(key))}` : clipped(String(key)),
    root ?? '',
  );
}

/**
 * One readable line per problem, each naming where it is: `ladders.solo.k: k must be a whole number`. At most
 * `NAMED_PROBLEMS_MAX` problems are named, the rest counted.
 */
export function formatIssues(error: z.ZodError, root?: string): string {
  const lines = error.issues
    .flatMap((issue) => problems(issue, []))
    .map(({ path, message }) => {
      const where = formatPath(path, root);
      return where ? `${where}: ${message}` : message;
    });
  const more = lines.length - NAMED_PROBLEMS_MAX;
  const named = lines.slice(0, NAMED_PROBLEMS_MAX).join('; ');
  return more > 0 ? `${named}; and ${more} more problem${more === 1 ? '' : 's'}` : named;
}

/**
 * `schema`, refusing the keys that have moved elsewhere in the configuration: each one present is named with
 * where it lives now (`matcher: has moved to advanced.matcher, set it there`) rather than with a bare
 * "Unrecognized key", so an old configuration fails its deploy with the fix in the message.
 */
export function withMovedKeys<T extends z.ZodType>(moved: Readonly<Record<string, string>>, schema: T) {
  return z.preprocess((input, ctx) => {
    if (typeof input !== 'object' || input === null) return input;
    for (const [key, place] of Object.entries(moved)) {
      if (key in input) ctx.addIssue({ code: 'custom', path: [key], message: `has moved to ${place}, set it there` });
    }
    return input;
  }, schema);
}
