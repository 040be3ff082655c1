/**
 * Merging the ladder's Firestore rules and indexes into a studio's own files (for the default database), and
 * checking a merge: pure text and JSON work, run by `ladder-firestore` (cli.ts).
 */

export const BEGIN = '// BEGIN @ladder/functions rules (written by `ladder-firestore merge`; do not edit by hand)';
export const END = '// END @ladder/functions rules';

const DOCUMENTS = /match\s+\/databases\/\{\w+\}\/documents\s*\{/;

/** The text between the brace after `match /databases/{database}/documents` and the brace that closes it. */
function documentsBody(rules: string): { start: number; end: number } | null {
  const open = DOCUMENTS.exec(rules);
  if (!open) return null;
  const start = open.index + open[0].length;
  let depth = 1;
  for (let i = start; i < rules.length; i++) {
    if (rules[i] === '{') depth++;
    else if (rules[i] === '}' && --depth === 0) return { start, end: i };
  }
  return null;
}

/**
 * The ladder's rules as one block for a studio's documents match. Its helper functions are renamed
 * (`signedIn` → `ladderSignedIn`) so they never meet a studio helper of the same name in that scope.
 */
export function ladderBlock(ladderRules: string): string {
  const body = documentsBody(ladderRules);
  if (!body) throw new Error('The ladder rules have no `match /databases/{database}/documents` block');
  let text = ladderRules.slice(body.start, body.end);
  for (const [, name] of text.matchAll(/function\s+(\w+)\s*\(/g)) {
    const renamed = `ladder${name![0]!.toUpperCase()}${name!.slice(1)}`;
    text = text.replace(new RegExp(`\\b${name}\\s*\\(`, 'g'), `${renamed}(`);
  }
  const lines = text.split('\n').map((line) => line.trimEnd());
  while (lines[0] === '') lines.shift();
  while (lines.at(-1) === '') lines.pop();
  return [`    ${BEGIN}`, ...lines, `    ${END}`].join('\n');
}

const managed = (rules: string) => {
  const begin = rules.indexOf(BEGIN);
  const end = rules.indexOf(END, begin);
  if (begin < 0 || end < 0) return null;
  // Whole lines: from the start of BEGIN's line to the end of END's.
  return { start: rules.lastIndexOf('\n', begin) + 1, end: end + END.length };
};

/**
 * The studio's rules with the ladder's block in its documents match: replaced where an earlier merge put it,
 * added first inside the match otherwise. Everything of the studio's stays as it was.
 */
export function mergeRules(studio: string, ladderRules: string): string {
  const block = ladderBlock(ladderRules);
  const previous = managed(studio);
  if (previous) return studio.slice(0, previous.start) + block + studio.slice(previous.end);
  const body = documentsBody(studio);
  if (!body) {
    if (studio.trim() !== '') throw new Error('The rules file has no `match /databases/{database}/documents` block');
    return `rules_version = '2';\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${block}\n  }\n}\n`;
  }
  return `${studio.slice(0, body.start)}\n${block}${studio.slice(body.start)}`;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Why a rules file would not grant the ladder's reads as this version needs them; null when it does. */
export function rulesProblem(studio: string, ladderRules: string): string | null {
  const found = managed(studio);
  if (!found) return 'it lacks the ladder rules block (run `ladder-firestore merge`)';
  if (squeeze(studio.slice(found.start, found.end)) !== squeeze(ladderBlock(ladderRules))) {
    return 'its ladder rules block differs from this version of @ladder/functions (run `ladder-firestore merge`)';
  }
  return null;
}

export interface IndexFile {
  indexes?: unknown[];
  fieldOverrides?: { collectionGroup?: string; fieldPath?: string }[];
}

const key = (value: unknown) => JSON.stringify(value);
const overrideKey = (o: { collectionGroup?: string; fieldPath?: string }) => `${o.collectionGroup}/${o.fieldPath}`;

/** The studio's indexes plus every ladder index and field override it lacks; the studio's own stay first. */
export function mergeIndexes(studio: IndexFile, ladder: IndexFile): IndexFile {
  const indexes = [...(studio.indexes ?? [])];
  const have = new Set(indexes.map(key));
  for (const index of ladder.indexes ?? []) if (!have.has(key(index))) indexes.push(index);
  const fieldOverrides = [...(studio.fieldOverrides ?? [])];
  const overridden = new Set(fieldOverrides.map(overrideKey));
  for (const o of ladder.fieldOverrides ?? []) if (!overridden.has(overrideKey(o))) fieldOverrides.push(o);
  return { ...studio, indexes, fieldOverrides };
}

/** The ladder's indexes and field overrides a studio's file lacks. */
export function missingIndexes(studio: IndexFile, ladder: IndexFile): unknown[] {
  const have = new Set((studio.indexes ?? []).map(key));
  const overrides = new Set((studio.fieldOverrides ?? []).map(key));
  return [
    ...(ladder.indexes ?? []).filter((index) => !have.has(key(index))),
    ...(ladder.fieldOverrides ?? []).filter((o) => !overrides.has(key(o))),
  ];
}
