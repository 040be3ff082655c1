/**
 * The one emulator harness behind `npm start`, the vitest global setup and the simulation: the official
 * Cloud Firestore emulator (started directly, because firebase-tools would demand Java 21 to manage it)
 * and the firebase-tools Auth and Functions emulators, wired together and torn down as one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ID = 'demo-ladder';
export const REGION = 'us-central1';
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STATE_DIR = join(ROOT, '.emulators');
const STATE_FILE = join(STATE_DIR, 'stack.json');
const GCLOUD_COMPONENT = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';

export interface Endpoints {
  projectId: string;
  firestoreHost: string;
  authHost: string;
  functionsHost: string;
  functionsOrigin: string;
}

/** The hosts a client connects to (the SDK's `emulators` option), from a stack's endpoints. */
export const emulatorHostsOf = (endpoints: Pick<Endpoints, 'authHost' | 'firestoreHost' | 'functionsHost'>) => ({
  auth: endpoints.authHost,
  firestore: endpoints.firestoreHost,
  functions: endpoints.functionsHost,
});

export interface Stack extends Endpoints {
  /** True when this process started the emulators (and so must stop them). */
  owned: boolean;
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * Where emulator output goes: 'inherit' streams it to this terminal (whole lines, prefixed with the emulator's
   * name), otherwise log files under .emulators/.
   */
  output?: 'inherit' | 'files';
  /** Also told every whole line the emulators print, with the emulator's name (say to pick out errors). */
  onLine?: (source: string, line: string) => void;
  /** Reuse a stack that `npm start` already runs instead of failing on its ports. */
  reuse?: boolean;
  /**
   * A second Auth and Functions pair beside a running stack (its Firestore named by FIRESTORE_EMULATOR_HOST),
   * with this environment for the functions (another LADDER_CONFIG, say): it is not recorded as the checkout's
   * stack, so `reuse` and `npm run check-invariants` keep finding the first one. `functions`, a folder of this
   * checkout (relative to its root) whose functions codebase is loaded instead of deploy/'s.
   */
  extra?: { env: Record<string, string>; functions?: string };
  /**
   * Another Firebase project's folder (a studio's game, say): its firebase.json's functions and its Firestore rules
   * on a stack of their own, on free ports, with this checkout's emulator settings; not recorded as the checkout's
   * stack. `env` is handed to its functions; `node`, a Node.js binary to run firebase-tools and so the functions
   * with (a runtime other than this process's).
   */
  project?: { dir: string; env?: Record<string, string>; node?: string };
}

export class HarnessError extends Error {}

/** firebase-tools found a port chosen for it taken (and moved off it): the stack starts again on other ports. */
class PortTakenError extends HarnessError {}

/**
 * The terminal as it was when this module loaded: a caller that later redirects its own output (as `npm start`
 * does) still has the emulators' lines reach the terminal, once.
 */
const terminal = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };

/** Where each emulator's output is kept when it does not go to the terminal. */
export const logFile = (name: string) => join(STATE_DIR, `${name}.log`);

/**
 * Collects chunks of output into whole lines: a chunk may end mid-line, and a line written in two pieces
 * between another process's lines would come out garbled.
 */
export function lineSplitter(onLine: (line: string) => void): { push(chunk: Buffer | string): void; flush(): void } {
  let partial = '';
  return {
    push(chunk) {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) onLine(line);
    },
    flush() {
      if (partial) onLine(partial);
      partial = '';
    },
  };
}

/** The environment a Firebase SDK (admin or client) needs to talk to this stack. */
export function emulatorEnv(e: Endpoints): Record<string, string> {
  return {
    GCLOUD_PROJECT: e.projectId,
    GOOGLE_CLOUD_PROJECT: e.projectId,
    FIRESTORE_EMULATOR_HOST: e.firestoreHost,
    FIREBASE_AUTH_EMULATOR_HOST: e.authHost,
    // Nothing on the emulators needs Google's metadata server; probing it only logs warnings offline.
    METADATA_SERVER_DETECTION: 'none',
  };
}

