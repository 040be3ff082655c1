/**
 * A bot's connection to the backend: the real `firebase` web SDK, one app instance per bot, signed in through
 * the `login` callable and a custom token, exactly as a mini-game client is. Every callable request goes through
 * one process-wide limiter, so hundreds of bots do not swamp the emulators sharing this machine.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { signInWithCustomToken, type Auth } from 'firebase/auth';
import { setLogLevel, type Firestore } from 'firebase/firestore';
import { httpsCallable, type Functions } from 'firebase/functions';
import {
  type CallArgs,
  type CallName,
  type CallResponse,
  deployedName,
  type Invoke,
  invoker,
  toLadderError,
} from '@ladder/client';
import { firebaseServices } from '@ladder/client/firestore';

import { emulatorHostsOf, type Endpoints } from '../scripts/emulators.js';

// Listeners torn down with their app, and refusals the bots expect, would otherwise fill the terminal.
setLogLevel('silent');

/** Where the bots' clients connect: a stack's endpoints (scripts/emulators.ts). */
export type ClientEndpoints = Pick<Endpoints, 'projectId' | 'authHost' | 'firestoreHost' | 'functionsHost'>;

/** A semaphore: at most `limit` tasks at once, the rest wait in arrival order. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** How long each task waited for its turn, with when it asked (ms since the epoch). */
  readonly waits: { at: number; ms: number }[] = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    const asked = performance.now();
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    this.waits.push({ at: Date.now(), ms: performance.now() - asked });
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

export interface FunctionStats {
  calls: number;
  ok: number;
  /** Refusals and failures by callable error code (`failed-precondition`, `aborted`, …). */
  errors: Record<string, number>;
  /** The first message seen with each error code, and when the call was sent and how long it took. */
  firstErrors: Record<string, string>;
  latencyMs: number[];
}

/** Every callable request the bots made, by function: what the clients saw. */
export class CallLog {
  readonly byFunction = new Map<string, FunctionStats>();
  /** Milliseconds since the epoch of every request, for the throughput timeline. */
  readonly sentAt: number[] = [];

  record(name: string, sentAt: number, ms: number, error: { code: string; message: string } | null) {
    const stats = this.byFunction.get(name) ?? { calls: 0, ok: 0, errors: {}, firstErrors: {}, latencyMs: [] };
    stats.calls++;
    if (error === null) stats.ok++;
    else {
      stats.errors[error.code] = (stats.errors[error.code] ?? 0) + 1;
      stats.firstErrors[error.code] ??=
        `${JSON.stringify(error.message)}, sent at ${new Date(sentAt).toISOString()}, answered after ${Math.round(ms)} ms`;
    }
    stats.latencyMs.push(ms);
    this.byFunction.set(name, stats);
    this.sentAt.push(sentAt);
  }

  get total() {
    return this.sentAt.length;
  }
}

/** The code a game would see: a connection that failed before any answer is `unavailable`, not `internal`. */
export const errorCode = (error: unknown) => toLadderError(error).code;

export interface Timed<T> {
  data: T;
  /** When the request left the client (after the limiter let it go), ms since the epoch. */
  sentAt: number;
}

let appCounter = 0;

export class BotClient {
  readonly app: FirebaseApp;
  readonly auth: Auth;
  readonly db: Firestore;
  private readonly functions: Functions;
  private readonly invoke: Invoke;
  uid = '';

  constructor(
    endpoints: ClientEndpoints,
    private readonly limiter: Limiter,
    private readonly log: CallLog,
  ) {
    this.app = initializeApp({ projectId: endpoints.projectId, apiKey: 'demo-api-key' }, `sim-bot-${++appCounter}`);
    const services = firebaseServices(this.app, emulatorHostsOf(endpoints));
    this.auth = services.auth;
    this.db = services.db;
    this.functions = services.functions;
    this.invoke = invoker(services.functions);
  }

  /** Dev login (emulators only) → custom token → Firebase Auth, as a mini-game client signs in. */
  async signIn(name: string) {
    const { token } = await this.call('login', { provider: 'dev', name });
    await this.signInWithToken(token);
  }

  async signInWithToken(token: string) {
    await signInWithCustomToken(this.auth, token);
    this.uid = this.auth.currentUser!.uid;
  }

  /** Calls through the callable contract, timed and logged, when the limiter lets it go. */
  async callTimed<N extends CallName>(name: N, ...args: CallArgs<N>): Promise<Timed<CallResponse<N>>> {
    return this.limiter.run(async () => {
      const sentAt = Date.now();
      const started = performance.now();
      try {
        const data = await this.invoke(name, ...args);
        this.log.record(name, sentAt, performance.now() - started, null);
        return { data, sentAt };
      } catch (error) {
        this.log.record(name, sentAt, performance.now() - started, {
          code: errorCode(error),
          message: (error as Error).message ?? String(error),
        });
        throw error;
      }
    });
  }

  async call<N extends CallName>(name: N, ...args: CallArgs<N>): Promise<CallResponse<N>> {
    return (await this.callTimed(name, ...args)).data;
  }

  /** Loads a function's code on the emulator: the request is empty, so a refusal is the expected answer. */
  async warm(name: CallName): Promise<void> {
    await httpsCallable(this.functions, deployedName(name))({}).catch(() => {});
  }

  close() {
    return deleteApp(this.app);
  }
}
