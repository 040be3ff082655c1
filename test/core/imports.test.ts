import { describe, expect, it } from 'vitest';
import { cycles, importGraph, SOURCE_FOLDERS } from '../../scripts/imports.js';

describe('the import graph', () => {
  it.each(SOURCE_FOLDERS)('%s has no import cycle, type-only imports included', (folder) => {
    const graph = importGraph(folder);
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
