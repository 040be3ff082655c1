/**
 * What each entry point of the client SDK weighs in a game's bundle: the entry and everything it imports,
 * bundled and minified by esbuild as a mini-game build would, raw and gzipped. `npx tsx scripts/bundleSize.ts`
 */
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const entries = {
  '@ladder/client (firestore, stream, poll)': 'client/src/index.ts',
  '@ladder/client/http (stream, poll; no Firebase)': 'client/src/http.ts',
};

const rows = [];
for (const [name, entry] of Object.entries(entries)) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const firebase = Object.keys(result.metafile.inputs).filter((path) => path.includes('node_modules/@firebase/'));
  rows.push({
    entry: name,
    'minified KB': +(code.length / 1024).toFixed(1),
    'gzipped KB': +(gzipSync(code, { level: 9 }).length / 1024).toFixed(1),
    'Firebase modules': firebase.length,
    firestore: firebase.some((path) => path.includes('@firebase/firestore')),
  });
}
console.table(rows);
