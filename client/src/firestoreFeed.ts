import type { FirebaseApp } from 'firebase/app';
import { doc, type Firestore, getDoc, getDocFromServer } from 'firebase/firestore';
import type { EmulatorHosts } from './contract.js';
import { type LadderError, toLadderError } from './errors.js';
import { firestoreOf } from './firestore.js';
import { consoleDebugLog, type DebugLog, debug, listenDoc, setDebugLog } from './listen.js';
import { nextRoomCheck, type RoomWatch, roomChanged } from './roomWatch.js';
import { rulesDenied } from './rulesDenied.js';
import type { Docs, Feed, StatePointer } from './services.js';
import type { QueueStats, Room, Ticket, Unsubscribe } from './types.js';

/**
 * The match's documents straight from Firestore listeners. The ladder's rules let a player read each of them, so a
 * refusal says the database serves other rules (rulesDenied.ts).
 */
export function firestoreFeed(db: Firestore, database = '(default)'): Feed {
  const own = (path: string, onError: (error: LadderError) => void) => (error: LadderError) =>
    onError(rulesDenied(error, path, database));
  return {
    state: (uid, onState, onError) =>
      listenDoc<StatePointer>(db, `playerStates/${uid}`, onState, own(`playerStates/${uid}`, onError)),
    ticket: (mode, id, onTicket, onError) =>
      listenDoc<Ticket>(db, `pools/${mode}/tickets/${id}`, onTicket, own(`pools/${mode}/tickets/${id}`, onError)),
    room: (id, onRoom, onError, onSilent) => watchRoom(db, id, onRoom, own(`rooms/${id}`, onError), onSilent),
    stats: (mode, onStats, onError) => listenDoc<QueueStats>(db, `pools/${mode}`, onStats, onError),
    note: (event) => debug(db, event),
  };
}

/** setTimeout fires at once for a delay past this (about 24.8 days): a later check is set again when it fires. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Listens to a room and reads it again by hand, then listens to it afresh, whenever it should have changed and
 * has not: while it is unseen (the listener may have missed the write that made it), and once a deadline it
 * carries has passed by a grace (the listener may have missed the write that started, called off or settled
 * it). A listener that started while its document was being written can miss that write for good (the
 * emulator has been measured doing so, scripts/listenRace.ts); only a new listener, once the old one is gone,
 * hears the document as it is. A room that waits on no deadline, or is over, costs no read.
 */
function watchRoom(
  db: Firestore,
  roomId: string,
  onRoom: (room: Room) => void,
  onError: Parameters<Feed['room']>[2],
  onSilent?: (silent: boolean) => void,
) {
  const path = `rooms/${roomId}`;
  const options = { onCache: onSilent };
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watch: RoomWatch = { room: undefined, since: Date.now(), attempt: 0 };
  const learn = (room: Room | undefined) => {
    if (!room || stopped) return;
    if (roomChanged(watch.room, room)) {
      watch = { room, since: Date.now(), attempt: 0 };
      schedule();
    }
    onRoom(room);
  };
  let stop: Unsubscribe = listenDoc<Room>(db, path, learn, onError, options);
  const schedule = () => {
    clearTimeout(timer);
    const at = nextRoomCheck(watch);
    if (at === null) return;
    const fire = () => (Date.now() < at ? arm() : void reread());
    const arm = () => {
      timer = setTimeout(fire, Math.min(LONGEST_TIMER_MS, Math.max(0, at - Date.now())));
    };
    arm();
  };
  const reread = async () => {
    if (stopped) return;
    const before = watch;
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
    stop = listenDoc<Room>(db, path, learn, onError, options);
    if (watch !== before) return;
    // No news: the server has not acted yet (or the room is still to come). Look again later, backing off.
    watch = { ...watch, since: Date.now(), attempt: watch.attempt + 1 };
    schedule();
  };
  schedule();
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
  return { feed: firestoreFeed(db, database), docs: firestoreDocs(db) };
}
