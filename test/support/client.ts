import { emulatorHostsOf } from '../../scripts/emulators.js';
import { inject } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { signInAnonymously, signInWithCustomToken, type Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { httpsCallable, type Functions } from 'firebase/functions';
import { deployedName, type EmulatorHosts, type Invoke, invoker } from '@ladder/client';
import { firebaseServices } from '@ladder/client/firestore';

/** A game client: the real web SDK, talking to the emulators the way a shipped game talks to Firebase. */
export interface Client {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  functions: Functions;
  uid: string;
  /** Calls through the callable contract, as the SDK does (without its retries). */
  call: Invoke;
  /** Sends what the contract forbids, as a hostile or outdated client would. */
  callUnchecked(name: string, data?: unknown): Promise<unknown>;
}

const open = new Set<FirebaseApp>();
const closers = new Set<() => void>();
let counter = 0;

export function emulatorHosts(): EmulatorHosts {
  return emulatorHostsOf(inject('endpoints'));
}

/** A fresh Firebase app for one player, deleted after the test. */
export function newApp(): FirebaseApp {
  const endpoints = inject('endpoints');
  const app = initializeApp({ projectId: endpoints.projectId, apiKey: 'demo-api-key' }, `client-${++counter}`);
  open.add(app);
  return app;
}

/** Runs `close` after the test, before the apps go (say, to stop a client's timers). */
export function closeAfterTest(close: () => void) {
  closers.add(close);
}

export function newClientApp() {
  const app = newApp();
  const services = firebaseServices(app, emulatorHosts());
  // A real callable's name, with a request the contract's types would refuse.
  const callUnchecked = async (name: string, data?: unknown) =>
    (await httpsCallable(services.functions, deployedName(name))(data)).data;
  return { app, ...services, call: invoker(services.functions), callUnchecked };
}

function client(parts: ReturnType<typeof newClientApp>): Client {
  return { ...parts, uid: parts.auth.currentUser!.uid };
}

/** Signs in through the `login` callable's dev provider and a custom token, as a mini-game client does. */
export async function devPlayer(name: string): Promise<Client> {
  const parts = newClientApp();
  const { token } = await parts.call('login', { provider: 'dev', name });
  await signInWithCustomToken(parts.auth, token);
  return client(parts);
}

export async function anonymousPlayer(): Promise<Client> {
  const parts = newClientApp();
  await signInAnonymously(parts.auth);
  return client(parts);
}

export async function closeClients() {
  for (const close of closers) close();
  closers.clear();
  await Promise.all([...open].map((app) => deleteApp(app)));
  open.clear();
}
