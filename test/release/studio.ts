/**
 * A studio's Firebase project as `firebase init functions` writes it (from firebase-tools' own templates), with the
 * ladder added as docs/quickstart.md says, on a chosen Node.js and chosen firebase-admin, firebase-functions and
 * firebase versions; then a 1v1 played through the client SDK on its emulators. Shared by the release tests.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { deployedName } from '@ladder/client';
import type { Stack } from '../../scripts/emulators.js';

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TEMPLATES = join(ROOT, 'node_modules/firebase-tools/templates/init');
const require = createRequire(import.meta.url);

/** Packed tarballs and downloaded Node.js binaries, kept between runs so a second run installs from disk. */
export const CACHE = process.env.LADDER_RELEASE_CACHE ?? join(tmpdir(), 'ladder-release-cache');

/** The Node.js and Firebase versions a studio's project runs on. */
export interface Versions {
  /** Node.js major.minor.patch of the functions; this process's own when it is the same. */
  node: string;
  /** Node.js the game runs on, when the firebase web SDK needs another than the functions. */
  gameNode?: string;
  admin: string;
  functions: string;
  firebase: string;
}

export type Shape = 'typescript' | 'javascript' | 'esm';

/** A developer's shell: none of the npm_* settings `npm test` passes down (this repository's .npmrc) may apply. */
export function shellEnv(node?: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(npm_|INIT_CWD$|LADDER_CONFIG$|FIRESTORE_EMULATOR_HOST$)/i.test(key),
    ),
  );
  return node ? { ...env, PATH: `${dirname(node)}${delimiter}${env.PATH}` } : env;
}

/** Runs a command in a studio's folder with the studio's Node.js first on PATH; output and exit code, never throws. */
export async function sh(command: string, args: string[], cwd: string, node?: string) {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env: shellEnv(node), maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? String(error) };
  }
}

