import { toLadderError } from './errors.js';
import type { Docs, Feed } from './services.js';
import type { Unsubscribe } from './types.js';

type OnError = Parameters<Feed['state']>[2];
type Firestore = { feed: Feed; docs: Docs };

/**
 * A Ladder's Firestore feed and reads, loaded (by `load`, a dynamic `import()`) the first time one is used: a game
 * that follows its matches by stream or long-poll and reads no document never loads Firestore, and a bundler that
 * splits code leaves it out of the game's main chunk. A failed load is reported to the subscriber and tried again
 * by the next one.
 */
export function lazyFirestore(load: () => Promise<Firestore>): Firestore {
  let loading: Promise<Firestore> | null = null;
  const loaded = () => {
    loading ??= load().catch((error) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const later = (subscribe: (firestore: Firestore) => Unsubscribe, onError: OnError): Unsubscribe => {
    let stopped = false;
    let stop: Unsubscribe = () => {};
    loaded().then(
      (firestore) => {
        if (!stopped) stop = subscribe(firestore);
      },
      (error) => {
        if (!stopped) onError(toLadderError(error));
      },
    );
    return () => {
      stopped = true;
      stop();
    };
  };
  const feed: Feed = {
    state: (uid, onState, onError) => later(({ feed }) => feed.state(uid, onState, onError), onError),
    ticket: (mode, id, onTicket, onError) => later(({ feed }) => feed.ticket(mode, id, onTicket, onError), onError),
    room: (id, onRoom, onError, onSilent) => later(({ feed }) => feed.room(id, onRoom, onError, onSilent), onError),
    stats: (mode, onStats, onError) => later(({ feed }) => feed.stats(mode, onStats, onError), onError),
    note: (event) =>
      void loaded().then(
        ({ feed }) => feed.note(event),
        () => {},
      ),
  };
  const docs: Docs = {
    listen: (path, onData, onError, options) =>
      later(({ docs }) => docs.listen(path, onData, onError, options), onError),
    read: async <T>(path: string) => (await loaded()).docs.read<T>(path),
  };
  return { feed, docs };
}
