/**
 * Exponential backoff with jitter for retrying listeners and heartbeats: 250 ms, 500 ms, 1 s, … capped, each
 * scaled by a random factor in [0.8, 1.2) so clients cut off together do not come back in lockstep.
 */
export function backoffDelay(attempt: number, { baseMs = 250, maxMs = 10_000, random = Math.random } = {}): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
