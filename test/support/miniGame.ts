import type { RequestAdapter, RequestOptions } from '@ladder/client/http';

/** Documented limits of `wx.request` (and `tt.request`): at most 10 at once, at most 60 s each. */
export const MAX_CONCURRENT = 10;
export const MAX_TIMEOUT_MS = 60_000;
/** How long a request in flight survives the game going to the background. */
export const CUT_AFTER_BACKGROUND_MS = 5_000;

/**
 * A fake of a mini-game runtime's `request` (the real one needs WeChat or Douyin), over `fetch`, enforcing the
 * platform's limits: an 11th request at once fails, a request fails at its timeout (60 s at most), a response is
 * handed over whole (no streaming), and in the background new requests fail while those in flight are cut 5 s in.
 */
export function fakeMiniGameRequest() {
  let inFlight = 0;
  let peak = 0;
  let backgroundedAt: number | null = null;
  const cuts = new Set<() => void>();
  const failures: string[] = [];
  const request: RequestAdapter = (options: RequestOptions) => {
    const fail = (errMsg: string) => {
      failures.push(errMsg);
      options.fail({ errMsg });
    };
    if (backgroundedAt !== null) return fail('request:fail interrupted');
    if (inFlight >= MAX_CONCURRENT) return fail('request:fail exceed max task count');
    if ((options.header.Accept ?? '').includes('text/event-stream')) return fail('request:fail streaming unsupported');
    inFlight++;
    peak = Math.max(peak, inFlight);
    const abort = new AbortController();
    const timeoutMs = Math.min(options.timeout, MAX_TIMEOUT_MS);
    let settled = false;
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      inFlight--;
      clearTimeout(timer);
      cuts.delete(cut);
      then();
    };
    const give = (errMsg: string) => () =>
      settle(() => {
        abort.abort();
        fail(errMsg);
      });
    const timer = setTimeout(give('request:fail timeout'), timeoutMs);
    const cut = give('request:fail interrupted');
    cuts.add(cut);
    fetch(options.url, {
      method: options.method,
      headers: options.header,
      body: JSON.stringify(options.data),
      signal: abort.signal,
    })
      .then(async (response) => {
        const text = await response.text();
        let data: unknown = text;
        try {
          data = JSON.parse(text);
        } catch {}
        settle(() => options.success({ statusCode: response.status, data }));
      })
      .catch(() => settle(() => fail('request:fail')));
  };
  return {
    request,
    failures,
    peak: () => peak,
    /** The game goes to the background: requests in flight are cut 5 s later, new ones fail until `foreground`. */
    background() {
      backgroundedAt = Date.now();
      setTimeout(() => {
        if (backgroundedAt !== null) for (const cut of [...cuts]) cut();
      }, CUT_AFTER_BACKGROUND_MS);
    },
    foreground() {
      backgroundedAt = null;
    },
  };
}
