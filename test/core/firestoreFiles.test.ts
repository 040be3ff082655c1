import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BEGIN,
  mergeIndexes,
  mergeRules,
  missingIndexes,
  rulesProblem,
} from '../../functions/src/install/firestoreFiles.js';

const ladderRules = readFileSync('firestore.rules', 'utf8');
const ladderIndexes = JSON.parse(readFileSync('firestore.indexes.json', 'utf8'));

const studioRules = `rules_version = '2';
service cloud.firestore {
  match /databases/{db}/documents {
    function signedIn() {
      return request.auth != null;
    }
    match /notes/{uid} {
      allow read, write: if signedIn() && request.auth.uid == uid;
    }
  }
}
`;
const studioIndex = {
  collectionGroup: 'notes',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'owner', order: 'ASCENDING' },
    { fieldPath: 'at', order: 'DESCENDING' },
  ],
};

describe("merging the ladder's Firestore rules and indexes into a studio's", () => {
  it("keeps every line of the studio's rules and adds the ladder's, with helpers that cannot clash", () => {
    const merged = mergeRules(studioRules, ladderRules);
    for (const line of studioRules.split('\n')) expect(merged).toContain(line);
    expect(merged).toContain('match /playerStates/{uid}');
    expect(merged).toContain('function ladderSignedIn()');
    // The studio's own helper is still defined once, the ladder's under its own name.
    expect(merged.match(/function signedIn\(\)/g)).toHaveLength(1);
    expect(rulesProblem(merged, ladderRules)).toBeNull();
  });

  it('is idempotent, and a re-merge after an upgrade replaces only the ladder block', () => {
    const once = mergeRules(studioRules, ladderRules);
    expect(mergeRules(once, ladderRules)).toBe(once);
    const upgraded = ladderRules.replace(
      'match /players/{uid} {',
      'match /players/{uid} {\n      allow get: if false;',
    );
    expect(rulesProblem(once, upgraded)).toMatch(/differs from this version/);
    const again = mergeRules(once, upgraded);
    expect(again.split(BEGIN)).toHaveLength(2);
    expect(rulesProblem(again, upgraded)).toBeNull();
    for (const line of studioRules.split('\n')) expect(again).toContain(line);
  });

  it('fails the check for rules without the ladder block, and writes a whole file for a studio without one', () => {
    expect(rulesProblem(studioRules, ladderRules)).toMatch(/lacks the ladder rules block/);
    const fresh = mergeRules('', ladderRules);
    expect(fresh).toMatch(/^rules_version = '2';/);
    expect(rulesProblem(fresh, ladderRules)).toBeNull();
  });

  it("adds the ladder's indexes after the studio's own, once, and the check names what is missing", () => {
    const studio = { indexes: [studioIndex], fieldOverrides: [] };
    expect(missingIndexes(studio, ladderIndexes)).toHaveLength(
      ladderIndexes.indexes.length + (ladderIndexes.fieldOverrides ?? []).length,
    );
    const merged = mergeIndexes(studio, ladderIndexes);
    expect(merged.indexes![0]).toEqual(studioIndex);
    expect(missingIndexes(merged, ladderIndexes)).toEqual([]);
    expect(mergeIndexes(merged, ladderIndexes)).toEqual(merged);
  });
});
