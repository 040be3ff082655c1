import vm from 'node:vm';
import type { RequestAdapter, RequestOptions } from '@ladder/client/http';

/** Documented limits of `wx.request` (and `tt.request`): at most 10 at once, at most 60 s each. */
export const MAX_CONCURRENT = 10;
export const MAX_TIMEOUT_MS = 60_000;
/** How long a request in flight survives the game going to the background. */
export const CUT_AFTER_BACKGROUND_MS = 5_000;

/** The `errMsg` texts the platforms' `fail` callbacks carry. */
export const ERR = {
  /** An 11th request at once: failed here, as early base libraries did (WeChat's queue it since 1.4.0), the harsher. */
  tooMany: 'request:fail exceed max task count',
  timeout: 'request:fail timeout',
  interrupted: 'request:fail interrupted',
  streaming: 'request:fail streaming unsupported',
  dropped: 'request:fail net::ERR_CONNECTION_RESET',
} as const;

export interface FakeRequestOptions {
  /**
   * The game's `networkTimeout.request` (game.json): the default timeout of a request, and the most any may ask
   * for; the platform allows at most 60 s.
   */
  networkTimeoutMs?: number;
  /** Makes the objects handed to callbacks in the realm the game runs in (a `node:vm` context), as the runtime does. */
  toRealm?: <T>(value: T) => T;
}

/**
 * A fake of a mini-game runtime's `request` (the real one needs WeChat or Douyin), over `fetch`, enforcing the
 * platform's limits: an 11th request at once fails, a request fails at its timeout (60 s at most), a response is
 * handed over whole (no streaming), and in the background new requests fail while those in flight are cut 5 s in.
 * The test can also break it as networks do: drop the requests in flight, leave one unanswered until its timeout,
 * or fill the slots with the game's own traffic.
 */
export function fakeMiniGameRequest({
  networkTimeoutMs = MAX_TIMEOUT_MS,
  toRealm = (v) => v,
}: FakeRequestOptions = {}) {
  let inFlight = 0;
  let peak = 0;
  let backgroundedAt: number | null = null;
  const open = new Map<() => void, { url: string; cut: (errMsg: string) => void; stalled: boolean }>();
  const failures: string[] = [];
  const request: RequestAdapter = (options: RequestOptions) => {
    const fail = (errMsg: string) => {
      failures.push(errMsg);
      options.fail(toRealm({ errMsg }));
    };
    // The RequestTask the platform returns; its `abort` works once the request is under way.
    const task = toRealm({ abort: () => {} });
    const refusal =
      backgroundedAt !== null
        ? ERR.interrupted
        : inFlight >= MAX_CONCURRENT
          ? ERR.tooMany
          : (options.header.Accept ?? '').includes('text/event-stream')
            ? ERR.streaming
            : null;
    if (refusal) {
      fail(refusal);
      return task;
    }
    inFlight++;
    peak = Math.max(peak, inFlight);
    const abort = new AbortController();
    const timeoutMs = Math.min(options.timeout ?? networkTimeoutMs, networkTimeoutMs, MAX_TIMEOUT_MS);
    let settled = false;
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      inFlight--;
      clearTimeout(timer);
      open.delete(key);
      then();
    };
    const cut = (errMsg: string) =>
      settle(() => {
        abort.abort();
        fail(errMsg);
      });
    const key = () => cut(ERR.interrupted);
    const timer = setTimeout(() => cut(ERR.timeout), timeoutMs);
    const entry = { url: options.url, cut, stalled: false };
    open.set(key, entry);
    fetch(options.url, {
      method: options.method,
      headers: options.header,
      body: JSON.stringify(options.data),
      signal: abort.signal,
    })
      .then(async (response) => {
        // The whole body, then one callback: the runtime hands nothing over before the response has ended.
        const text = await response.text();
        if (entry.stalled) return;
        let data: unknown = text;
        try {
          data = JSON.parse(text);
        } catch {}
        settle(() => options.success(toRealm({ statusCode: response.status, data, header: {} })));
      })
      .catch(() => settle(() => fail('request:fail')));
    task.abort = () => cut('request:fail abort');
    return task;
  };
  return {
    request,
    failures,
    peak: () => peak,
    /** URLs of the requests in flight. */
    inFlight: () => [...open.values()].map((o) => o.url),
    /** The connection drops: every request in flight whose URL matches fails. */
    drop(matches: (url: string) => boolean) {
      for (const o of [...open.values()]) if (matches(o.url)) o.cut(ERR.dropped);
    },
    /** The requests in flight whose URL matches are never answered: each fails at its timeout. */
    stall(matches: (url: string) => boolean) {
      for (const o of open.values()) if (matches(o.url)) o.stalled = true;
    },
    /**
     * The game's own traffic (downloads, its own server) takes every free slot for `ms`; resolves when it has
     * given them back.
     */
    occupy(ms: number) {
      const count = MAX_CONCURRENT - inFlight;
      inFlight += count;
      peak = Math.max(peak, inFlight);
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          inFlight -= count;
          resolve();
        }, ms),
      );
    },
    /** The game goes to the background: requests in flight are cut 5 s later, new ones fail until `foreground`. */
    background() {
      backgroundedAt = Date.now();
      setTimeout(() => {
        if (backgroundedAt !== null) for (const cutIt of [...open.keys()]) cutIt();
      }, CUT_AFTER_BACKGROUND_MS);
    },
    foreground() {
      backgroundedAt = null;
    },
  };
}

