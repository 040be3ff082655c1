/**
 * The named-database route: the ladder's rules and indexes as files of their own, deployed to a Firestore database
 * of their own through the `firestore` array of a studio's firebase.json. Pure JSON work, run by
 * `ladder-firestore database` and `ladder-firestore check firebase.json` (cli.ts).
 */

const DEFAULT_DATABASE = '(default)';

export interface FirestoreEntry {
  database?: string;
  rules?: string;
  indexes?: string;
  [other: string]: unknown;
}

export interface FirebaseJson {
  firestore?: FirestoreEntry | FirestoreEntry[];
  [other: string]: unknown;
}

const named = (entry: FirestoreEntry) => entry.database ?? DEFAULT_DATABASE;

/** Every database firebase.json deploys rules or indexes to: the single object form is the default database. */
export function firestoreEntries(json: FirebaseJson): FirestoreEntry[] {
  const firestore = json.firestore;
  return Array.isArray(firestore) ? firestore : firestore ? [firestore] : [];
}

/** The files firebase.json deploys to this database, or null when it names none. */
export function databaseEntry(json: FirebaseJson, database: string): FirestoreEntry | null {
  return firestoreEntries(json).find((entry) => named(entry) === database) ?? null;
}

/** The ladder's rules and indexes file names beside firebase.json for a database (`firestore.ladder.rules`, …). */
export const ladderFiles = (database: string) => ({
  rules: `firestore.${database}.rules`,
  indexes: `firestore.${database}.indexes.json`,
});

/**
 * firebase.json with an entry for `database`: an entry already there keeps its place and the files it names,
 * a new one names `files`. The single object form becomes the array, its entry first and unchanged but for
 * naming `(default)`; every other key of the studio's stays as it was.
 */
export function withDatabase(
  json: FirebaseJson,
  database: string,
  files: { rules: string; indexes: string },
): FirebaseJson {
  if (database === DEFAULT_DATABASE) throw new Error('the default database takes `ladder-firestore merge` instead');
  const entries = firestoreEntries(json).map((entry) =>
    Array.isArray(json.firestore) ? entry : { database: DEFAULT_DATABASE, ...entry },
  );
  const at = entries.findIndex((entry) => named(entry) === database);
  const entry = { database, ...files, ...entries[at] };
  if (at >= 0) entries[at] = entry;
  else entries.push(entry);
  return { ...json, firestore: entries };
}
