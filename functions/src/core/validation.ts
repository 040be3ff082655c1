import type { z } from 'zod';

/** One readable line per problem, each naming where it is: `modes.2v2.caps.spread: Too small: expected >=0`. */
export function formatIssues(error: z.ZodError, root?: string): string {
  return error.issues
    .map((issue) => {
      const path = [root, ...issue.path.map(String)].filter(Boolean).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
