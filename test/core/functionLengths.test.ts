import { describe, expect, it } from 'vitest';
import { functionLengths, MAX_FUNCTION_LINES } from '../../scripts/functionLengths.js';
import { SOURCE_FOLDERS } from '../../scripts/imports.js';

describe('function lengths', () => {
  it.each(SOURCE_FOLDERS)(`%s has no function over ${MAX_FUNCTION_LINES} lines`, (folder) => {
    const all = functionLengths(folder);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((f) => f.lines > MAX_FUNCTION_LINES)).toEqual([]);
  });

  it('measures a function from its signature to its closing brace', () => {
    const lengths = functionLengths('scripts').filter((f) => f.name === 'functionLengths');
    expect(lengths).toEqual([expect.objectContaining({ file: 'scripts/functionLengths.ts', lines: 17 })]);
  });
});
