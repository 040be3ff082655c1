/**
 * The import graph of a source folder: every relative import, `import type` included (a type-only edge is one
 * value import away from a load-order bug). `npx tsx scripts/imports.ts` prints, per folder, the cycles and
 * the longest import chain (levels); test/core/imports.test.ts fails on any cycle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The folders the house rules (no import cycle, no function over 80 lines) hold to: the product and its tooling. */
export const SOURCE_FOLDERS = ['functions/src', 'client/src', 'lobby/src', 'sim', 'bench', 'scripts'];

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

export function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Each file (relative to the repository) with the files of the same folder tree it imports. */
export function importGraph(folder: string): Map<string, string[]> {
  const files = sourceFiles(join(ROOT, folder));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => resolve(dirname(file), (m[1] ?? '').replace(/\.js$/, '.ts')))
      .filter((target) => known.has(target));
    graph.set(
      relative(ROOT, file),
      [...new Set(targets)].map((t) => relative(ROOT, t)),
    );
  }
  return graph;
}

/** Strongly connected groups of more than one file, or a file importing itself (Tarjan's algorithm). */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The longest chain of imports from any file down to a file that imports nothing (an acyclic graph only). */
export function levels(graph: ReadonlyMap<string, readonly string[]>): number {
  const depth = new Map<string, number>();
  const of = (v: string): number => {
    const known = depth.get(v);
    if (known !== undefined) return known;
    depth.set(v, 0);
    const d = 1 + Math.max(0, ...(graph.get(v) ?? []).map(of));
    depth.set(v, d);
    return d;
  };
  return Math.max(0, ...[...graph.keys()].map(of));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const folder of [...SOURCE_FOLDERS, 'functions/src/core']) {
    const graph = importGraph(folder);
    const found = cycles(graph);
    const depth = found.length ? 'n/a (cycles)' : String(levels(graph));
    console.log(`${folder}: ${graph.size} files, ${found.length} cycles, ${depth} import levels`);
    for (const group of found) console.log(`  cycle: ${group.join(' → ')}`);
  }
}
