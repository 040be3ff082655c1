/**
 * What each entry point of the client SDK weighs in a game's bundle: the entry and everything it imports,
 * bundled and minified by esbuild, raw and gzipped. Built twice: split as web bundlers split (the chunk a game
 * loads at start, and the Firestore chunk `@ladder/client` imports only when the game uses Firestore), and as
 * one file, as a bundler that does not split code (many mini-game builds) ships it. `@ladder/client/http` is built
 * a third time as a WeChat or Douyin mini-game ships it: one ES2019 CommonJS file (`miniGameBundle`, which the
 * mini-game runtime tests run). `npx tsx scripts/bundleSize.ts` prints the figures and the table of
 * docs/client-sdk.md, which test/core/bundle.test.ts holds to them.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type OutputFile } from 'esbuild';

const entries = {
  '@ladder/client': 'client/src/index.ts',
  '@ladder/client/http (no Firebase)': 'client/src/http.ts',
};

const kb = (bytes: number) => +(bytes / 1024).toFixed(1);
const gzipped = (files: OutputFile[]) => files.reduce((sum, f) => sum + gzipSync(f.contents, { level: 9 }).length, 0);
const raw = (files: OutputFile[]) => files.reduce((sum, f) => sum + f.contents.length, 0);

async function bundle(entry: string, splitting: boolean) {
  return build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    splitting,
    outdir: '/tmp/ladder-bundle-size',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
}

/** The output files reached from `start` by static imports; `dynamic` follows `import()` too. */
function reached(metafile: Metafile, start: string, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const { path: next, kind } of metafile.outputs[path]?.imports ?? [])
      if (kind === 'import-statement' || (dynamic && kind === 'dynamic-import')) visit(next);
  };
  visit(start);
  return seen;
}

const hasFirestore = (metafile: Metafile, outputs: Set<string>) =>
  [...outputs].some((out) =>
    Object.keys(metafile.outputs[out]?.inputs ?? {}).some((input) => input.includes('@firebase/firestore')),
  );

/** The `/http` entry as a mini-game ships it: one minified ES2019 file, a CommonJS module (`module.exports`). */
export async function miniGameBundle() {
  const built = await build({
    entryPoints: [entries['@ladder/client/http (no Firebase)']],
    bundle: true,
    minify: true,
    format: 'cjs',
    target: 'es2019',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const file = built.outputFiles[0]!;
  return { code: file.text, KiB: kb(file.contents.length), 'gz KiB': kb(gzipped([file])) };
}

/** An entry's weight: what a game loads at start, what it loads for Firestore, and the whole as one file. */
export async function bundleFigures(entry: string) {
  const split = await bundle(entry, true);
  const files = (outputs: Set<string>) => {
    const paths = new Set([...outputs].map((out) => resolve(out)));
    return split.outputFiles.filter((f) => paths.has(f.path));
  };
  const main = Object.keys(split.metafile.outputs).find((out) => split.metafile.outputs[out]?.entryPoint === entry)!;
  const atStart = reached(split.metafile, main, false);
  const all = reached(split.metafile, main, true);
  const lazy = new Set([...all].filter((out) => !atStart.has(out)));
  const single = await bundle(entry, false);
  return {
    'start KiB': kb(raw(files(atStart))),
    'start gz KiB': kb(gzipped(files(atStart))),
    'Firestore at start': hasFirestore(split.metafile, atStart),
    'Firestore loaded later': hasFirestore(split.metafile, lazy),
    'loaded for Firestore KiB': kb(raw(files(lazy))),
    'loaded for Firestore gz KiB': kb(gzipped(files(lazy))),
    'one file KiB': kb(raw(single.outputFiles)),
    'one file gz KiB': kb(gzipped(single.outputFiles)),
  };
}

type Figures = Awaited<ReturnType<typeof bundleFigures>>;
const size = (raw: number, gz: number) => `${raw.toFixed(1)} KiB (${gz.toFixed(1)} KiB gzipped)`;

/** The size table of docs/client-sdk.md, as markdown rows (header first). */
export function sizeTable(client: Figures, http: Figures, miniGame: { KiB: number; 'gz KiB': number }) {
  const start = (f: Figures) => size(f['start KiB'], f['start gz KiB']);
  const oneFile = (f: Figures) => size(f['one file KiB'], f['one file gz KiB']);
  return [
    ['what the game uses', 'loaded at start', 'loaded when Firestore is first used', 'one file (no code splitting)'],
    ['`@ladder/client`, `stream` or `poll` (no Firestore reads)', start(client), '—', oneFile(client)],
    [
      '`@ladder/client`, `firestore` (the default)',
      start(client),
      `+ ${size(client['loaded for Firestore KiB'], client['loaded for Firestore gz KiB'])}`,
      oneFile(client),
    ],
    ['`@ladder/client/http`, `stream` or `poll` (no Firebase at all)', start(http), '—', oneFile(http)],
    [
      '`@ladder/client/http` as a mini-game ships it (one ES2019 CommonJS file)',
      '—',
      '—',
      size(miniGame.KiB, miniGame['gz KiB']),
    ],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = [];
  for (const [name, entry] of Object.entries(entries)) rows.push({ entry: name, ...(await bundleFigures(entry)) });
  const { code: _, ...miniGame } = await miniGameBundle();
  rows.push({
    entry: '@ladder/client/http, one ES2019 CommonJS file (mini-game)',
    'one file KiB': miniGame.KiB,
    'one file gz KiB': miniGame['gz KiB'],
  });
  console.table(rows);
  const table = sizeTable(
    await bundleFigures(entries['@ladder/client']),
    await bundleFigures(entries['@ladder/client/http (no Firebase)']),
    miniGame,
  );
  console.log(table.map((row) => `| ${row.join(' | ')} |`).join('\n'));
}
