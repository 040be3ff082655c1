/** Where a player plays a regional mode: a region they chose, or round trips their client measured. */
export interface Where {
  /** A region id of the mode (see the mode's `regions` in the configuration). */
  region?: string;
  /** Round-trip milliseconds by region id: the nearest becomes their region, and none beyond the mode's limit is used. */
  rtts?: Record<string, number>;
}

export interface MeasureOptions {
  /** Round trips per region; the median counts. Default 3. */
  samples?: number;
  /** A region not answering within this is left out. Default 2000 ms. */
  timeoutMs?: number;
  /**
   * One round trip to a URL, resolving when it answered. Default: a `fetch` without caching (browsers, Node 18+);
   * a mini-game passes its platform's request function here.
   */
  probe?: (url: string, signal: AbortSignal) => Promise<unknown>;
  /** The clock; default `performance.now()`. */
  now?: () => number;
}

const fetchProbe = (url: string, signal: AbortSignal) => fetch(url, { cache: 'no-store', mode: 'no-cors', signal });

/**
 * Measures the round trip to each region's endpoint (a small, quick URL per region that the studio configures,
 * such as a static file on a CDN in that region), for `enqueue`'s `rtts`. Regions that fail or time out are left
 * out, so the server never sees a guess.
 */
export async function measureRegions(
  endpoints: Record<string, string>,
  { samples = 3, timeoutMs = 2000, probe = fetchProbe, now = () => performance.now() }: MeasureOptions = {},
): Promise<Record<string, number>> {
  const measured = await Promise.all(
    Object.entries(endpoints).map(async ([region, url]): Promise<[string, number] | null> => {
      const times: number[] = [];
      for (let i = 0; i < samples; i++) {
        const abort = new AbortController();
        const timer = setTimeout(() => abort.abort(), timeoutMs);
        const started = now();
        try {
          await probe(url, abort.signal);
          times.push(now() - started);
        } catch {
          return null;
        } finally {
          clearTimeout(timer);
        }
      }
      times.sort((a, b) => a - b);
      return times.length ? [region, Math.round(times[Math.floor(times.length / 2)]!)] : null;
    }),
  );
  return Object.fromEntries(measured.filter((m): m is [string, number] => m !== null));
}
