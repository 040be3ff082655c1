import type { FirebaseApp } from 'firebase/app';
import { type Auth, signInAnonymously, signInWithCustomToken, signOut } from 'firebase/auth';
import { type EmulatorHosts, firebaseServices, invoker, streamer } from './contract.js';
import { LadderError, toLadderError } from './errors.js';
import { firestoreDocs, firestoreFeed } from './firestoreFeed.js';
import { consoleDebugLog, type DebugLog, setDebugLog } from './listen.js';
import { RemoteFeed } from './remoteFeed.js';
import { retrying } from './retry.js';
import type { Services, Session } from './services.js';

/**
 * How a Match follows its documents: Firestore listeners, the `watchMatch` stream, or `getMatchState` long-polls.
 * All three drive the same state machine; `stream` and `poll` leave Firestore to the other reads (profiles,
 * pool statistics, parties).
 */
export type Transport = 'firestore' | 'stream' | 'poll';

export interface LadderOptions {
  /** An initialised Firebase app. To choose the auth persistence (say one player per browser tab), call
   * `initializeAuth(app, { persistence })` before `createLadder`. */
  app: FirebaseApp;
  /** Where the functions are deployed; default `us-central1`. */
  region?: string;
  /**
   * The Firestore database holding the ladder's documents: the functions' `firestore.database`, default
   * `(default)`. Every Firestore read of the SDK (match listeners, profiles, parties, queue statistics) uses it.
   */
  database?: string;
  /** Emulator endpoints as `host:port`, for local play and tests. */
  emulators?: EmulatorHosts;
  /** Each mode's `ticketTtlSeconds`, when the game knows them: heartbeats then run every third of it. */
  ticketTtlSeconds?: Record<string, number>;
  /**
   * The game's build ("1.4.2"), sent with every queue request: a mode that declares `builds` matches it only
   * with compatible builds and refuses one older than its minimum.
   */
  build?: string;
  /** Logs every listener event (listen, snapshot, error, stop, re-read): `true` prints them with console.debug. */
  debug?: boolean | DebugLog;
  /** How matches are followed; default `firestore`. */
  transport?: Transport;
}

const mapped = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work;
  } catch (error) {
    throw toLadderError(error);
  }
};

function firebaseSession(auth: Auth): Session {
  return {
    uid: () => auth.currentUser?.uid,
    ready: () => auth.authStateReady(),
    anonymous: async () => (await mapped(signInAnonymously(auth))).user.uid,
    withCustomToken: async (token) => void (await mapped(signInWithCustomToken(auth, token))),
    signOut: () => signOut(auth),
  };
}

/** The Firebase services of one app, wired to the emulators if asked, and the SDK's callable invoker. */
export function connect(options: LadderOptions): Services {
  if (!options?.app) {
    throw new LadderError(
      'invalid-argument',
      'createLadder needs { app }: pass the result of initializeApp(firebaseConfig).',
    );
  }
  const { auth, db, functions } = firebaseServices(options.app, options.emulators, options.region, options.database);
  setDebugLog(db, options.debug === true ? consoleDebugLog : options.debug || undefined);
  const call = retrying(invoker(functions));
  const transport = options.transport ?? 'firestore';
  if (!['firestore', 'stream', 'poll'].includes(transport))
    throw new LadderError('invalid-argument', `transport must be 'firestore', 'stream' or 'poll', got ${transport}.`);
  const feed =
    transport === 'firestore'
      ? firestoreFeed(db)
      : new RemoteFeed(call, { open: transport === 'stream' ? streamer(functions) : undefined });
  return {
    session: firebaseSession(auth),
    call,
    feed,
    docs: firestoreDocs(db),
    ticketTtlSeconds: { ...options.ticketTtlSeconds },
  };
}