/** npm in a studio's folder; fails the test with npm's output when npm fails. */
export async function npm(args: string[], cwd: string, node?: string): Promise<string> {
  const result = await sh('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], cwd, node);
  expect(result.code, `npm ${args.join(' ')} in ${cwd}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return `${result.stdout}\n${result.stderr}`;
}

/** What npm said about peer dependencies: an install of the ladder at a supported version says nothing. */
export const peerWarnings = (output: string) =>
  output.split('\n').filter((line) => /ERESOLVE|peer dep|conflicting peer|EBADENGINE/i.test(line));

/**
 * Both packages packed once per run of the suite, the way a release packs them; or the tarballs a release packed
 * (scripts/release.mjs names their folder in LADDER_RELEASE_PACKED), so the release publishes what was tested.
 */
let packed: Promise<{ functions: string; client: string }> | undefined;
export function packOnce(): Promise<{ functions: string; client: string }> {
  packed ??= (async () => {
    const given = process.env.LADDER_RELEASE_PACKED;
    const dir = given ?? join(CACHE, `packed-${process.pid}`);
    await mkdir(dir, { recursive: true });
    if (!given)
      await npm(['pack', '--workspace', 'functions', '--workspace', 'client', '--pack-destination', dir], ROOT);
    const files = await readdir(dir);
    const find = (prefix: string) => join(dir, files.find((f) => f.startsWith(prefix) && f.endsWith('.tgz'))!);
    return { functions: find('ladder-functions-'), client: find('ladder-client-') };
  })();
  return packed;
}

/**
 * The Node.js binary of this exact version: this process's when it is the one, else the `node` package of that
 * version from the npm registry, installed once into the cache.
 */
export async function nodeBinary(version: string): Promise<string> {
  if (process.versions.node === version) return process.execPath;
  const dir = join(CACHE, `node-${version}`);
  const bin = join(dir, 'node_modules/.bin/node');
  if (!existsSync(bin)) {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: `node-${version}`, private: true }));
    await npm(['install', `node@${version}`], dir);
  }
  const { stdout } = await run(bin, ['--version']);
  expect(stdout.trim()).toBe(`v${version}`);
  return bin;
}

const template = (path: string) => readFile(join(TEMPLATES, path), 'utf8');

/**
 * A functions folder exactly as `firebase init functions` writes it for this shape and Node.js major (the ES-module
 * codebase is the JavaScript one with `"type": "module"` and its `require`s written as `import`s), on the studio's
 * firebase-admin and firebase-functions versions. The template's test helper (firebase-functions-test) is left out:
 * its own peer range stops at firebase-admin 13, which says nothing about the ladder.
 */
export async function initFunctions(dir: string, shape: Shape, versions: Versions): Promise<void> {
  const language = shape === 'typescript' ? 'typescript' : 'javascript';
  const runtime = versions.node.split('.')[0]!;
  const manifest = JSON.parse(
    (await template(`functions/${language}/package.nolint.json`)).replace('{{RUNTIME}}', runtime),
  );
  manifest.dependencies = { 'firebase-admin': versions.admin, 'firebase-functions': versions.functions };
  delete manifest.devDependencies['firebase-functions-test'];
  if (shape === 'esm') manifest.type = 'module';
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (shape === 'typescript') {
    await mkdir(join(dir, 'src'));
    await writeFile(join(dir, '.gitignore'), await template('functions/typescript/_gitignore'));
    await writeFile(join(dir, 'tsconfig.json'), await template('functions/typescript/tsconfig.json'));
    await writeFile(join(dir, 'src/index.ts'), await template('functions/typescript/index.ts'));
  } else {
    await writeFile(join(dir, '.gitignore'), await template('functions/javascript/_gitignore'));
    let index = await template('functions/javascript/index.js');
    if (shape === 'esm')
      index = index.replace(/^const (\{[^}]*\}|\w+) = require\(("[^"]+")\);$/gm, (_m, names: string, from: string) =>
        names.startsWith('{') ? `import ${names} from ${from};` : `import * as ${names} from ${from};`,
      );
    await writeFile(join(dir, 'index.js'), index);
  }
}

/** The export docs/quickstart.md adds, in this shape's syntax. */
export function ladderExport(shape: Shape, region: string): { file: string; text: string } {
  const options = `{ functions: { region: '${region}' } }`;
  if (shape === 'javascript')
    return {
      file: 'index.js',
      text: `\nconst { createLadderFunctions } = require('@ladder/functions');\nexports.ladder = createLadderFunctions(${options});\n`,
    };
  const file = shape === 'typescript' ? 'src/index.ts' : 'index.js';
  return {
    file,
    text: `\nimport { createLadderFunctions } from '@ladder/functions';\nexport const ladder = createLadderFunctions(${options});\n`,
  };
}

/** The ignore list `firebase init functions` writes into firebase.json for a Node.js codebase. */
export const INIT_IGNORE = ['node_modules', '.git', 'firebase-debug.log', 'firebase-debug.*.log', '*.local'];

/**
 * Exactly what `firebase deploy` uploads of a codebase (its folder, less what its `ignore` list names, matched as
 * firebase-tools matches it), copied to `to`.
 */
export async function copyUpload(source: string, ignore: string[], to: string): Promise<string[]> {
  const { readdirRecursive } = require(join(ROOT, 'node_modules/firebase-tools/lib/fsAsync.js')) as {
    readdirRecursive(o: { path: string; ignoreStrings: string[] }): Promise<{ name: string }[]>;
  };
  // firebase-tools adds its debug logs to whatever the codebase ignores.
  const files = await readdirRecursive({ path: source, ignoreStrings: [...ignore, 'firebase-debug.log'] });
  const names = files.map((f) => relative(source, f.name)).sort();
  for (const name of names) {
    await mkdir(dirname(join(to, name)), { recursive: true });
    await copyFile(join(source, name), join(to, name));
  }
  return names;
}

/**
 * The functions a codebase defines, as firebase-tools' discovery finds them: the codebase's own firebase-functions
 * SDK loads its main module and serves the manifest of its endpoints (every SDK major does so over HTTP).
 */
export async function discover(dir: string, node: string): Promise<Record<string, { region: string[] }>> {
  const port = await freePort();
  const bin = join(dir, 'node_modules/firebase-functions/lib/bin/firebase-functions.js');
  const env = { ...shellEnv(node), PORT: String(port), FUNCTIONS_CONTROL_API: 'true', GCLOUD_PROJECT: 'demo-studio' };
  const server = spawn(node, [bin, dir], { cwd: dir, env });
  let out = '';
  server.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  server.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  try {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(250)) {
      if (server.exitCode !== null) break;
      const answer = await fetch(`http://127.0.0.1:${port}/__/functions.yaml`).catch(() => null);
      if (!answer) continue;
      const text = await answer.text();
      if (!answer.ok) throw new Error(`discovery answered ${answer.status} in ${dir}: ${text}\n${out}`);
      const yaml = require(join(ROOT, 'node_modules/js-yaml')) as { load(text: string): unknown };
      return (yaml.load(text) as { endpoints: Record<string, { region: string[] }> }).endpoints;
    }
    throw new Error(`discovery served no manifest in ${dir}\n${out}`);
  } finally {
    server.kill();
  }
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });

