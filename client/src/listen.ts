import { doc, onSnapshot, type Firestore } from 'firebase/firestore';
import { backoffDelay } from './backoff.js';
import { toLadderError, type LadderError } from './errors.js';
import type { Unsubscribe } from './types.js';

/**
 * Listens to one document. The SDK resumes a listener across dropped connections by itself, but an error
 * (say a permission check that failed during a rules deploy) ends it for good: this listener reports the
 * error and listens again with backoff, unless `retry` says the error is final, until it is unsubscribed.
 */
export function listenDoc<T>(
  db: Firestore,
  path: string,
  onData: (data: T | undefined) => void,
  onError: (error: LadderError) => void,
  { retry = () => true }: { retry?: (error: LadderError) => boolean } = {},
): Unsubscribe {
  let stopped = false;
  let failures = 0;
  let unsubscribe: Unsubscribe = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;

  const subscribe = () => {
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
      (snapshot) => {
        // A re-listen first serves the cached copy; only the server's answer shows the error has passed.
        if (!snapshot.metadata.fromCache) failures = 0;
        onData(snapshot.data() as T | undefined);
      },
      (error) => {
        if (stopped) return;
        const failure = toLadderError(error);
        onError(failure);
        if (retry(failure)) timer = setTimeout(subscribe, backoffDelay(failures++));
        else stopped = true;
      },
    );
  subscribe();
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