export async function startStack(options: StartOptions = {}): Promise<Stack> {
  mkdirSync(STATE_DIR, { recursive: true });
  if (options.reuse && !options.project) {
    const running = await runningStack();
    if (running) return { ...running, owned: false, stop: async () => {} };
  }

  const children: Child[] = [];
  const stop = async () => {
    await Promise.all(children.reverse().map((c) => c.stop()));
    children.length = 0;
  };
  // A last line of defence: a crash or process.exit() still kills every process group we started.
  const killOnExit = () => {
    for (const c of children) c.killNow();
  };
  process.once('exit', killOnExit);

  try {
    const firestoreHost = await startFirestore(children, options);
    const { ports, functions } = await startFirebaseToolsOnFreePorts(children, firestoreHost, options);
    const endpoints: Endpoints = {
      projectId: PROJECT_ID,
      firestoreHost,
      authHost: `127.0.0.1:${ports.auth}`,
      functionsHost: `127.0.0.1:${ports.functions}`,
      functionsOrigin: `http://127.0.0.1:${ports.functions}`,
    };
    if (!options.extra && !options.project) {
      writeFileSync(
        STATE_FILE,
        JSON.stringify({ ...endpoints, pid: process.pid, ladderConfig: ladderConfig() }, null, 2),
      );
    }
    // Any part dying takes the whole stack down: a half-running stack is worse than none.
    for (const child of [functions, ...children]) {
      child.onUnexpectedExit((code) => {
        console.error(`[emulators] ${child.name} exited unexpectedly (code ${code}); stopping the stack`);
        void stop().then(() => process.exit(1));
      });
    }
    return {
      ...endpoints,
      owned: true,
      stop: async () => {
        process.off('exit', killOnExit);
        await stop();
        if (!options.extra && !options.project && existsSync(STATE_FILE)) writeFileSync(STATE_FILE, '{}');
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function runningStack(): Promise<Endpoints | null> {
  if (!existsSync(STATE_FILE)) return null;
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as Partial<
    Endpoints & { pid: number; ladderConfig: string | null }
  >;
  if (!state.pid || !state.firestoreHost || !state.authHost || !state.functionsOrigin) return null;
  // The functions of a running stack loaded their configuration at start; reuse it only if it is the same.
  if (state.ladderConfig !== ladderConfig()) return null;
  if (!isAlive(state.pid)) return null;
  const answers = await Promise.all([
    httpOk(`http://${state.firestoreHost}/`),
    httpOk(`http://${state.authHost}/`),
    httpOk(`${state.functionsOrigin}/`),
  ]);
  return answers.every(Boolean) ? (state as Endpoints) : null;
}

const ladderConfig = () => process.env.LADDER_CONFIG ?? null;

// ---------------------------------------------------------------------------------------------------------
// Firestore

/**
 * A Firestore emulator of its own, on a free port and without security rules: for the store tier's tests, whose
 * admin SDK rules do not bind, and for measurements of the emulator itself (`scripts/listenRace.ts`).
 */
export async function startBareFirestore(): Promise<{ host: string; stop: () => Promise<void> }> {
  mkdirSync(STATE_DIR, { recursive: true });
  const command = findFirestoreEmulator();
  const port = await freePort();
  const args = [...command.args, '--host', '127.0.0.1', '--port', String(port)];
  const child = launch('firestore-bare', command.bin, args, {}, { output: 'files' });
  const host = `127.0.0.1:${port}`;
  try {
    await waitFor('the Firestore emulator', 60_000, child, () => httpOk(`http://${host}/`));
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { host, stop: () => child.stop() };
}

async function startFirestore(children: Child[], options: StartOptions): Promise<string> {
  const existing = options.project ? undefined : process.env.FIRESTORE_EMULATOR_HOST;
  if (existing) {
    if (!(await httpOk(`http://${existing}/`))) {
      throw new HarnessError(
        `FIRESTORE_EMULATOR_HOST is set to ${existing}, but no Firestore emulator answers there. ` +
          'Start it, or unset FIRESTORE_EMULATOR_HOST to let the harness start one.',
      );
    }
    return existing;
  }
  const command = findFirestoreEmulator();
  const rules = options.project ? projectRules(options.project.dir) : join(ROOT, 'firestore.rules');
  const run = async (port: number) => {
    const args = [...command.args, '--host', '127.0.0.1', '--port', String(port), '--rules', rules];
    const child = launch('firestore', command.bin, args, {}, options);
    children.push(child);
    const host = `127.0.0.1:${port}`;
    await waitFor('the Firestore emulator', 60_000, child, () => httpOk(`http://${host}/`));
    return host;
  };
  // The port firebase.json names, when free, else one the system hands out. Either can be taken in the moment
  // before the emulator binds it (the emulator then exits): by another checkout's stack, or by the emulator's own
  // WebSocket server, which binds a port the system hands out first. Then it starts again on another.
  const configured = configuredPorts().firestore.port;
  const first = !options.project && (await portFree(configured)) ? configured : await freePort();
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt === 1 ? first : await freePort());
    } catch (error) {
      if (!children.at(-1)?.hasExited || attempt === 3) throw error;
      children.pop();
    }
  }
}

/** The rules file a project's firebase.json gives its default database. */
function projectRules(dir: string): string {
  const { firestore } = JSON.parse(readFileSync(join(dir, 'firebase.json'), 'utf8')) as {
    firestore?: { rules?: string; database?: string } | { rules?: string; database?: string }[];
  };
  const databases = Array.isArray(firestore) ? firestore : firestore ? [firestore] : [];
  const main = databases.find((d) => !d.database || d.database === '(default)');
  if (!main?.rules) throw new HarnessError(`${dir}/firebase.json names no Firestore rules for the default database`);
  return join(dir, main.rules);
}

interface Command {
  bin: string;
  args: string[];
}

function findFirestoreEmulator(): Command {
  const java = javaMajorVersion();
  if (java === null) {
    throw new HarnessError(
      'Java is not installed, and the Cloud Firestore emulator needs it. Install a JRE 17 or newer ' +
        '(Debian/Ubuntu: `apt-get install openjdk-17-jre-headless`) and run again.',
    );
  }
  const candidates = [GCLOUD_COMPONENT];
  const sdkRoot = gcloudSdkRoot();
  if (sdkRoot) candidates.push(join(sdkRoot, 'platform/cloud-firestore-emulator/cloud_firestore_emulator'));
  for (const bin of candidates) if (existsSync(bin)) return { bin, args: ['start'] };

  // firebase-tools' own download, which only runs on Java 21+.
  const cache = join(homedir(), '.cache/firebase/emulators');
  const jar = existsSync(cache)
    ? readdirSync(cache)
        .filter((f) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(f))
        .sort()
        .pop()
    : undefined;
  if (jar && java >= 21) return { bin: 'java', args: ['-Duser.language=en', '-jar', join(cache, jar)] };

  throw new HarnessError(
    'The Cloud Firestore emulator is not installed. Install the Google Cloud CLI component ' +
      "(`gcloud components install cloud-firestore-emulator`, or on Debian/Ubuntu with Google's apt " +
      'repository `apt-get install google-cloud-cli-firestore-emulator`), or, with Java 21 or newer, ' +
      '`npx firebase setup:emulators:firestore`. Alternatively point FIRESTORE_EMULATOR_HOST at a running one.' +
      (jar ? ` (firebase-tools' ${jar} is cached but needs Java 21+, found Java ${java}.)` : ''),
  );
}

function javaMajorVersion(): number | null {
  const result = spawnSync(process.env.JAVA ?? 'java', ['-version'], { encoding: 'utf8' });
  if (result.error) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(result.stderr + result.stdout);
  if (!match) return null;
  const major = Number(match[1]);
  return major === 1 ? Number(match[2]) : major;
}

function gcloudSdkRoot(): string | null {
  const result = spawnSync('gcloud', ['info', '--format=value(installation.sdk_root)'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim() ? result.stdout.trim() : null;
}

// ---------------------------------------------------------------------------------------------------------
// Auth and Functions (firebase-tools)

// firebase-tools also starts the Eventarc and Cloud Tasks emulators beside Functions, so their ports are ours too.
interface Ports {
  auth: number;
  functions: number;
  hub: number;
  logging: number;
  eventarc: number;
  tasks: number;
}

/**
 * Starts firebase-tools on ports chosen for it. Another checkout's stack starting at the same moment, or any
 * outgoing connection, can take a chosen port in the seconds before firebase-tools binds it (it then stops with
 * "port taken", or "An unexpected error" over EADDRINUSE, or its Functions emulator moves to the next port); then
 * it is started again on ports the system hands out, away from the defaults.
 */
async function startFirebaseToolsOnFreePorts(children: Child[], firestoreHost: string, options: StartOptions) {
  const attempts = 3;
  for (let attempt = 1; ; attempt++) {
    const ports = await choosePorts(attempt === 1 && !options.project);
    try {
      return { ports, functions: await startFirebaseTools(children, firestoreHost, ports, options) };
    } catch (error) {
      const failed = children.at(-1);
      const portTaken =
        error instanceof PortTakenError ||
        (error instanceof HarnessError &&
          failed?.name.startsWith('firebase') &&
          /port taken|EADDRINUSE|address already in use|An unexpected error has occurred/i.test(
            `${error.message}\n${failed.output()}`,
          ));
      if (!portTaken || attempt === attempts) throw error;
      await children.pop()?.stop();
      console.warn(
        `[emulators] a port was taken while firebase-tools started; trying other ports (attempt ${attempt + 1} of ${attempts})`,
      );
    }
  }
}

/** The emulator ports firebase.json names. */
const configuredPorts = () =>
  JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')).emulators as Record<
    keyof Ports | 'firestore',
    { port: number }
  >;

/** The ports firebase.json names, or free ones where those are taken (say by another checkout's stack). */
async function choosePorts(preferConfigured: boolean): Promise<Ports> {
  const configured = configuredPorts();
  const pick = async (port: number) => (preferConfigured && (await portFree(port)) ? port : freePort());
  return {
    auth: await pick(configured.auth.port),
    functions: await pick(configured.functions.port),
    hub: await pick(configured.hub.port),
    logging: await pick(configured.logging.port),
    eventarc: await pick(configured.eventarc.port),
    tasks: await pick(configured.tasks.port),
  };
}

async function startFirebaseTools(
  children: Child[],
  firestoreHost: string,
  ports: Ports,
  options: StartOptions,
): Promise<Child> {
  const dir = options.project?.dir ?? ROOT;
  const config = JSON.parse(readFileSync(join(dir, 'firebase.json'), 'utf8'));
  // Another project runs with this checkout's emulator settings (hosts, no UI, one project).
  config.emulators = structuredClone(JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')).emulators);
  for (const [name, port] of Object.entries(ports)) config.emulators[name].port = port;
  if (options.extra?.functions) config.functions = [{ source: options.extra.functions, codebase: 'extra' }];
  // firebase-tools resolves paths against the config file's folder, so the generated one sits beside firebase.json.
  const configPath = join(dir, '.firebase.emulators.json');
  writeFileSync(configPath, JSON.stringify(config, null, 2));

  const cli = join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
  if (!existsSync(cli)) throw new HarnessError('firebase-tools is not installed: run `npm ci` first.');
  const args = [cli, 'emulators:start', '--only', 'auth,functions', '--project', PROJECT_ID, '--config', configPath];
  const env = {
    ...options.extra?.env,
    ...options.project?.env,
    FIRESTORE_EMULATOR_HOST: firestoreHost,
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    // A function's first call starts its worker, which firebase-tools gives 30 s to load; a loaded machine
    // (several stacks, a browser) can need more, and the call then fails with "Failed to load function".
    FUNCTIONS_DISCOVERY_TIMEOUT: process.env.FUNCTIONS_DISCOVERY_TIMEOUT ?? '180',
  };
  const name = options.project ? 'firebase-project' : options.extra ? 'firebase-extra' : 'firebase';
  const child = launch(name, options.project?.node ?? process.execPath, args, env, options);
  children.push(child);
  // firebase-tools loads a project's codebases one after another, each in a process of its own: each has its time.
  const codebases = Array.isArray(config.functions) ? Math.max(1, config.functions.length) : 1;
  await waitFor('the Auth and Functions emulators', 120_000 * codebases, child, async () => {
    const failure = /Failed to load function/i.exec(child.output());
    if (failure) throw new HarnessError(`The Functions emulator could not load the functions:\n${child.tail()}`);
    return child.output().includes('All emulators ready');
  });
  // Finding a chosen port taken, the Functions emulator moves to the next one on its own and says so only in
  // its log, while the stack would hand out the chosen one (a call there reaches whatever took it: a 426, say).
  const moved = /Emulator unable to start on port \d+, starting on \d+ instead/i.exec(child.output());
  if (moved) throw new PortTakenError(`A chosen port was taken: ${moved[0]}`);
  return child;
}

// ---------------------------------------------------------------------------------------------------------
// Processes

class Child {
  private buffer = '';
  private exited = false;
  private stopping = false;
  private exitListeners: ((code: number | null) => void)[] = [];

  constructor(
    readonly name: string,
    private readonly process: ChildProcess,
  ) {
    const collect = (chunk: Buffer) => {
      this.buffer = (this.buffer + chunk.toString()).slice(-200_000);
    };
    process.stdout?.on('data', collect);
    process.stderr?.on('data', collect);
    process.on('exit', (code) => {
      this.exited = true;
      if (!this.stopping) for (const listener of this.exitListeners) listener(code);
    });
  }

  get hasExited() {
    return this.exited;
  }

  output() {
    return this.buffer;
  }

  tail(lines = 40) {
    return this.buffer.split('\n').slice(-lines).join('\n');
  }

  onUnexpectedExit(listener: (code: number | null) => void) {
    this.exitListeners.push(listener);
  }

  /** Signals the whole process group (the Java VM behind a shell script, the functions runtime behind firebase). */
  private signal(signal: NodeJS.Signals) {
    if (this.exited || this.process.pid === undefined) return;
    try {
      process.kill(-this.process.pid, signal);
    } catch {
      // The group is already gone.
    }
  }

  killNow() {
    this.stopping = true;
    this.signal('SIGKILL');
  }

  async stop(graceMs = 8_000) {
    this.stopping = true;
    if (this.exited) return;
    const exited = new Promise<void>((done) => this.process.once('exit', () => done()));
    this.signal('SIGINT');
    const timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    // Grandchildren that ignored the group SIGINT (a JVM sometimes does) go with SIGKILL.
    this.signal('SIGKILL');
  }
}

function launch(name: string, bin: string, args: string[], env: Record<string, string>, options: StartOptions) {
  const child = spawn(bin, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true, // its own process group, so stop() reaches every descendant
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.on('error', () => {});
  const wrapped = new Child(name, child);
  const inherit = options.output === 'inherit';
  if (!inherit) {
    // Appended to, not truncated: a second stack of this checkout (`npm start` inside a test, say) would otherwise
    // wipe the log of the stack that is still running. A large log is started afresh.
    const path = logFile(name);
    const large = existsSync(path) && statSync(path).size > 20_000_000;
    const log = createWriteStream(path, { flags: large ? 'w' : 'a' });
    log.write(`\n===== ${name} started ${new Date().toISOString()} by process ${process.pid} =====\n`);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  if (inherit || options.onLine) {
    // Each line is written whole, in one write: lines of different processes then never interleave.
    for (const [stream, write] of [
      [child.stdout, terminal.out],
      [child.stderr, terminal.err],
    ] as const) {
      const lines = lineSplitter((line) => {
        if (inherit && line) write(`[${name}] ${line}\n`);
        options.onLine?.(name, line);
      });
      stream?.on('data', (chunk: Buffer) => lines.push(chunk));
      stream?.on('end', () => lines.flush());
    }
  }
  return wrapped;
}

async function waitFor(what: string, timeoutMs: number, child: Child, ready: () => Promise<boolean>) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.hasExited) throw new HarnessError(`${what} exited while starting:\n${child.tail()}`);
    if (await ready()) return;
    await sleep(250);
  }
  throw new HarnessError(`${what} did not become ready within ${timeoutMs / 1000} s:\n${child.tail()}`);
}

async function httpOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status < 500;
  } catch {
    return false;
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}
