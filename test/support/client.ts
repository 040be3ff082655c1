import { inject } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInAnonymously, signInWithCustomToken, type Auth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';

/** A game client: the real web SDK, talking to the emulators the way a shipped game talks to Firebase. */
export interface Client {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  functions: Functions;
  uid: string;
  call<T = unknown>(name: string, data?: unknown): Promise<T>;
}

const open = new Set<FirebaseApp>();
const closers = new Set<() => void>();
let counter = 0;

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
  const endpoints = inject('endpoints');
  const app = newApp();
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${endpoints.authHost}`, { disableWarnings: true });
  const db = getFirestore(app);
  const [host, port] = endpoints.firestoreHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port));
  const functions = getFunctions(app);
  const [fnHost, fnPort] = endpoints.functionsHost.split(':');
  connectFunctionsEmulator(functions, fnHost!, Number(fnPort));
  const call = async <T>(name: string, data?: unknown) => (await httpsCallable(functions, name)(data)).data as T;
  return { app, auth, db, functions, call };
}

function client(parts: ReturnType<typeof newClientApp>): Client {
  return { ...parts, uid: parts.auth.currentUser!.uid };
}

/** Signs in through the `login` callable's dev provider and a custom token, as a mini-game client does. */
export async function devPlayer(name: string): Promise<Client> {
  const parts = newClientApp();
  const { token } = await parts.call<{ token: string }>('login', { provider: 'dev', name });
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