/** `require` and `import` of the installed package give the one module: the same function, so the same state. */
export async function oneModule(dir: string, node: string): Promise<void> {
  const probe = `const r = require('@ladder/functions');
import('@ladder/functions').then((m) => {
  if (typeof r.createLadderFunctions !== 'function') throw new Error('require found no createLadderFunctions');
  console.log(m.createLadderFunctions === r.createLadderFunctions ? 'one module' : 'two modules');
});`;
  const { stdout } = await run(node, ['--input-type=commonjs', '-e', probe], { cwd: dir, env: shellEnv(node) });
  expect(stdout.trim()).toBe('one module');
}

/** A game's entry: for each region, two players sign in, queue for a 1v1, accept, report and wait for the rating. */
export const gameJs = `import { deleteApp, initializeApp } from 'firebase/app';
import { createLadder } from '@ladder/client';

const hosts = JSON.parse(process.env.EMULATORS);
for (const region of process.argv.slice(2)) {
  const players = [];
  for (const name of ['ann', 'bob']) {
    const app = initializeApp({ projectId: hosts.projectId, apiKey: 'demo-api-key' }, name + '-' + region);
    const ladder = createLadder({ app, region, emulators: hosts });
    await ladder.signInAnonymously();
    players.push({ app, ladder });
  }
  const matches = [];
  for (const { ladder } of players) matches.push(await ladder.queue('1v1'));
  const ends = await Promise.all(
    matches.map(async (match, i) => {
      let accepted = false;
      match.onStatus((s) => {
        if (s.kind === 'pending' && !s.youAccepted && !accepted) {
          accepted = true;
          void match.accept();
        }
      });
      const start = await match.until('active');
      if (start.kind !== 'active') throw new Error('no game: ' + start.kind);
      await match.reportOutcome(i === 0 ? 'win' : 'loss');
      return match.until('settled');
    }),
  );
  console.log(JSON.stringify({ region, deltas: ends.map((end) => (end.kind === 'settled' ? end.ratingChange.delta : end.kind)) }));
  for (const { app, ladder } of players) {
    ladder.close();
    await deleteApp(app);
  }
}
`;

/** A web game on this firebase version with the packed SDK, installed from the registry and the tarball. */
export async function gameProject(dir: string, versions: Versions, node: string): Promise<string> {
  const { client } = await packOnce();
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'studio-game', private: true, type: 'module' }));
  await writeFile(join(dir, 'game.js'), gameJs);
  return npm(['install', `firebase@${versions.firebase}`, client], dir, node);
}

/**
 * The first call of each callable starts its worker; started before the game so the ready check does not run out
 * while they load. A call without a token is refused once loaded.
 */
export async function warm(stack: Stack, region: string): Promise<void> {
  const base = `${stack.functionsOrigin}/${stack.projectId}/${region}`;
  const played = ['enqueue', 'heartbeat', 'seeReadyCheck', 'acceptMatch', 'reportResult', 'getProfile'];
  const calls = [...played, ...played].map((name) =>
    fetch(`${base}/${deployedName(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"data":{}}',
    }),
  );
  for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
}

/** Plays a 1v1 in each region from the game's folder; returns each region's two rating changes. */
export async function play(
  dir: string,
  stack: Stack,
  regions: string[],
  node: string,
): Promise<Record<string, number[]>> {
  const hosts = {
    projectId: stack.projectId,
    auth: stack.authHost,
    firestore: stack.firestoreHost,
    functions: stack.functionsHost,
  };
  const game = spawn(node, ['game.js', ...regions], {
    cwd: dir,
    env: { ...shellEnv(node), EMULATORS: JSON.stringify(hosts) },
  });
  let out = '';
  game.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  game.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((done) => game.on('exit', done));
  expect(code, out).toBe(0);
  const lines = out
    .trim()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { region: string; deltas: number[] });
  return Object.fromEntries(lines.map((line) => [line.region, line.deltas]));
}
