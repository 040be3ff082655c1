import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DocumentHistory, upgradeDocument } from '../../functions/src/core/schemaVersion.js';

// A made-up history of three versions: 2 renamed `elo` to `rating`, 3 added `games` (counted from `wins`).
const history: DocumentHistory = {
  kind: 'players',
  current: 3,
  migrations: [
    ({ elo, ...doc }) => ({ ...doc, rating: doc.rating ?? elo }),
    (doc) => ({ ...doc, games: doc.games ?? doc.wins }),
  ],
};

describe('reading documents an earlier release wrote', () => {
  it('takes a document without schemaVersion for version 1 and runs every later migration, in order', () => {
    expect(upgradeDocument({ elo: 1500, wins: 2 }, history)).toEqual({ rating: 1500, wins: 2, games: 2 });
    expect(upgradeDocument({ schemaVersion: 2, rating: 1400, wins: 1 }, history)).toEqual({
      rating: 1400,
      wins: 1,
      games: 1,
    });
  });

  it("leaves a current document as it is, without the version field the readers' schemas do not know", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => k !== 'schemaVersion' && k !== '__proto__'),
          fc.integer(),
        ),
        (doc) => {
          expect(upgradeDocument({ ...doc, schemaVersion: 3 }, history)).toEqual(doc);
        },
      ),
    );
  });

  it('refuses a document a newer release wrote, naming the versions, instead of misreading it', () => {
    expect(() => upgradeDocument({ schemaVersion: 4, rating: 1 }, history)).toThrow(
      /players document has schema version 4, newer than this release reads \(3\)/,
    );
  });

  it('this release reads version 1, so every document 0.1 wrote passes through unchanged', async () => {
    const { playerHistory, playerStateHistory, historyRowHistory, seasonArchiveHistory } = await import(
      '../../functions/src/core/schemaVersion.js'
    );
    for (const h of [playerHistory, playerStateHistory, historyRowHistory, seasonArchiveHistory]) {
      expect(h.migrations).toHaveLength(h.current - 1);
      expect(upgradeDocument({ uid: 'a', rating: 1 }, h)).toEqual({ uid: 'a', rating: 1 });
    }
  });
});
