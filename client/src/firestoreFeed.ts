import type { FirebaseApp } from 'firebase/app';
import { doc, type Firestore, getDoc, getDocFromServer } from 'firebase/firestore';
import { backoffDelay } from './backoff.js';
import type { EmulatorHosts } from './contract.js';
import { toLadderError } from './errors.js';
import { firestoreOf } from './firestore.js';
import { consoleDebugLog, type DebugLog, debug, listenDoc, setDebugLog } from './listen.js';
import type { Docs, Feed, StatePointer } from './services.js';
import type { QueueStats, Room, Ticket, Unsubscribe } from './types.js';

/**
 * How long a matched ticket's room may stay unseen before it is read again by hand: the room is committed with
 * the ticket, so its listener normally answers within a second; a listener that never does (the emulator has been
 * seen to drop one) must not cost the player the ready check.
 */
const ROOM_UNSEEN_MS = 2_000;

/** The match's documents straight from Firestore listeners. */
export function firestoreFeed(db: Firestore): Feed {
  return {
    state: (uid, onState, onError) => listenDoc<StatePointer>(db, `playerStates/${uid}`, onState, onError),
    ticket: (mode, id, onTicket, onError) => listenDoc<Ticket>(db, `pools/${mode}/tickets/${id}`, onTicket, onError),
    room: (id, onRoom, onError) => watchRoom(db, id, onRoom, onError),
    stats: (mode, onStats, onError) => listenDoc<QueueStats>(db, `pools/${mode}`, onStats, onError),
    note: (event) => debug(db, event),
  };
}

/**
 * Listens to a room and, until it has been seen, reads it by hand now and then and listens to it afresh: a matched
 * ticket whose room never arrives would otherwise sit silent through the ready check.
 */
function watchRoom(db: Firestore, roomId: string, onRoom: (room: Room) => void, onError: Parameters<Feed['room']>[2]) {
  const path = `rooms/${roomId}`;
  let seen = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const learn = (room: Room | undefined) => {
    if (!room || stopped) return;
    seen = true;
    onRoom(room);
  };
  let stop: Unsubscribe = listenDoc<Room>(db, path, learn, onError);
  const check = (attempt: number) => {
    timer = setTimeout(
      async () => {
        if (stopped || seen) return;
        // A read while the silent listener is open would be answered from that listener's view.
        stop();
        stop = () => {};
        try {
          const read = (await getDocFromServer(doc(db, path))).data() as Room | undefined;
          debug(db, {
            path,
            event: 'reread',
            ...(read ? { status: read.status, updatedAt: read.updatedAt } : { detail: 'missing' }),
          });
          learn(read);
        } catch (error) {
          onError(toLadderError(error));
        }
        if (stopped) return;
        stop = listenDoc<Room>(db, path, learn, onError);
        if (!seen) check(attempt + 1);
      },
      ROOM_UNSEEN_MS + backoffDelay(attempt, { baseMs: 500 }),
    );
  };
  check(0);
  return () => {
    stopped = true;
    clearTimeout(timer);
    stop();
  };
}

/** Other documents, read or followed with the Firestore SDK. */
export function firestoreDocs(db: Firestore): Docs {
  return {
    listen: (path, onData, onError, options) => listenDoc(db, path, onData, onError, options),
    read: async <T>(path: string) => (await getDoc(doc(db, path))).data() as T | undefined,
  };
}

/**
 * The app's Firestore as a Ladder uses it: its matches' feed and its other reads, logging to `debug`. Loaded by
 * `import()` the first time a Ladder needs either (see lazyFirestore.ts).
 */
export function openFirestore(
  app: FirebaseApp,
  emulators: EmulatorHosts | undefined,
  log: boolean | DebugLog | undefined,
  database?: string,
) {
  const db = firestoreOf(app, emulators, database);
  setDebugLog(db, log === true ? consoleDebugLog : log || undefined);
  return { feed: firestoreFeed(db), docs: firestoreDocs(db) };
}
