import type { FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { backoffDelay, sleep } from './backoff.js';
import { LadderError, toLadderError, unsendable } from './errors.js';
import { consoleDebugLog, setDebugLog, type DebugLog } from './listen.js';
import type {
  EnqueueResult,
  Leaderboard,
  LoginInput,
  Party,
  Player,
  Presence,
  Profile,
  Result,
  Room,
} from './types.js';

export interface LadderOptions {
  /** An initialised Firebase app. To choose the auth persistence (say one player per browser tab), call
   * `initializeAuth(app, { persistence })` before `createLadder`. */
  app: FirebaseApp;
  /** Where the functions are deployed; default `us-central1`. */
  region?: string;
  /** Emulator endpoints as `host:port`, for local play and tests. */
  emulators?: { auth: string; firestore: string; functions: string };
  /** Each mode's `ticketTtlSeconds`, when the game knows them: heartbeats then run every third of it. */
  ticketTtlSeconds?: Record<string, number>;
  /** Logs every listener event (listen, snapshot, error, stop, re-read): `true` prints them with console.debug. */
  debug?: boolean | DebugLog;
}

/** Every callable: its input and its result. */
export interface Calls {
  login: [LoginInput, { uid: string; token: string; displayName: string }];
  getProfile: [Record<string, never>, Profile];
  setDisplayName: [{ displayName: string }, { player: Player }];
  createParty: [Record<string, never>, { party: Party }];
  joinParty: [{ code: string }, { party: Party }];
  leaveParty: [Record<string, never>, { party: Party | null }];
  kickPartyMember: [{ uid: string }, { party: Party }];
  transferPartyLeadership: [{ uid: string }, { party: Party }];
  disbandParty: [Record<string, never>, { party: null }];
  refreshPartyCode: [Record<string, never>, { party: Party }];
  enqueue: [{ mode: string }, EnqueueResult];
  cancelQueue: [Record<string, never>, { cancelled: boolean; presence: Presence }];
  heartbeat: [Record<string, never>, { presence: Presence; expiresAt: number | null }];
  acceptMatch: [{ roomId: string }, { room: Room }];
  declineMatch: [{ roomId: string }, { room: Room }];
  reportResult: [{ roomId: string } & Result, { room: Room }];
  getLeaderboard: [{ ladder: string; limit?: number }, Leaderboard];
}

export type Call = <N extends keyof Calls>(name: N, data: Calls[N][0], options?: { timeoutMs?: number }) => Promise<Calls[N][1]>;

export interface Services {
  auth: Auth;
  db: Firestore;
  call: Call;
  ticketTtlSeconds: Record<string, number>;
}

const ABORTED_ATTEMPTS = 3;

function hostAndPort(value: string, which: string): [string, number] {
  const match = /^([^:/\s]+):(\d{1,5})$/.exec(value);
  if (!match) throw new LadderError('invalid-argument', `emulators.${which} must be "host:port", got ${JSON.stringify(value)}.`);
  return [match[1]!, Number(match[2])];
}

/** The Firebase services of one app, wired to the emulators if asked, and a typed callable invoker. */
export function connect(options: LadderOptions): Services {
  if (!options?.app) {
    throw new LadderError('invalid-argument', 'createLadder needs { app }: pass the result of initializeApp(firebaseConfig).');
  }
  const auth = getAuth(options.app);
  const db = getFirestore(options.app);
  setDebugLog(db, options.debug === true ? consoleDebugLog : options.debug || undefined);
  const functions = getFunctions(options.app, options.region ?? 'us-central1');
  if (options.emulators) {
    const { emulators } = options;
    const [authHost, authPort] = hostAndPort(emulators.auth, 'auth');
    connectAuthEmulator(auth, `http://${authHost}:${authPort}`, { disableWarnings: true });
    connectFirestoreEmulator(db, ...hostAndPort(emulators.firestore, 'firestore'));
    connectFunctionsEmulator(functions, ...hostAndPort(emulators.functions, 'functions'));
  }

  const call: Call = async (name, data, callOptions) => {
    const refused = unsendable(name, data);
    if (refused) throw refused;
    const callable = httpsCallable<typeof data, Calls[typeof name][1]>(
      functions,
      name,
      callOptions?.timeoutMs ? { timeout: callOptions.timeoutMs } : undefined,
    );
    for (let attempt = 0; ; attempt++) {
      try {
        return (await callable(data)).data;
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
