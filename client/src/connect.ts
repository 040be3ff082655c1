import type { FirebaseApp } from 'firebase/app';
import { type Auth, signInAnonymously, signInWithCustomToken, signOut } from 'firebase/auth';
import { authAndFunctions, type EmulatorHosts, invoker, streamer } from './contract.js';
import { LadderError, toLadderError } from './errors.js';
import { lazyFirestore } from './lazyFirestore.js';
import type { DebugLog } from './listen.js';
import { RemoteFeed } from './remoteFeed.js';
import { retrying } from './retry.js';
import type { Services, Session } from './services.js';

/**
 * How a Match follows its documents: Firestore listeners, the `watchMatch` stream, or `getMatchState` long-polls.
 * All three drive the same state machine. Firestore is loaded (`import()`) only when the game uses it: for
 * listeners, or with `stream` and `poll` for the other reads (profiles, pool statistics, parties) if it makes any.
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
  /**
   * The group the ladder's functions are exported under (`export const arena = createLadderFunctions(…)` deploys
   * `arena-enqueue`, …); default `ladder`. Two ladders in one codebase have a group each.
   */
  group?: string;
  /** Emulator endpoints as `host:port`, for local play and tests. */
  emulators?: EmulatorHosts;
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
  const { app, emulators, debug } = options;
  const { auth, functions } = authAndFunctions(app, emulators, options.region);
  const firestore = lazyFirestore(async () =>
    (await import('./firestoreFeed.js')).openFirestore(app, emulators, debug, options.database),
  );
  const call = retrying(invoker(functions, options.group));
  const transport = options.transport ?? 'firestore';
  if (!['firestore', 'stream', 'poll'].includes(transport))
    throw new LadderError('invalid-argument', `transport must be 'firestore', 'stream' or 'poll', got ${transport}.`);
  const feed =
    transport === 'firestore'
      ? firestore.feed
      : new RemoteFeed(call, { open: transport === 'stream' ? streamer(functions, options.group) : undefined });
  return {
    session: firebaseSession(auth),
    call,
    feed,
    docs: firestore.docs,
  };
}
