import { LadderError } from '../errors.js';

/** What `wx.request` and `tt.request` take (the part the SDK uses). */
export interface RequestOptions {
  url: string;
  method: 'POST';
  header: Record<string, string>;
  data: unknown;
  /** Milliseconds. */
  timeout: number;
  success(response: { statusCode: number; data: unknown }): void;
  fail(error: { errMsg: string }): void;
}

/** A mini-game runtime's request function, `wx.request` or `tt.request`: pass it where there is no `fetch`. */
export type RequestAdapter = (options: RequestOptions) => unknown;

/** The part of a `fetch` response the SDK reads. */
export interface FetchResponse {
  status: number;
  ok: boolean;
  text(): Promise<string>;
  body: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } } | null;
}

/**
 * The host's `fetch` (browsers, Node 18+, other engines' JavaScript), handed in through the options: the SDK
 * never looks it up as a global, so a runtime without one needs nothing it lacks.
 */
export type FetchLike = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<FetchResponse>;

export interface HttpAnswer {
  status: number;
  body: unknown;
}

/** One JSON POST, answered with its status and parsed body; a network failure is `unavailable`. */
export type Post = (
  url: string,
  body: unknown,
  header: Record<string, string>,
  timeoutMs: number,
) => Promise<HttpAnswer>;

const parse = (data: unknown) => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
};

/** A URL's host, read without `URL` (mini-game runtimes have none). */
export const hostOf = (url: string) => /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? url;

const unreachable = (url: string, detail: string, cause?: unknown) =>
  new LadderError('unavailable', `Could not reach ${hostOf(url)}: ${detail}`, undefined, { cause });

/**
 * POSTs through a `wx.request`-shaped function; the runtime enforces its own limits (concurrency, timeout) and
 * reports breaking one through `fail`, which rejects as `unavailable` for the caller to try again.
 */
export function adapterPost(request: RequestAdapter): Post {
  return (url, body, header, timeoutMs) =>
    new Promise((resolve, reject) => {
      try {
        request({
          url,
          method: 'POST',
          header: { 'Content-Type': 'application/json', ...header },
          data: body,
          timeout: timeoutMs,
          success: (response) => resolve({ status: response.statusCode, body: parse(response.data) }),
          fail: (error) => reject(unreachable(url, String(error?.errMsg ?? error))),
        });
      } catch (error) {
        // A runtime that refuses the call outright rather than through `fail`.
        reject(unreachable(url, String(error), error));
      }
    });
}

/**
 * POSTs with the host's `fetch`. The timeout gives up waiting rather than cutting the request (that would need
 * the host's `AbortController`): a request given up on ends by itself, a long-poll within its wait.
 */
export function fetchPost(fetch: FetchLike): Post {
  return (url, body, header, timeoutMs) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new LadderError('deadline-exceeded', `No answer from ${hostOf(url)} in ${timeoutMs} ms.`)),
        timeoutMs,
      );
      const request = { method: 'POST' as const, headers: { 'Content-Type': 'application/json', ...header } };
      fetch(url, { ...request, body: JSON.stringify(body) })
        .then(async (response) => resolve({ status: response.status, body: parse(await response.text()) }))
        .catch((error: unknown) => reject(unreachable(url, String(error), error)))
        .finally(() => clearTimeout(timer));
    });
}
