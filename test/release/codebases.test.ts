/**
 * Release tier: the packed packages in each codebase shape `firebase init functions` makes (TypeScript compiled to
 * CommonJS, JavaScript CommonJS) and in an ES-module one, at each end of the peer ranges: the oldest supported
 * firebase-admin, firebase-functions and firebase on Node.js 20, and the newest with the functions on Node.js 22
 * (firebase-admin 14 needs it) and the game on 24 (firebase 13 needs it). Each end is one Firebase project whose three codebases serve the ladder in three regions on one
 * emulator stack; a game on that end's firebase plays a 1v1 in each region. Each codebase installs without a
 * peer warning, loads one copy of the package from `require` and `import`, and what `firebase deploy` would
 * upload of it installs with `npm ci` in a fresh folder and lists the ladder's functions.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../../scripts/emulators.js';
import {
  CACHE,
  copyUpload,
  discover,
  gameProject,
  INIT_IGNORE,
  initFunctions,
  ladderExport,
  nodeBinary,
  npm,
  oneModule,
  packOnce,
  peerWarnings,
  play,
  ROOT,
  type Shape,
  sh,
  type Versions,
  warm,
} from './studio.js';

/** Each end of every peer range of both packages (functions/package.json, client/package.json). */
const ENDS: Record<string, Versions> = {
  oldest: { node: '20.20.2', admin: '13.0.0', functions: '6.2.0', firebase: '12.0.0' },
  // firebase 13's packages need Node.js 24.12 or later; the game runs there, the functions on 22.
  newest: { node: '22.23.3', gameNode: '24.21.0', admin: '14.5.1', functions: '7.4.0', firebase: '13.2.0' },
};
const SHAPES: Record<Shape, string> = { typescript: 'europe-west1', javascript: 'asia-east1', esm: 'us-east1' };

const stacks: Stack[] = [];
const scratches: string[] = [];
afterAll(async () => {
  for (const stack of stacks) await stack.stop();
  for (const dir of scratches) await rm(dir, { recursive: true, force: true });
});

/** The peer ranges the packages state hold these ends. */
it('states peer ranges whose ends are the ones tested here', async () => {
  const manifest = async (p: string) => JSON.parse(await readFile(join(ROOT, p), 'utf8'));
  const functions = await manifest('functions/package.json');
  const client = await manifest('client/package.json');
  expect(functions.peerDependencies).toEqual({
    'firebase-admin': '^13.0.0 || ^14.0.0',
    'firebase-functions': '^6.2.0 || ^7.0.0',
  });
  expect(client.peerDependencies).toEqual({ firebase: '^12.0.0 || ^13.0.0' });
});

describe.each(Object.entries(ENDS))('a studio on the %s supported versions', (_end, versions) => {
  it('installs in every codebase shape, loads one module, deploys what npm ci installs, and plays a 1v1 in each', async () => {
    await mkdir(CACHE, { recursive: true });
    const dir = await mkdtemp(join(CACHE, 'studio-'));
    scratches.push(dir);
    const node = await nodeBinary(versions.node);
    const { functions: tarball } = await packOnce();
    const name = tarball.split('/').at(-1)!;

    // firebase init functions, once per shape, each its own codebase.
    const codebases = Object.keys(SHAPES).map((shape) => ({
      source: shape,
      codebase: shape,
      ignore: INIT_IGNORE,
      ...(shape === 'typescript' ? { predeploy: ['npm --prefix "$RESOURCE_DIR" run build'] } : {}),
    }));
    const firestore = { rules: 'firestore.rules', indexes: 'firestore.indexes.json' };
    await writeFile(join(dir, 'firebase.json'), JSON.stringify({ functions: codebases, firestore }, null, 2));
    const shapes = Object.entries(SHAPES) as [Shape, string][];
    await Promise.all(shapes.map(([shape]) => initFunctions(join(dir, shape), shape, versions)));

    // The quickstart: the tarball vendored inside the functions folder, installed from there, the export added.
    for (const [shape, region] of shapes) {
      const cwd = join(dir, shape);
      await mkdir(join(cwd, 'vendor'));
      await writeFile(join(cwd, 'vendor', name), await readFile(tarball));
      const said = await npm(['install', `./vendor/${name}`], cwd, node);
      expect(peerWarnings(said), said).toEqual([]);
      expect(JSON.parse(await readFile(join(cwd, 'package.json'), 'utf8')).dependencies['@ladder/functions']).toBe(
        `file:vendor/${name}`,
      );
      const { file, text } = ladderExport(shape, region);
      await writeFile(join(cwd, file), (await readFile(join(cwd, file), 'utf8')) + text);
      if (shape === 'typescript') await npm(['run', 'build'], cwd, node);
      await oneModule(cwd, node);
    }
    const merged = await sh(
      'npx',
      ['ladder-firestore', 'merge', '../firestore.rules', '../firestore.indexes.json'],
      join(dir, 'typescript'),
      node,
    );
    expect(merged.code, merged.stderr).toBe(0);

    // What deploy uploads of each codebase, in a fresh folder: npm ci, then firebase-tools' discovery.
    for (const [shape, region] of shapes) {
      const upload = join(dir, `upload-${shape}`);
      const files = await copyUpload(join(dir, shape), INIT_IGNORE, upload);
      expect(files).toContain(`vendor/${name}`);
      expect(files.some((f) => f.startsWith('node_modules/'))).toBe(false);
      const said = await npm(['ci'], upload, node);
      expect(peerWarnings(said), said).toEqual([]);
      const endpoints = await discover(upload, node);
      expect(endpoints['ladder-enqueue']?.region).toEqual([region]);
      expect(endpoints['ladder-matcherTick']?.region).toEqual([region]);
    }

    // The game on this end's firebase, and the three codebases on one emulator stack run by this end's Node.js.
    const game = join(dir, 'game');
    const gameNode = versions.gameNode ? await nodeBinary(versions.gameNode) : node;
    const said = await gameProject(game, versions, gameNode);
    expect(peerWarnings(said), said).toEqual([]);
    const lines: string[] = [];
    const stack = await startStack({ output: 'files', project: { dir, node }, onLine: (_s, l) => lines.push(l) });
    stacks.push(stack);
    const loaded = lines.join('\n');
    for (const [, region] of shapes) expect(loaded).toMatch(new RegExp(`functions\\[${region}-ladder-enqueue\\]`));
    for (const [, region] of shapes) await warm(stack, region);
    const deltas = await play(game, stack, Object.values(SHAPES), gameNode);
    for (const [, region] of shapes) {
      const [win, loss] = deltas[region] ?? [];
      expect(win, `${region}: ${JSON.stringify(deltas)}`).toBeGreaterThan(0);
      expect(loss).toBe(-win!);
    }
  }, 1_800_000);
});
