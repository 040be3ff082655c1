import { doc, onSnapshot, type Firestore } from 'firebase/firestore';
import { backoffDelay } from './backoff.js';
import { toLadderError, type LadderError } from './errors.js';
import type { Unsubscribe } from './types.js';

/**
 * One thing a listener did, for the `debug` option of `createLadder`: it started listening, a snapshot arrived
 * (`data`, or `missing` when the document does not exist or cannot be read yet), it failed, it stopped, or the
 * SDK re-read a document it had not heard about in time (`reread`).
 */
export interface ListenerEvent {
  /** Milliseconds since the epoch, on this device's clock. */
  at: number;
  path: string;
  event: 'listen' | 'data' | 'missing' | 'error' | 'stop' | 'reread';
  /** For snapshots: served from the local cache rather than the server. */
  fromCache?: boolean;
  /** For snapshots: the document's `status` and `updatedAt`, when it has them. */
  status?: string;
  updatedAt?: number;
  /** For errors and re-reads: what happened. */
  detail?: string;
}

export type DebugLog = (event: ListenerEvent) => void;

// Keyed by the Firestore instance, so every listener of one Ladder logs without being handed the option.
const debugLogs = new WeakMap<Firestore, DebugLog>();

export function setDebugLog(db: Firestore, log: DebugLog | undefined) {
  if (log) debugLogs.set(db, log);
  else debugLogs.delete(db);
}

/** Writes one event to the Ladder's debug log, if it has one. */
export function debug(db: Firestore, event: Omit<ListenerEvent, 'at'>) {
  const log = debugLogs.get(db);
  if (!log) return;
  try {
    log({ at: Date.now(), ...event });
  } catch {
    // A broken debug log must not break the listeners it watches.
  }
}

/** `debug: true` prints one line per event on the console. */
export const consoleDebugLog: DebugLog = ({ at, path, event, ...rest }) =>
  console.debug(
    `[ladder] ${new Date(at).toISOString()} ${event} ${path}${Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : ''}`,
  );

/**
 * Listens to one document. The SDK resumes a listener across dropped connections by itself, but an error
 * (say a permission check that failed during a rules deploy) ends it for good: this listener reports the
 * error and listens again with backoff, unless `retry` says the error is final, until it is unsubscribed.
 */
export interface ListenOptions {
  /** Whether to listen again after this error; by default after every one. */
  retry?: (error: LadderError) => boolean;
  /**
   * Told with every snapshot whether it came from the device's cache: true once the SDK gives up on its stream to
   * the server for now (about 10 s after the stream failed), false when the server answers again.
   */
  onCache?: (fromCache: boolean) => void;
}

export function listenDoc<T>(
  db: Firestore,
  path: string,
  onData: (data: T | undefined) => void,
  onError: (error: LadderError) => void,
  { retry = () => true, onCache }: ListenOptions = {},
): Unsubscribe {
  let stopped = false;
  let failures = 0;
  let unsubscribe: Unsubscribe = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;

  const subscribe = () => {
    debug(db, { path, event: 'listen' });
    try {
      unsubscribe = listen();
    } catch (error) {
      // The Firestore instance was terminated (its app deleted): nothing to listen to any more.
      stopped = true;
      onError(toLadderError(error));
    }
  };
  const listen = () =>
    onSnapshot(
      doc(db, path),
      // Snapshots that only change `fromCache` are wanted by whoever watches the stream's health.
      { includeMetadataChanges: onCache !== undefined },
      (snapshot) => {
        const data = snapshot.data() as (T & { status?: unknown; updatedAt?: unknown }) | undefined;
        const fromCache = snapshot.metadata.fromCache;
        debug(db, {
          path,
          event: data ? 'data' : 'missing',
          fromCache,
          ...(typeof data?.status === 'string' ? { status: data.status } : {}),
          ...(typeof data?.updatedAt === 'number' ? { updatedAt: data.updatedAt } : {}),
        });
        // A re-listen first serves the cached copy; only the server's answer shows the error has passed.
        if (!fromCache) failures = 0;
        onCache?.(fromCache);
        onData(data);
      },
      (error) => {
        if (stopped) return;
        const failure = toLadderError(error);
        debug(db, { path, event: 'error', detail: `${failure.code}: ${failure.message}` });
        onError(failure);
        if (retry(failure)) timer = setTimeout(subscribe, backoffDelay(failures++));
        else stopped = true;
      },
    );
  subscribe();
  return () => {
    if (!stopped) debug(db, { path, event: 'stop' });
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
