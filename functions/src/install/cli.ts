#!/usr/bin/env node
/**
 * `ladder-firestore merge [rules] [indexes]` writes the ladder's rules and indexes into a studio's files for the
 * default database; `ladder-firestore check [rules] [indexes]` fails (exit 1) when they lack them, say before a
 * deploy. The files default to firestore.rules and firestore.indexes.json in the current folder.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mergeIndexes, mergeRules, missingIndexes, rulesProblem, type IndexFile } from './firestoreFiles.js';

// Copied beside the compiled package at build time from this repository's own firestore.rules and indexes.
const ladderRules = readFileSync(new URL('../firestore.rules', import.meta.url), 'utf8');
const ladderIndexes = JSON.parse(readFileSync(new URL('../firestore.indexes.json', import.meta.url), 'utf8'));

const [command, rulesPath = 'firestore.rules', indexesPath = 'firestore.indexes.json'] = process.argv.slice(2);
const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '');
const readIndexes = (path: string): IndexFile => (read(path).trim() ? JSON.parse(read(path)) : {});

if (command === 'merge') {
  writeFileSync(rulesPath, mergeRules(read(rulesPath), ladderRules));
  writeFileSync(indexesPath, `${JSON.stringify(mergeIndexes(readIndexes(indexesPath), ladderIndexes), null, 2)}\n`);
  console.log(`ladder rules and indexes merged into ${rulesPath} and ${indexesPath}`);
} else if (command === 'check') {
  const problems = [rulesProblem(read(rulesPath), ladderRules)].filter(Boolean).map((p) => `${rulesPath}: ${p}`);
  const missing = missingIndexes(readIndexes(indexesPath), ladderIndexes);
  if (missing.length > 0)
    problems.push(`${indexesPath}: lacks ${missing.length} ladder index(es), e.g. ${JSON.stringify(missing[0])}`);
  for (const problem of problems) console.error(problem);
  if (problems.length === 0) console.log('ladder rules and indexes are in place');
  process.exitCode = problems.length > 0 ? 1 : 0;
} else {
  console.error('usage: ladder-firestore merge|check [rules file] [indexes file]');
  process.exitCode = 2;
}
