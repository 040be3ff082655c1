/**
 * A studio upgrades a running ladder: the database release 0.1.0 left (test/fixtures/release-0.1.0.json, written
 * by scripts/releaseFixture.ts on that release's commit) is loaded as it was, and this release plays on from it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { playerRef, playerStateRef, historyRef } from '../../functions/src/store/firestore/refs.js';
import { db } from '../support/admin.js';
import { loadDatabase } from '../support/database.js';
import { ladderPlayer, reach } from '../support/ladder.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/release-0.1.0.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, unknown>
>;
const storedPlayer = (uid: string) => fixture[`players/${uid}`] as { ladders: Record<string, { rating: number }> };
const storedState = (uid: string) => fixture[`playerStates/${uid}`] as { partyId: string | null };

describe('upgrading from release 0.1.0', () => {
  it("reads every player's profile, state and games that 0.1.0 wrote", async () => {
    await loadDatabase(db, fixture);
    const ann = (await playerRef({ db }, 'dev:ann').get()).data()!;
    expect(ann.ladders.solo).toMatchObject({ rating: storedPlayer('dev:ann').ladders.solo!.rating, wins: 1 });
    const bobState = (await playerStateRef({ db }, 'dev:bob').get()).data()!;
    expect(bobState.partyId).toBe(storedState('dev:bob').partyId);
    expect(bobState.partyId).not.toBeNull();
    const [game] = Object.keys(fixture).filter((path) => path.startsWith('players/dev:ann/history/'));
    const row = (await historyRef({ db }, 'dev:ann', game!.split('/').at(-1)!).get()).data()!;
    expect(row).toMatchObject({ outcome: 'win' });
  });

  it('plays on: the next game starts from the ratings 0.1.0 left, and the documents now carry their version', async () => {
    await loadDatabase(db, fixture);
    const before = storedPlayer('dev:ann').ladders.solo!.rating;
    const [game] = Object.keys(fixture).filter((path) => path.startsWith('players/dev:ann/history/'));
    const [ann, bob] = [await ladderPlayer('Ann'), await ladderPlayer('Bob')];
    // Bob still leads the party he made under 0.1.0; a party of one queues for a 1v1 like a player alone.
    expect((await bob.profile()).state.partyId).toBe(storedState('dev:bob').partyId);
    const annMatch = await ann.queue('1v1');
    const bobMatch = await bob.queue('1v1');
    await Promise.all([reach(annMatch, 'active'), reach(bobMatch, 'active')]);
    await annMatch.reportOutcome('win');
    await bobMatch.reportOutcome('loss');
    const [annEnd] = await Promise.all([reach(annMatch, 'settled'), reach(bobMatch, 'settled')]);
    expect(annEnd.ratingChange.before).toBe(before);
    expect(annEnd.ratingChange.after).toBeGreaterThan(before);
    const profile = (await ann.profile()).player.ladders.solo!;
    expect(profile).toMatchObject({ rating: annEnd.ratingChange.after, wins: 2, games: 2 });
    // Her history holds the game 0.1.0 stored a row for and the new one, read from its room.
    const [newest, older] = await ann.history();
    expect([newest?.id, older?.id]).toEqual([annEnd.room.id, game!.split('/').at(-1)]);
    expect(newest).toMatchObject({ kind: 'game', outcome: 'win', ratingAfter: annEnd.ratingChange.after });
    expect(older).toMatchObject({ kind: 'game', outcome: 'win' });
    expect((await db.doc('players/dev:ann').get()).get('schemaVersion')).toBe(1);
  });
});
