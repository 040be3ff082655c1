import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { backoffDelay, sleep } from './backoff.js';
import { type EmulatorHosts, firebaseServices, type Invoke, invoker } from './contract.js';
import { LadderError, toLadderError, unsendable } from './errors.js';
import { consoleDebugLog, type DebugLog, setDebugLog } from './listen.js';

export interface LadderOptions {
  /** An initialised Firebase app. To choose the auth persistence (say one player per browser tab), call
   * `initializeAuth(app, { persistence })` before `createLadder`. */
  app: FirebaseApp;
  /** Where the functions are deployed; default `us-central1`. */
  region?: string;
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
}

export interface Services {
  auth: Auth;
  db: Firestore;
  call: Invoke;
  ticketTtlSeconds: Record<string, number>;
}

const ABORTED_ATTEMPTS = 3;

/** The Firebase services of one app, wired to the emulators if asked, and the SDK's callable invoker. */
export function connect(options: LadderOptions): Services {
  if (!options?.app) {
    throw new LadderError(
      'invalid-argument',
      'createLadder needs { app }: pass the result of initializeApp(firebaseConfig).',
    );
  }
  const { auth, db, functions } = firebaseServices(options.app, options.emulators, options.region);
  setDebugLog(db, options.debug === true ? consoleDebugLog : options.debug || undefined);
  const invoke = invoker(functions);
  const call: Invoke = async (name, ...args) => {
    const refused = unsendable(name, args[0]);
    if (refused) throw refused;
    for (let attempt = 0; ; attempt++) {
      try {
        return await invoke(name, ...args);
      } catch (error) {
        const failure = toLadderError(error);
        // `aborted` means the server's transaction gave up on contention and changed nothing: safe to repeat.
        if (failure.code !== 'aborted' || attempt + 1 >= ABORTED_ATTEMPTS) throw failure;
        await sleep(backoffDelay(attempt, { baseMs: 200 }));
      }
    }
  };
  return { auth, db, call, ticketTtlSeconds: { ...options.ticketTtlSeconds } };
}
