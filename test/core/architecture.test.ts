import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folders = (root: string): string[] =>
  readdirSync(root)
    .map((name) => join(root, name))
    .filter((path) => statSync(path).isDirectory())
    .flatMap((path) => [`${path}/`, ...folders(path)]);

const tree = () => {
  const doc = readFileSync('docs/architecture.md', 'utf8');
  const block = doc.slice(doc.indexOf('## The tree')).split('```')[1] ?? '';
  return block.split('\n').flatMap((line) => line.match(/^((?:functions|client)\/src\/(?:\S*\/)?)\s/)?.[1] ?? []);
};

describe('docs/architecture.md', () => {
  it('names every folder of functions/src and client/src by its path, and no folder that does not exist', () => {
    const actual = ['functions/src/', 'client/src/', ...folders('functions/src'), ...folders('client/src')];
    const named = tree();
    expect(named.length).toBeGreaterThan(10);
    expect([...new Set(named)].sort()).toEqual(actual.filter((f) => f !== 'functions/src/').sort());
  });
});

/** Every TypeScript file under `root`, by its path. */
const sources = (root: string): string[] =>
  readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') || path.endsWith('.mts') ? [path] : [];
  });

describe('functions/src', () => {
  it('reads the current time only through a context clock: no Date.now() outside functions/src/context.ts', () => {
    const files = sources('functions/src');
    expect(files.length).toBeGreaterThan(50);
    const calling = files.filter((path) => path !== join('functions', 'src', 'context.ts'));
    expect(calling.filter((path) => /\bDate\.now\(\)|new Date\(\)/.test(readFileSync(path, 'utf8')))).toEqual([]);
  });

  it('holds no module-level configuration: none is imported, none is assignable, LADDER_CONFIG is never read', () => {
    const text = new Map(sources('functions/src').map((path) => [path, readFileSync(path, 'utf8')]));
    const importsConfig = /import\s*\{[^}]*\bconfig\b[^}]*\}\s*from\s*'[./]*config\.js'/;
    expect([...text].filter(([, source]) => importsConfig.test(source)).map(([path]) => path)).toEqual([]);
    expect([...text].filter(([, source]) => /^export let /m.test(source)).map(([path]) => path)).toEqual([]);
    expect([...text].filter(([, source]) => source.includes('LADDER_CONFIG')).map(([path]) => path)).toEqual([]);
  });
});