export type FakeRequest = ReturnType<typeof fakeMiniGameRequest>;

/**
 * Globals a fresh `node:vm` context has that a mini-game runtime does not promise: ECMAScript after 2019 and
 * V8's extras. Removed, so that the SDK's bundle meets only what the contract of client/src/http.ts allows.
 */
const REMOVE = `
  for (const name of ['globalThis', 'WebAssembly', 'WeakRef', 'FinalizationRegistry', 'AggregateError', 'BigInt',
    'BigInt64Array', 'BigUint64Array', 'SharedArrayBuffer', 'Atomics', 'console', 'Iterator'])
    delete this[name];
  delete Promise.allSettled; delete Promise.any; delete Promise.withResolvers;
  delete Object.hasOwn; delete Object.groupBy; delete Map.groupBy;
  delete String.prototype.matchAll; delete String.prototype.replaceAll; delete String.prototype.at;
  delete Object.getPrototypeOf(Int8Array.prototype).at;
  for (const name of ['at', 'findLast', 'findLastIndex', 'toReversed', 'toSorted', 'toSpliced', 'with'])
    delete Array.prototype[name];
`;

export type HttpEntry = typeof import('@ladder/client/http');

export interface MiniGameRealm {
  /** What the bundle's `module.exports` holds: the `@ladder/client/http` entry, loaded in the realm. */
  entry: HttpEntry;
  /** The platform's object as the game sees it (`wx`, `tt`). */
  platform: Record<string, unknown>;
  /** Names the realm's global object has. */
  globals(): string[];
  /** Objects made in the realm (as the runtime's own API would make them). */
  toRealm<T>(value: T): T;
  /** Stops the realm's timers. */
  close(): void;
}

/**
 * Runs a bundle of `@ladder/client/http` (a CommonJS file, see scripts/bundleSize.ts `miniGameBundle`) in a
 * `node:vm` context holding what a WeChat or Douyin mini-game offers the game's script: ECMAScript (up to 2019),
 * the four timers (numbers as ids), `console`, and the platform's object (`wx` or `tt`). No `eval` or
 * `new Function` either (the platforms forbid them). `platform` is built once the realm exists.
 */
export function miniGameRealm(
  code: string,
  name: 'wx' | 'tt',
  platform: (toRealm: <T>(value: T) => T) => Record<string, unknown>,
): MiniGameRealm {
  const context = vm.createContext({}, { name: `${name} mini-game`, codeGeneration: { strings: false, wasm: false } });
  vm.runInContext(REMOVE, context);
  const realmJson = vm.runInContext('JSON', context) as JSON;
  const toRealm = <T>(value: T): T => {
    if (value === null || typeof value !== 'object') return value;
    const functions = Object.entries(value).filter(([, v]) => typeof v === 'function');
    const copy = realmJson.parse(JSON.stringify(value)) as Record<string, unknown>;
    for (const [key, fn] of functions) copy[key] = fn;
    return copy as T;
  };
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let nextId = 1;
  const start = (repeat: boolean) => (fn: () => void, ms?: number) => {
    const id = nextId++;
    const run = () => {
      if (!repeat) timers.delete(id);
      fn();
    };
    timers.set(id, repeat ? setInterval(run, ms) : setTimeout(run, ms));
    return id;
  };
  const stop = (id: number) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
  };
  const { log, info, warn, error, debug } = console;
  const api = toRealm(platform(toRealm));
  Object.assign(context, {
    setTimeout: start(false),
    setInterval: start(true),
    clearTimeout: stop,
    clearInterval: stop,
    console: toRealm({ log, info, warn, error, debug }),
    [name]: api,
  });
  const module = vm.runInContext('({ exports: {} })', context) as { exports: HttpEntry };
  const load = vm.runInContext(`(function (module, exports) {${code}\n})`, context) as (
    m: typeof module,
    e: unknown,
  ) => void;
  load(module, module.exports);
  return {
    entry: module.exports,
    platform: api,
    globals: () => vm.runInContext('Object.getOwnPropertyNames(this)', context) as string[],
    toRealm,
    close: () => {
      for (const id of [...timers.keys()]) stop(id);
    },
  };
}
