/**
 * What each entry point of the client SDK weighs in a game's bundle: the entry and everything it imports,
 * bundled and minified by esbuild, raw and gzipped. Built twice: split as web bundlers split (the chunk a game
 * loads at start, and the Firestore chunk `@ladder/client` imports only when the game uses Firestore), and as
 * one file, as a bundler that does not split code (many mini-game builds) ships it. `npx tsx scripts/bundleSize.ts`
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = [];
  for (const [name, entry] of Object.entries(entries)) rows.push({ entry: name, ...(await bundleFigures(entry)) });
  console.table(rows);
}
