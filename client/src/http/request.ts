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
  signal?: AbortSignal,
) => Promise<HttpAnswer>;

const parse = (data: unknown) => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
};

const unreachable = (url: string, detail: string, cause?: unknown) =>
  new LadderError('unavailable', `Could not reach ${new URL(url).host}: ${detail}`, undefined, { cause });

/** POSTs through a `wx.request`-shaped function; the runtime enforces its own limits (concurrency, timeout). */
export function adapterPost(request: RequestAdapter): Post {
  return (url, body, header, timeoutMs) =>
    new Promise((resolve, reject) => {
      request({
        url,
        method: 'POST',
        header: { 'Content-Type': 'application/json', ...header },
        data: body,
        timeout: timeoutMs,
        success: (response) => resolve({ status: response.statusCode, body: parse(response.data) }),
        fail: (error) => reject(unreachable(url, error.errMsg)),
      });
    });
}

/** POSTs with `fetch`. */
export function fetchPost(): Post {
  return async (url, body, header, timeoutMs, signal) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...header },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      return { status: response.status, body: parse(await response.text()) };
    } catch (error) {
      if (timeout.aborted)
        throw new LadderError('deadline-exceeded', `No answer from ${new URL(url).host} in ${timeoutMs} ms.`);
      throw unreachable(url, String(error), error);
    }
  };
}
