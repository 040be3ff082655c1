import { emulatorHostsOf } from '../../scripts/emulators.js';
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterEach, expect, inject, it } from 'vitest';
import { ladderPlayer } from '../support/ladder.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const firebaseVersion = (
  JSON.parse(await readFile(join(root, 'node_modules/firebase/package.json'), 'utf8')) as { version: string }
).version;

/**
 * A developer's shell: none of the npm_* settings `npm test` passes down (this repository's .npmrc among them)
 * may shape how the game's project installs.
 */
const shellEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(npm_|INIT_CWD$)/i.test(key)));
const npm = (args: string[], cwd: string) => run('npm', args, { cwd, env: shellEnv, maxBuffer: 16 * 1024 * 1024 });

/** The game's entry point: its own Firebase app, pointed at the emulators, playing the README's loop. */
const playTs = `import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { rankedGame } from './rankedGame.js';

declare const process: { env: Record<string, string | undefined>; exitCode?: number };
const hosts = JSON.parse(process.env.LADDER_EMULATORS ?? '{}') as Record<'projectId' | 'auth' | 'firestore' | 'functions', string>;
const hostPort = (value: string) => [value.split(':')[0]!, Number(value.split(':')[1])] as const;

const app = initializeApp({ projectId: hosts.projectId, apiKey: 'demo-api-key' });
connectAuthEmulator(getAuth(app), 'http://' + hosts.auth, { disableWarnings: true });
connectFirestoreEmulator(getFirestore(app), ...hostPort(hosts.firestore));
connectFunctionsEmulator(getFunctions(app, 'us-central1'), ...hostPort(hosts.functions));
const end = await rankedGame(app, '1v1', async () => 'win');
console.log('end ' + JSON.stringify({ kind: end.kind, ratingChange: 'ratingChange' in end ? end.ratingChange : null }));
await deleteApp(app);
`;

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM'],
    types: [],
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    rootDir: '.',
    outDir: 'out',
  },
  include: ['*.ts'],
};

let scratch: string | undefined;
let game: ReturnType<typeof spawn> | undefined;

afterEach(async () => {
  game?.kill();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Every source a source map of the installed package names, that the package does not contain. */
async function missingSources(packageDir: string): Promise<string[]> {
  const maps = (await readdir(packageDir, { recursive: true })).filter((file) => file.endsWith('.map'));
  expect(maps.length).toBeGreaterThan(0);
  const missing: string[] = [];
  for (const map of maps) {
    const { sources, sourceRoot = '' } = JSON.parse(await readFile(join(packageDir, map), 'utf8')) as {
      sources: string[];
      sourceRoot?: string;
    };
    for (const source of sources) {
      const path = resolve(packageDir, dirname(map), sourceRoot, source);
      if (!path.startsWith(packageDir) || !existsSync(path)) missing.push(`${map} → ${source}`);
    }
  }
  return missing;
}

it('packs @ladder/client, installs it with firebase in a game project outside the repository, and plays the README game loop', async () => {
  scratch = await mkdtemp(join(tmpdir(), 'ranked-game-'));
  expect(relative(root, scratch).startsWith('..')).toBe(true);

  // As README.md says: pack in this repository, install the file and firebase in the game's project.
  await npm(['pack', '--workspace', 'client', '--pack-destination', scratch], root);
  const tarballs = (await readdir(scratch)).filter((file) => file.endsWith('.tgz'));
  expect(tarballs).toEqual([expect.stringMatching(/^ladder-client-.*\.tgz$/)]);
  await writeFile(
    join(scratch, 'package.json'),
    JSON.stringify({ name: 'ranked-game', private: true, type: 'module' }),
  );
  await npm(
    ['install', '--no-audit', '--no-fund', '--prefer-offline', `firebase@${firebaseVersion}`, `./${tarballs[0]}`],
    scratch,
  );

  const installed = join(scratch, 'node_modules/@ladder/client');
  // One firebase, the game's: a second copy under the SDK makes createLadder fail to find the auth component.
  expect(existsSync(join(installed, 'node_modules'))).toBe(false);
  expect(await missingSources(installed)).toEqual([]);

  // The game compiles the README's loop against the installed declarations, then runs it in plain Node.
  await copyFile(join(root, 'client/examples/rankedGame.ts'), join(scratch, 'rankedGame.ts'));
  await writeFile(join(scratch, 'play.ts'), playTs);
  await writeFile(join(scratch, 'tsconfig.json'), JSON.stringify(tsconfig));
  await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: scratch });

  const endpoints = inject('endpoints');
  const hosts = { projectId: endpoints.projectId, ...emulatorHostsOf(endpoints) };
  const lines: string[] = [];
  let stderr = '';
  const child = spawn(process.execPath, ['out/play.js'], {
    cwd: scratch,
    env: { ...shellEnv, LADDER_EMULATORS: JSON.stringify(hosts) },
  });
  game = child;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', done));
  const output = () => `stdout:\n${lines.join('\n')}\nstderr:\n${stderr}`;

  // The game waits in the queue; a rival joins from this process, and loses.
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor(
    () => lines.some((line) => /^waited \d+ s, usually \? s$/.test(line)),
    () => gone,
    output,
  );
  const rival = await ladderPlayer('Rival');
  await (await rival.queue('1v1')).reportOutcome('loss');

  expect(await exited, output()).toBe(0);
  expect(lines).toContain('playing, predicted win chance 50 %');
  expect(lines).toContain('win: 1500 → 1516 (+16)');
  expect(lines.slice(-3, -1)).toEqual([expect.stringMatching(/^1\. Player-\w+ 1516$/), '2. Rival 1484']);
  const end = lines.at(-1)!;
  expect(end).toMatch(/^end /);
  // The rank before and after comes with the change; a 1v1 win at 1500 stays in the same tier.
  expect(JSON.parse(end.slice('end '.length))).toMatchObject({
    kind: 'settled',
    ratingChange: { before: 1500, after: 1516, delta: 16, movement: null },
  });
}, 300_000);

/** Polls `ready` for up to a minute; fails at once if the game has exited, and shows what it printed. */
async function waitFor(ready: () => boolean, exited: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!ready()) {
    if (exited()) throw new Error(`the game exited before it queued\n${output()}`);
    if (Date.now() > deadline) throw new Error(`the game did not queue within a minute\n${output()}`);
    await sleep(100);
  }
}
