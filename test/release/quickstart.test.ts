/**
 * Release tier: docs/quickstart.md as it stands. Its shell blocks, read from the page, run in turn in a studio's
 * project made from firebase-tools' `firebase init functions` TypeScript template, beside a clean clone of this
 * repository (its committed HEAD; the page's clone URL is the one thing replaced, by this checkout's path); its
 * export block is added to the codebase. The project's emulators then serve the ladder and a 1v1 is played.
 * `firebase emulators:start` itself is not run (it needs Java 21); this repository's harness starts the same
 * emulators from the project's firebase.json.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { startStack, type Stack } from '../../scripts/emulators.js';
import { CACHE, gameJs, INIT_IGNORE, initFunctions, play, ROOT, shellEnv, warm } from './studio.js';

const run = promisify(execFile);
const page = await readFile(join(ROOT, 'docs/quickstart.md'), 'utf8');

/** The fenced blocks of one `## ` section of the page, by language. */
function blocks(heading: string, language: string): string[] {
  const start = page.indexOf(`\n## ${heading}`);
  expect(start, `docs/quickstart.md has no section "${heading}"`).toBeGreaterThan(0);
  const end = page.indexOf('\n## ', start + 1);
  const section = page.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);
}

let stack: Stack | undefined;
let scratch: string | undefined;
afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

it('runs the quickstart as written, from a clean clone to a played 1v1', async () => {
  await mkdir(CACHE, { recursive: true });
  scratch = await mkdtemp(join(CACHE, 'quickstart-'));
  const project = join(scratch, 'studio');
  // The studio's project: firebase init's TypeScript codebase, its rules, and its game's package at the root.
  const versions = { node: process.versions.node, admin: '^13.6.0', functions: '^7.0.0', firebase: '12' };
  await initFunctions(join(project, 'functions'), 'typescript', versions);
  const codebase = { source: 'functions', codebase: 'default', ignore: INIT_IGNORE };
  const firestore = { rules: 'firestore.rules', indexes: 'firestore.indexes.json' };
  await writeFile(join(project, 'firebase.json'), JSON.stringify({ functions: [codebase], firestore }, null, 2));
  const studioRules =
    "rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n  }\n}\n";
  await writeFile(join(project, 'firestore.rules'), studioRules);
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'game', private: true, type: 'module' }));

  const shell = [
    ...blocks('1. Get the packages', 'sh'),
    ...blocks('2. Install', 'sh'),
    ...blocks('3. Export the ladder from your functions', 'sh'),
  ];
  expect(shell.join('\n')).toMatch(/^git clone https:\/\/\S+ \.\.\/ladder-matchmaking$/m);
  const exportTs = blocks('3. Export the ladder from your functions', 'ts')[0]!;
  const index = join(project, 'functions/src/index.ts');
  for (const [i, script] of shell.entries()) {
    const local = script.replace(/^git clone https:\/\/\S+ /m, `git clone --quiet ${ROOT} `);
    // The export goes in before the build block that compiles it.
    if (/run build/.test(script)) await writeFile(index, (await readFile(index, 'utf8')) + exportTs);
    const done = await run('bash', ['-euo', 'pipefail', '-c', local], {
      cwd: project,
      env: shellEnv(),
      maxBuffer: 64 << 20,
    }).catch((e: { stdout?: string; stderr?: string }) => {
      throw new Error(`quickstart block ${i + 1} failed:\n${script}\n${e.stdout}\n${e.stderr}`);
    });
    void done;
  }

  const manifest = JSON.parse(await readFile(join(project, 'functions/package.json'), 'utf8'));
  expect(manifest.dependencies['@ladder/functions']).toMatch(/^file:vendor\/ladder-functions-.*\.tgz$/);
  const region = /region: '([a-z0-9-]+)'/.exec(exportTs)![1]!;
  const lines: string[] = [];
  stack = await startStack({ output: 'files', project: { dir: project }, onLine: (_s, l) => lines.push(l) });
  expect(lines.join('\n')).toMatch(new RegExp(`functions\\[${region}-ladder-enqueue\\]`));
  await warm(stack, region);
  await writeFile(join(project, 'game.js'), gameJs);
  const deltas = await play(project, stack, [region], process.execPath);
  const [win, loss] = deltas[region] ?? [];
  expect(win).toBeGreaterThan(0);
  expect(loss).toBe(-win!);
}, 1_800_000);
