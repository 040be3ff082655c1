/**
 * Functions longer than the house limit (80 lines, signature to closing brace) in the source folders:
 * `npx tsx scripts/functionLengths.ts` lists the longest; test/core/functionLengths.test.ts fails on any over it.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { SOURCE_FOLDERS, sourceFiles } from './imports.js';

export const MAX_FUNCTION_LINES = 80;

export interface FunctionLength {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/** Every function, method and arrow function of the folder's files, with its length in lines. */
export function functionLengths(folder: string): FunctionLength[] {
  return sourceFiles(folder).flatMap((path) => {
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const found: FunctionLength[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const last = source.getLineAndCharacterOfPosition(node.end).line;
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
        found.push({ file: relative(process.cwd(), path), line: first + 1, name, lines: last - first + 1 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const folder of SOURCE_FOLDERS) {
    const longest = functionLengths(folder)
      .sort((a, b) => b.lines - a.lines)
      .slice(0, 5);
    console.log(`${folder}: longest ${longest.map((f) => `${f.name} ${f.lines} (${f.file}:${f.line})`).join(', ')}`);
  }
}
