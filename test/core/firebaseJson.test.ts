import { describe, expect, it } from 'vitest';
import { databaseEntry, ladderFiles, withDatabase } from '../../functions/src/install/firebaseJson.js';

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
