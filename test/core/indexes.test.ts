import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { FirestoreApi } = require('firebase-tools/lib/firestore/api.js') as {
  FirestoreApi: new () => { validateSpec(spec: unknown): void };
};

interface Spec {
  indexes: { collectionGroup: string; fields: { fieldPath: string }[] }[];
  fieldOverrides: { collectionGroup: string; fieldPath: string; indexes: unknown[] }[];
}
const spec = JSON.parse(readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8')) as Spec;

/** Fields the service filters or orders on (store/queue.ts, store/pool.ts, jobs/matcherRun.ts, store/leaderboard.ts,
 * store/calibration.ts, store/history.ts, store/backfill.ts). */
const queried: Record<string, string[]> = {
  tickets: ['status', 'score'],
  rooms: ['status', 'endedDay', 'memberUids', 'mode'],
  players: ['ladders'],
};

// The emulator ignores this file, so what `firebase deploy` would refuse or what a query would miss shows here.
describe('firestore.indexes.json', () => {
  it('is a spec firebase deploy accepts', () => {
    expect(() => new FirestoreApi().validateSpec(spec)).not.toThrow();
  });

  it('stops indexing time stamps and large maps of tickets and rooms, but no field a query uses', () => {
    const exempt = (group: string) =>
      spec.fieldOverrides.filter((o) => o.collectionGroup === group && o.indexes.length === 0).map((o) => o.fieldPath);
    // Ever-increasing indexed values cap a collection near 500 writes a second; tickets and rooms are the hot ones.
    expect(exempt('tickets')).toEqual(expect.arrayContaining(['enqueuedAt', 'expiresAt', 'createdAt', 'endedAt']));
    expect(exempt('rooms')).toEqual(expect.arrayContaining(['createdAt', 'updatedAt', 'endedAt', 'reportDeadline']));
    for (const [group, fields] of Object.entries(queried)) {
      for (const field of fields)
        expect(exempt(group).some((f) => f === field || f.startsWith(`${field}.`))).toBe(false);
    }
    const composite = spec.indexes
      .filter((i) => i.collectionGroup === 'tickets')
      .map((i) => i.fields.map((f) => f.fieldPath));
    expect(composite).toContainEqual(['status', 'score']);
    // A pool's changes since its digest: the change stamp is indexed only after the ticket's change shard, so the
    // pool's writes spread over that many ranges (core/queue/changeShard.ts); neither is indexed alone.
    expect(exempt('tickets')).toEqual(expect.arrayContaining(['changedAt', 'changeShard']));
    expect(composite).toContainEqual(['changeShard', 'changedAt']);
    // A player's history: their settled rooms, newest first. Led by the uid, its entries spread across players
    // although `endedAt` alone is not indexed.
    const rooms = spec.indexes
      .filter((i) => i.collectionGroup === 'rooms')
      .map((i) => i.fields.map((f) => f.fieldPath));
    expect(rooms).toContainEqual(['memberUids', 'status', 'endedAt']);
    // A matcher run follows the live rooms of each pool it holds.
    expect(rooms).toContainEqual(['mode', 'status']);
    // A queueing finds its pool's games in progress with open seats; the window's end is indexed only after the pool.
    expect(rooms).toContainEqual(['mode', 'status', 'openUntil']);
    expect(exempt('rooms')).toContain('openUntil');
  });
});
