/**
 * A studio's existing Firebase project adds the ladder as docs/quickstart.md says: it installs the two packed
 * packages, re-exports the ladder from its own functions in a region of its own, merges the ladder's Firestore
 * rules and indexes into its own, starts the emulators and plays a 1v1 through the SDK. Its own function and
 * rules keep working, and none of its files lose anything.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInAnonymously } from 'firebase/auth';
import { connectFirestoreEmulator, doc, getDoc, getFirestore, setDoc } from 'firebase/firestore';
import { afterAll, expect, it } from 'vitest';
import { deployedName } from '@ladder/client';
import { startStack, type Stack } from '../../scripts/emulators.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const version = async (name: string) =>
  (JSON.parse(await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** A developer's shell: none of the npm_* settings `npm test` passes down may shape how the studio installs. */
const shellEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !/^(npm_|INIT_CWD$|LADDER_CONFIG$|FIRESTORE_EMULATOR_HOST$)/i.test(key),
  ),
);
const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], { cwd, env: shellEnv, maxBuffer: 16 << 20 });

const REGION = 'europe-west1';

// ---- The studio's project before the ladder: its own function, rules, index and firebase.json.
const studioFirebaseJson = {
  functions: [{ source: 'functions', codebase: 'default' }],
  firestore: { rules: 'firestore.rules', indexes: 'firestore.indexes.json' },
};
const studioRules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() {
      return request.auth != null;
    }
    // Each player's saved game: theirs alone.
    match /saves/{uid} {
      allow read, write: if signedIn() && request.auth.uid == uid;
    }
  }
}
`;
const studioIndex = {
  collectionGroup: 'saves',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'level', order: 'ASCENDING' },
    { fieldPath: 'at', order: 'DESCENDING' },
  ],
};
const studioHello = `import { initializeApp } from 'firebase-admin/app';
import { onRequest } from 'firebase-functions/v2/https';

initializeApp();

export const helloWorld = onRequest((_request, response) => {
  response.send('Hello from the studio');
});
`;

// ---- What the quickstart adds.
const ladderExport = `
import { createLadderFunctions } from '@ladder/functions';

// Ranked matchmaking: every function deploys as ladder-<name>, in our region.
export const ladder = createLadderFunctions({ functions: { region: '${REGION}' } });
`;
const gameTs = `import { deleteApp, initializeApp } from 'firebase/app';
import { createLadder } from '@ladder/client';

declare const process: { env: Record<string, string | undefined> };
const hosts = JSON.parse(process.env.EMULATORS ?? '{}') as Record<'projectId' | 'auth' | 'firestore' | 'functions', string>;

/** One player: signs in, queues for a 1v1, accepts, reports the outcome and waits for the rating change. */
async function player(name: string) {
  const app = initializeApp({ projectId: hosts.projectId, apiKey: 'demo-api-key' }, name);
  const ladder = createLadder({ app, region: '${REGION}', emulators: hosts });
  await ladder.signInAnonymously();
  return { app, ladder };
}

