import type { CallName, CallResponse, Invoke, Streams } from '../contract.js';
import { LadderError, type LadderErrorCode } from '../errors.js';
import type { OpenStream } from '../services.js';
import type { FetchLike, Post } from './request.js';
import { utf8Stream } from './utf8.js';

/** The callable protocol's error body: `{ error: { status: 'INVALID_ARGUMENT', message, details } }`. */
function callError(name: string, status: number, body: unknown): LadderError {
  const error = (body as { error?: { status?: string; message?: string; details?: unknown } } | null)?.error;
  const code = (error?.status ?? 'UNKNOWN').toLowerCase().replace(/_/g, '-') as LadderErrorCode;
  return new LadderError(code, error?.message ?? `${name} answered HTTP ${status}`, error?.details);
}

/** Calls the ladder's callables over plain HTTPS (the callable protocol: `{ data }` in, `{ result }` out). */
export function httpInvoker(post: Post, urlOf: (name: CallName) => string, idToken: () => Promise<string | null>) {
  const invoke: Invoke = async (name, ...[data, options]) => {
    const token = await idToken();
    const header: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    const { status, body } = await post(urlOf(name), { data: data ?? {} }, header, options?.timeoutMs ?? 70_000);
    if (status !== 200) throw callError(name, status, body);
    return (body as { result: CallResponse<typeof name> }).result;
  };
  return invoke;
}

/** One server-sent event's `data:` payload: a chunk as `{ message }`, then `{ result }` or `{ error }`. */
type StreamEvent = { message?: Streams['watchMatch']; result?: unknown; error?: unknown };

/**
 * Reads a streamed callable's `data:` lines with the host's `fetch`, decoding the body by hand (no
 * `TextDecoder` needed) and cancelling it through its reader (no `AbortController` needed).
 */
export function fetchStreamer(
  fetch: FetchLike,
  urlOf: (name: CallName) => string,
  idToken: () => Promise<string | null>,
): OpenStream {
  return async (data, onChunk, stop) => {
    const token = await idToken();
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    };
    const response = await fetch(urlOf('watchMatch'), { method: 'POST', headers, body: JSON.stringify({ data }) });
    if (!response.ok || !response.body) throw callError('watchMatch', response.status, parse(await response.text()));
    const reader = response.body.getReader();
    const forget = stop.onCancel(() => void reader.cancel().catch(() => {}));
    const decode = utf8Stream();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stop.cancelled) break;
        buffer += decode(value ?? []);
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          // Lines starting with ':' are the server's keep-alive pings.
          const line = event.split('\n').find((l) => l.startsWith('data: '));
          if (!line) continue;
          const payload = JSON.parse(line.slice(6)) as StreamEvent;
          if (payload.message) onChunk(payload.message);
          else if (payload.error) throw callError('watchMatch', 200, payload);
          else return payload.result as CallResponse<'watchMatch'>;
        }
      }
    } finally {
      forget();
      // Whatever ended the read (the result, an error, the feed closing), the connection is not needed any more.
      void reader.cancel().catch(() => {});
    }
    throw new LadderError('unavailable', 'The watchMatch stream ended without its result.');
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
