import { describe, expect, it } from 'vitest';
import { concurrently } from '../../functions/src/jobs/concurrently.js';

describe("running a sweep's transactions side by side", () => {
  it('never has more than the limit in flight, runs every item once and keeps their order', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    const results = await concurrently([5, 1, 4, 2, 3, 0, 6], 3, async (ms) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms * 3));
      seen.push(ms);
      inFlight--;
      return ms * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('does nothing for no items', async () => {
    expect(await concurrently([], 4, async () => 1)).toEqual([]);
  });
});
