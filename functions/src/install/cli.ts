#!/usr/bin/env node
/**
 * The ladder's Firestore rules and indexes in a studio's project, either way `docs/quickstart.md` describes:
 *
 *   ladder-firestore merge [rules] [indexes]        into the studio's files for the default database
 *   ladder-firestore check [rules] [indexes]        exit 1 when those files lack them (say before a deploy)
 *   ladder-firestore database [name] [firebase.json]   files of their own for a named database (default `ladder`),
 *                                                      and its entry in firebase.json's `firestore` array
 *   ladder-firestore check firebase.json [name]     exit 1 when the files firebase.json gives that database lack them
 *   ladder-firestore emulator [name] [firebase.json] [--project id]
 *                                                   load those rules into the running Firestore emulator's database
 *
 * Files default to firestore.rules, firestore.indexes.json and firebase.json in the current folder.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { emulatorTarget } from './emulatorTarget.js';
import { loadEmulatorRules } from './emulatorRules.js';
import { databaseEntry, type FirebaseJson, ladderFiles } from './firebaseJson.js';
import { withDatabaseText } from './firebaseJsonText.js';
import { mergeIndexes, mergeRules, missingIndexes, rulesProblem, type IndexFile } from './firestoreFiles.js';

// Copied beside the compiled package at build time from this repository's own firestore.rules and indexes.
const ladderRules = readFileSync(join(__dirname, '../firestore.rules'), 'utf8');
const ladderIndexes = JSON.parse(readFileSync(join(__dirname, '../firestore.indexes.json'), 'utf8'));

const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '');
const readJson = <T>(path: string): T => (read(path).trim() ? JSON.parse(read(path)) : {}) as T;
const writeJson = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

function merge(rulesPath: string, indexesPath: string) {
  writeFileSync(rulesPath, mergeRules(read(rulesPath), ladderRules));
  writeJson(indexesPath, mergeIndexes(readJson<IndexFile>(indexesPath), ladderIndexes));
}

/** What the files lack, one line each; empty when the ladder's rules and indexes are in place. */
function problems(rulesPath: string, indexesPath: string): string[] {
  const found = [rulesProblem(read(rulesPath), ladderRules)].filter(Boolean).map((p) => `${rulesPath}: ${p}`);
  const missing = missingIndexes(readJson<IndexFile>(indexesPath), ladderIndexes);
  if (missing.length > 0)
    found.push(`${indexesPath}: lacks ${missing.length} ladder index(es), e.g. ${JSON.stringify(missing[0])}`);
  return found;
}

/** The rules and indexes files firebase.json deploys to `database`, as paths from here. */
function filesOf(firebaseJson: string, database: string): { rules: string; indexes: string } | string {
  const entry = databaseEntry(readJson<FirebaseJson>(firebaseJson), database);
  if (!entry?.rules || !entry.indexes)
    return `${firebaseJson}: names no rules and indexes for database "${database}" (run \`ladder-firestore database ${database}\`)`;
  return { rules: join(dirname(firebaseJson), entry.rules), indexes: join(dirname(firebaseJson), entry.indexes) };
}

function check(first = 'firestore.rules', second?: string) {
  const database = second ?? 'ladder';
  const files = first.endsWith('.json') ? filesOf(first, database) : { rules: first, indexes: second };
  let found = typeof files === 'string' ? [files] : problems(files.rules, files.indexes ?? 'firestore.indexes.json');
  // A named database's own files are rewritten by `database`, not merged into.
  if (first.endsWith('.json'))
    found = found.map((p) => p.replace('ladder-firestore merge', `ladder-firestore database ${database}`));
  for (const problem of found) console.error(problem);
  if (found.length === 0) console.log('ladder rules and indexes are in place');
  process.exitCode = found.length > 0 ? 1 : 0;
}

function addDatabase(database = 'ladder', firebaseJson = 'firebase.json') {
  const text = read(firebaseJson);
  const edited = withDatabaseText(text, database, ladderFiles(database));
  if (edited !== text) writeFileSync(firebaseJson, edited);
  const files = filesOf(firebaseJson, database) as { rules: string; indexes: string };
  merge(files.rules, files.indexes);
  console.log(
    `database "${database}" in ${firebaseJson}: the ladder's rules in ${files.rules}, indexes in ${files.indexes}`,
  );
}

/** The database's rules as firebase.json names them, checked, then put on the running emulator. */
async function loadOnEmulator(args: string[]) {
  const at = args.indexOf('--project');
  const project = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const [database = 'ladder', firebaseJson = 'firebase.json'] = args;
  const files = filesOf(firebaseJson, database);
  const found = typeof files === 'string' ? [files] : problems(files.rules, files.indexes);
  if (found.length > 0 || typeof files === 'string') throw new Error(found.join('\n'));
  const target = emulatorTarget(firebaseJson, readJson<FirebaseJson>(firebaseJson), database, project);
  await loadEmulatorRules(target, basename(files.rules), read(files.rules));
  console.log(`the emulator at ${target.host} serves ${files.rules} on database "${database}" of ${target.project}`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'merge') {
  const [rulesPath = 'firestore.rules', indexesPath = 'firestore.indexes.json'] = args;
  merge(rulesPath, indexesPath);
  console.log(`ladder rules and indexes merged into ${rulesPath} and ${indexesPath}`);
} else if (command === 'check') {
  check(args[0], args[1]);
} else if (command === 'database') {
  addDatabase(args[0], args[1]);
} else if (command === 'emulator') {
  loadOnEmulator(args).catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
} else {
  console.error('usage: ladder-firestore merge|check [rules file] [indexes file]');
  console.error('       ladder-firestore database [name] [firebase.json] | check firebase.json [name]');
  console.error('       ladder-firestore emulator [name] [firebase.json] [--project id]');
  process.exitCode = 2;
}