const players = [await player('ann'), await player('bob')];
// Ann waits in the queue; Bob's enqueue finds her at once.
const matches = [];
for (const { ladder } of players) matches.push(await ladder.queue('1v1'));
const ends = await Promise.all(
  matches.map(async (match, i) => {
    let accepted = false;
    match.onStatus((s) => {
      if (s.kind === 'pending' && !s.youAccepted && !accepted) {
        accepted = true;
        void match.accept(); // the ready check
      }
    });
    const start = await match.until('active');
    if (start.kind !== 'active') throw new Error('no game: ' + start.kind);
    await match.reportOutcome(i === 0 ? 'win' : 'loss');
    return match.until('settled');
  }),
);
for (const end of ends) console.log(JSON.stringify(end.kind === 'settled' ? end.ratingChange : end));
const profiles = await Promise.all(players.map(({ ladder }) => ladder.profile()));
console.log(JSON.stringify(profiles.map((p) => p.player.ladders.solo?.rating)));
for (const { app, ladder } of players) {
  ladder.close();
  await deleteApp(app);
}
`;

const tsconfig = (lib: string[], outDir: string) => ({
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib,
    types: [],
    strict: true,
    skipLibCheck: true,
    rootDir: 'src',
    outDir,
  },
  include: ['src'],
});

let scratch: string | undefined;
let stack: Stack | undefined;
afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** The studio's project as it stands before the ladder; returns its files, to compare with later. */
async function studioProject(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {
    'firebase.json': JSON.stringify(studioFirebaseJson, null, 2),
    'firestore.rules': studioRules,
    'firestore.indexes.json': JSON.stringify({ indexes: [studioIndex], fieldOverrides: [] }, null, 2),
    'functions/src/index.ts': studioHello,
    'functions/tsconfig.json': JSON.stringify(tsconfig(['ES2022'], 'lib')),
    'functions/package.json': JSON.stringify({
      name: 'studio-functions',
      private: true,
      type: 'module',
      main: 'lib/index.js',
      engines: { node: '20' },
      scripts: { build: 'tsc' },
      dependencies: {
        'firebase-admin': await version('firebase-admin'),
        'firebase-functions': await version('firebase-functions'),
      },
    }),
    'package.json': JSON.stringify({ name: 'studio-game', private: true, type: 'module' }),
  };
  await mkdir(join(dir, 'functions/src'), { recursive: true });
  for (const [path, text] of Object.entries(files)) await writeFile(join(dir, path), text);
  return files;
}

it('installs into a studio project beside its own function and rules, and plays a 1v1 in its region', async () => {
  scratch = await mkdtemp(join(tmpdir(), 'studio-'));
  expect(relative(root, scratch).startsWith('..')).toBe(true);
  const before = await studioProject(scratch);
  await npm(['install', `firebase-functions@${await version('firebase-functions')}`], join(scratch, 'functions'));

  // The quickstart: pack, install, re-export, merge the Firestore files, build.
  await npm(['pack', '--workspace', 'functions', '--workspace', 'client', '--pack-destination', scratch], root);
  const tarballs = (await readdir(scratch)).filter((f) => f.endsWith('.tgz')).sort();
  expect(tarballs).toEqual([expect.stringMatching(/^ladder-client-/), expect.stringMatching(/^ladder-functions-/)]);
  await npm(['install', `../${tarballs[1]}`], join(scratch, 'functions'));
  await npm(['install', `firebase@${await version('firebase')}`, `./${tarballs[0]}`], scratch);
  await writeFile(join(scratch, 'functions/src/index.ts'), studioHello + ladderExport);
  const check = (cwd: string) =>
    run('npx', ['ladder-firestore', 'check', '../firestore.rules', '../firestore.indexes.json'], {
      cwd,
      env: shellEnv,
    });
  await expect(check(join(scratch, 'functions'))).rejects.toMatchObject({
    stderr: expect.stringMatching(/lacks the ladder rules block/),
  });
  await run('npx', ['ladder-firestore', 'merge', '../firestore.rules', '../firestore.indexes.json'], {
    cwd: join(scratch, 'functions'),
    env: shellEnv,
  });
  expect((await check(join(scratch, 'functions'))).stdout).toMatch(/in place/);
  await run(process.execPath, [tsc, '-p', 'functions/tsconfig.json'], { cwd: scratch });
  await mkdir(join(scratch, 'src'));
  await writeFile(join(scratch, 'src/game.ts'), gameTs);
  await writeFile(join(scratch, 'tsconfig.json'), JSON.stringify(tsconfig(['ES2022', 'DOM'], 'out')));
  await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: scratch });

  // Nothing of the studio's was lost: firebase.json untouched, its rules, index and dependencies still there.
  const now = (path: string) => readFile(join(scratch!, path), 'utf8');
  expect(await now('firebase.json')).toBe(before['firebase.json']);
  for (const line of studioRules.split('\n')) expect(await now('firestore.rules')).toContain(line);
  expect(JSON.parse(await now('firestore.indexes.json')).indexes[0]).toEqual(studioIndex);
  expect(await now('functions/src/index.ts')).toContain(studioHello);
  const deps = JSON.parse(await now('functions/package.json')).dependencies;
  expect(Object.keys(deps).sort()).toEqual(['@ladder/functions', 'firebase-admin', 'firebase-functions']);

  // The studio's emulators, on their own ports and with their own (merged) rules.
  const lines: string[] = [];
  stack = await startStack({ output: 'files', project: { dir: scratch }, onLine: (_s, line) => lines.push(line) });
  const loaded = lines.join('\n');
  expect(loaded).toMatch(/functions\[us-central1-helloWorld\]/);
  expect(loaded).toMatch(new RegExp(`functions\\[${REGION}-ladder-enqueue\\]`));
  expect(loaded).toMatch(new RegExp(`functions\\[${REGION}-ladder-matcherTick\\]`));
  expect(loaded).not.toMatch(/functions\[[a-z]+-[a-z]+\d-enqueue\]/);

  const hello = await fetch(`${stack.functionsOrigin}/${stack.projectId}/us-central1/helloWorld`);
  expect(await hello.text()).toBe('Hello from the studio');

  // Each callable's first call starts its worker (two at once when both players call): started before the game,
  // so the ready check does not run out while they load. A call without a token is refused once loaded.
  const base = `${stack.functionsOrigin}/${stack.projectId}/${REGION}`;
  const warm = (name: string) =>
    fetch(`${base}/${deployedName(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"data":{}}',
    });
  const played = ['enqueue', 'heartbeat', 'seeReadyCheck', 'acceptMatch', 'reportResult', 'getLeaderboard'];
  for (const response of await Promise.all([...played, ...played].map(warm))) expect(response.status).toBe(401);

  // A 1v1 through the SDK, from the studio's compiled game.
  const hosts = {
    projectId: stack.projectId,
    auth: stack.authHost,
    firestore: stack.firestoreHost,
    functions: stack.functionsHost,
  };
  const game = spawn(process.execPath, ['out/game.js'], {
    cwd: scratch,
    env: { ...shellEnv, EMULATORS: JSON.stringify(hosts) },
  });
  // The game prints its results on stdout; the SDK's own warnings (a listen stream cut, say) go to stderr.
  let stdout = '';
  let out = '';
  game.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    out += chunk;
  });
  game.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((done) => game.on('exit', done));
  expect(code, out).toBe(0);
  // An SDK info line on stdout starts with its time stamp: the game's own lines are the JSON ones.
  const [win, loss, top] = stdout
    .trim()
    .split('\n')
    .filter((line) => !/^\[\d{4}-\d\d-\d\dT/.test(line))
    .map((line) => JSON.parse(line));
  expect(win.delta, out).toBeGreaterThan(0);
  expect(loss.delta).toBe(-win.delta);
  // The profiles (read back through the SDK) hold the new ratings.
  expect(top).toEqual([win.after, loss.after]);

  // The studio's rules still hold beside the ladder's: a player writes their own save, not another's, and
  // reads their own ladder state but never writes it.
  const app = initializeApp({ projectId: stack.projectId, apiKey: 'demo-api-key' }, `studio-${Date.now()}`);
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${stack.authHost}`, { disableWarnings: true });
    const db = getFirestore(app);
    const [host, port] = stack.firestoreHost.split(':');
    connectFirestoreEmulator(db, host!, Number(port));
    const { user } = await signInAnonymously(auth);
    await setDoc(doc(db, 'saves', user.uid), { level: 3, at: 1 });
    expect((await getDoc(doc(db, 'saves', user.uid))).data()).toEqual({ level: 3, at: 1 });
    await expect(setDoc(doc(db, 'saves', 'someone-else'), { level: 99 })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(getDoc(doc(db, 'playerStates', user.uid))).resolves.toBeDefined();
    await expect(setDoc(doc(db, 'playerStates', user.uid), { cooldownUntil: null })).rejects.toMatchObject({
      code: 'permission-denied',
    });
  } finally {
    await deleteApp(app);
  }
}, 600_000);
