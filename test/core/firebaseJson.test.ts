import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  databaseEntry,
  type FirebaseJson,
  ladderFiles,
  withDatabase,
} from '../../functions/src/install/firebaseJson.js';
import { withDatabaseText } from '../../functions/src/install/firebaseJsonText.js';

const studio = {
  functions: [{ source: 'functions', codebase: 'default' }],
  firestore: { rules: 'firestore.rules', indexes: 'firestore.indexes.json' },
  hosting: { public: 'dist' },
};

describe("the ladder's named database in a studio's firebase.json", () => {
  it("turns the single default entry into the array, keeping the studio's entry and every other key", () => {
    const json = withDatabase(studio, 'ladder', ladderFiles('ladder'));
    expect(json.firestore).toEqual([
      { database: '(default)', rules: 'firestore.rules', indexes: 'firestore.indexes.json' },
      { database: 'ladder', rules: 'firestore.ladder.rules', indexes: 'firestore.ladder.indexes.json' },
    ]);
    expect(json.functions).toBe(studio.functions);
    expect(json.hosting).toBe(studio.hosting);
    expect(databaseEntry(json, '(default)')?.rules).toBe('firestore.rules');
    expect(databaseEntry(studio, '(default)')?.rules).toBe('firestore.rules');
    expect(databaseEntry(studio, 'ladder')).toBeNull();
  });

  it('is idempotent, and keeps the files and place of an entry the studio already wrote', () => {
    const once = withDatabase(studio, 'ladder', ladderFiles('ladder'));
    expect(withDatabase(once, 'ladder', ladderFiles('ladder'))).toEqual(once);
    const own = {
      firestore: [
        { database: 'ladder', rules: 'rules/ladder.rules', indexes: 'rules/ladder.json' },
        { database: '(default)', rules: 'firestore.rules' },
      ],
    };
    expect(withDatabase(own, 'ladder', ladderFiles('ladder'))).toEqual(own);
  });

  it('adds an entry to a project without Firestore files, and refuses the default database (merge is for that)', () => {
    expect(withDatabase({}, 'ranked', ladderFiles('ranked')).firestore).toEqual([
      { database: 'ranked', rules: 'firestore.ranked.rules', indexes: 'firestore.ranked.indexes.json' },
    ]);
    expect(() => withDatabase(studio, '(default)', ladderFiles('x'))).toThrow(/ladder-firestore merge/);
  });
});

describe("the named database's entry written into firebase.json's text", () => {
  const files = ladderFiles('ladder');
  const studioText = `{
  "functions": [{ "source": "functions", "codebase": "default", "ignore": ["node_modules", ".git"] }],
  "firestore": {
    "rules": "firestore.rules",
    "indexes": "firestore.indexes.json"
  },
  "hosting": { "public": "dist", "rewrites": [{ "source": "**", "destination": "/index.html" }] }
}
`;

  it("changes only what the entry adds: every line of the studio's stays, byte for byte", () => {
    const text = withDatabaseText(studioText, 'ladder', files);
    expect(JSON.parse(text)).toEqual(withDatabase(JSON.parse(studioText), 'ladder', files));
    const added = text.split('\n').filter((line) => !studioText.split('\n').includes(line));
    // The array's brackets, the default entry's name, and the ladder's entry on one line.
    expect(added).toEqual([
      '  "firestore": [',
      '    { "database": "(default)",',
      '    { "database": "ladder", "rules": "firestore.ladder.rules", "indexes": "firestore.ladder.indexes.json" }',
      '  ],',
    ]);
    expect(text.split('\n').length - studioText.split('\n').length).toBe(3);
    expect(withDatabaseText(text, 'ladder', files)).toBe(text);
  });

  it('appends to an array in its own indentation, and adds the key to a file without one', () => {
    const array = '{\n    "firestore": [\n        {"rules": "a.rules"}\n    ],\n    "emulators": {}\n}\n';
    const text = withDatabaseText(array, 'ladder', files);
    expect(text).toBe(
      '{\n    "firestore": [\n        {"rules": "a.rules"},\n        { "database": "ladder", "rules": "firestore.ladder.rules", "indexes": "firestore.ladder.indexes.json" }\n    ],\n    "emulators": {}\n}\n',
    );
    const none = '{\n  "hosting": { "public": "dist" }\n}\n';
    expect(JSON.parse(withDatabaseText(none, 'ladder', files))).toEqual({
      hosting: { public: 'dist' },
      firestore: [{ database: 'ladder', ...files }],
    });
    expect(withDatabaseText(none, 'ladder', files).startsWith('{\n  "hosting": { "public": "dist" },\n')).toBe(true);
    expect(JSON.parse(withDatabaseText('', 'ladder', files))).toEqual({
      firestore: [{ database: 'ladder', ...files }],
    });
  });

  it('matches withDatabase on any key order and string content', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => k !== 'firestore' && k !== '__proto__'),
          fc.jsonValue(),
        ),
        fc.constantFrom(undefined, 'object', 'array'),
        fc.constantFrom(0, 2, 4),
        (others, form, indent) => {
          const studio: FirebaseJson = { ...others };
          if (form === 'object') studio.firestore = { rules: 'r "quoted" } ] ,' };
          if (form === 'array') studio.firestore = [{ database: '(default)', rules: 'x' }];
          const text = JSON.stringify(studio, null, indent);
          const expected = withDatabase(JSON.parse(text), 'ladder', files);
          expect(JSON.parse(withDatabaseText(text, 'ladder', files))).toEqual(expected);
        },
      ),
    );
  });
});
