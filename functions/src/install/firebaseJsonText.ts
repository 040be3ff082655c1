/**
 * The named database's entry written into a studio's firebase.json as text: only what the entry adds changes, and
 * every other byte (the studio's indentation, key order, one-line arrays) stays as it was. Run by
 * `ladder-firestore database` (cli.ts); firebaseJson.ts decides what the entry is.
 */
import { type FirebaseJson, type FirestoreEntry, withDatabase } from './firebaseJson.js';

/** Where a JSON value starts and ends (end exclusive) in a text, skipping strings and nested values. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (depth === 0) return i + 1;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (--depth === 0) return i + 1;
    } else if (depth === 0 && /[,\s]/.test(c!) && i > start) return i;
  }
  return text.length;
}

/** The span of the value of a top-level key, or null when the object has no such key. */
function topLevelValue(text: string, key: string): { start: number; end: number } | null {
  let i = text.indexOf('{') + 1;
  while (i > 0 && i < text.length) {
    const keyStart = text.indexOf('"', i);
    if (keyStart < 0) return null;
    const keyEnd = valueEnd(text, keyStart);
    const colon = text.indexOf(':', keyEnd);
    const start = colon + 1 + (/^\s*/.exec(text.slice(colon + 1))?.[0].length ?? 0);
    const end = valueEnd(text, start);
    if (JSON.parse(text.slice(keyStart, keyEnd)) === key) return { start, end };
    i = text.indexOf(',', end) + 1;
  }
  return null;
}

const line = (entry: FirestoreEntry) => JSON.stringify(entry).replace(/":/g, '": ').replace(/,"/g, ', "');
const entryText = (entry: FirestoreEntry) => `{ ${line(entry).slice(1, -1)} }`;
/** The indentation of the line a position is on. */
const indentAt = (text: string, at: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', at - 1) + 1))![0];

/**
 * firebase.json's text with an entry for `database` (what withDatabase decides): the new entry appended to the
 * `firestore` array, the single object form wrapped in an array with `"database": "(default)"` added to it, or
 * a `firestore` key added when there is none. An entry already there leaves the text as it is.
 */
export function withDatabaseText(text: string, database: string, files: { rules: string; indexes: string }): string {
  const json = (text.trim() ? JSON.parse(text) : {}) as FirebaseJson;
  const entries = withDatabase(json, database, files).firestore as FirestoreEntry[];
  const added = entries.at(-1)!;
  const before = Array.isArray(json.firestore) ? json.firestore : json.firestore ? [json.firestore] : [];
  if (before.some((entry) => (entry.database ?? '(default)') === database)) return text;
  const span = topLevelValue(text, 'firestore');
  if (!text.trim()) return `${JSON.stringify({ firestore: entries }, null, 2)}\n`;
  if (!span) {
    const close = text.lastIndexOf('}');
    const last = text.slice(0, close).trimEnd();
    const indent = indentAt(text, text.indexOf('"')) || '  ';
    const comma = last.endsWith('{') ? '' : ',';
    return `${last}${comma}\n${indent}"firestore": [${entryText(added)}]\n${text.slice(close)}`;
  }
  const value = text.slice(span.start, span.end);
  const indent = `${indentAt(text, span.start)}  `;
  if (value.startsWith('[')) {
    const close = value.lastIndexOf(']');
    const inner = value.slice(1, close).trimEnd();
    const separator = inner.trim() ? ',' : '';
    // A new line lines up with the studio's first entry when that one sits on a line of its own.
    const first = /^\s*\n([ \t]*)\S/.exec(inner);
    const body = `${inner}${separator}\n${first?.[1] ?? indent}${entryText(added)}\n${indentAt(text, span.start)}`;
    return `${text.slice(0, span.start)}[${body}]${text.slice(span.end)}`;
  }
  const own = `{ "database": "(default)",${value.slice(1).startsWith('\n') ? '' : ' '}${value.slice(1)}`;
  const wrapped = `[\n${indent}${own},\n${indent}${entryText(added)}\n${indentAt(text, span.start)}]`;
  return `${text.slice(0, span.start)}${wrapped}${text.slice(span.end)}`;
}
