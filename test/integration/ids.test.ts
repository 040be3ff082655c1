import fc from 'fast-check';
import functionsTest from 'firebase-functions-test';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { ladder } from '../../scripts/deployment.js';
import { devPlayer } from '../support/client.js';
import { documentPaths, expectRefusal } from '../support/admin.js';

// Values that cannot be Firestore document ids, or that name something reserved.
const hostileIds = ['a/b', 'a//b', '.', '..', '__x__', '__proto__'];

// Every callable that takes an id, the field that carries it, and the rest of a valid request.
const callables: [name: string, field: string, rest: object][] = [
  ['acceptMatch', 'roomId', {}],
  ['declineMatch', 'roomId', {}],
  ['seeReadyCheck', 'roomId', {}],
  ['reportResult', 'roomId', { outcome: 'A' }],
  ['reportResult', 'roomId', { placements: {} }],
  ['kickPartyMember', 'uid', {}],
  ['transferPartyLeadership', 'uid', {}],
  ['joinParty', 'code', {}],
  ['enqueue', 'mode', {}],
  ['getLeaderboard', 'ladder', {}],
];

describe('ids a client sends', () => {
  it.each(callables)(
    '%s refuses every id that cannot name a document in %s, and changes nothing',
    async (name, field, rest) => {
      const player = await devPlayer('Mallory');
      const before = await documentPaths();
      for (const id of hostileIds) {
        const error = await expectRefusal(player.callUnchecked(name, { ...rest, [field]: id }), 'invalid-argument');
        expect(error.message, `${name} with ${field} ${JSON.stringify(id)}`).toContain(`${field}:`);
      }
      expect(await documentPaths()).toEqual(before);
    },
  );

  it("getLeaderboard refuses friends' ids Firestore cannot hold, naming the field, not as internal", async () => {
    const player = await devPlayer('Mallory');
    for (const id of [...hostileIds, '', 'x'.repeat(1_501), '\uD800'])
      await expectRefusal(
        player.callUnchecked('getLeaderboard', { ladder: 'solo', players: ['friend', id] }),
        'invalid-argument',
        /players\[1\]: /,
      );
  });
});

/**
 * Every id field of every callable, with the rest of a request that would otherwise pass. The handlers run
 * in-process (firebase-functions-test) against the emulators, as the Functions emulator would run them, without
 * an HTTP round trip per case.
 */
const idFields: [name: string, request: (id: string) => object, admin?: boolean][] = [
  ['acceptMatch', (id) => ({ roomId: id })],
  ['declineMatch', (id) => ({ roomId: id })],
  ['seeReadyCheck', (id) => ({ roomId: id })],
  ['reportResult', (id) => ({ roomId: id, outcome: 'A' })],
  ['reportResult', (id) => ({ roomId: 'room-1', placements: { [id]: 1 } })],
  ['forfeit', (id) => ({ roomId: id })],
  ['requestRematch', (id) => ({ roomId: id })],
  ['declineRematch', (id) => ({ roomId: id })],
  ['blockPlayer', (id) => ({ uid: id })],
  ['unblockPlayer', (id) => ({ uid: id })],
  ['kickPartyMember', (id) => ({ uid: id })],
  ['transferPartyLeadership', (id) => ({ uid: id })],
  ['joinParty', (id) => ({ code: id })],
  ['enqueue', (id) => ({ mode: id })],
  ['enqueue', (id) => ({ mode: 'regional', region: id })],
  ['enqueue', (id) => ({ mode: 'regional', rtts: { [id]: 40 } })],
  ['enqueue', (id) => ({ mode: 'versions', build: id })],
  ['getLeaderboard', (id) => ({ ladder: id })],
  ['getLeaderboard', (id) => ({ ladder: 'solo', players: [id] })],
  ['getSeasons', (id) => ({ ladder: id })],
  ['getHistory', (id) => ({ uid: id })],
  ['getHistory', (id) => ({ uid: id }), true],
  ['getMatchState', (id) => ({ ticket: { mode: id, id: 'ticket-1' } })],
  ['getMatchState', (id) => ({ ticket: { mode: '1v1', id } })],
  ['watchMatch', (id) => ({ ticket: { mode: '1v1', id } })],
  ['deleteAccount', (id) => ({ uid: id })],
  ['deleteAccount', (id) => ({ uid: id, reason: 'a request' }), true],
  ['banPlayer', (id) => ({ uid: id, reason: 'r', hours: 1 }), true],
  ['unbanPlayer', (id) => ({ uid: id, reason: 'r' }), true],
  ['adjustRating', (id) => ({ uid: id, ladder: 'solo', delta: 5, reason: 'r' }), true],
  ['adjustRating', (id) => ({ uid: 'nobody', ladder: id, delta: 5, reason: 'r' }), true],
  ['voidRoom', (id) => ({ roomId: id, reason: 'r' }), true],
  ['pauseMode', (id) => ({ mode: id, message: 'back soon', reason: 'r' }), true],
  ['resumeMode', (id) => ({ mode: id, reason: 'r' }), true],
  ['closeSeasonNow', (id) => ({ ladder: id, season: '2025', reason: 'r' }), true],
  ['closeSeasonNow', (id) => ({ ladder: 'ranked', season: id, reason: 'r' }), true],
  ['extendSeason', (id) => ({ ladder: id, season: '2026', byDays: 1, reason: 'r' }), true],
  ['extendSeason', (id) => ({ ladder: 'ranked', season: id, byDays: 1, reason: 'r' }), true],
];

/** Strings Firestore refuses as ids, or that stress them: reserved forms, too long, lone surrogates, anything. */
const anyId = fc.oneof(
  fc.constantFrom('', '/', 'a/b', '.', '..', '__x__', '__.__', 'x'.repeat(1_501), 'é'.repeat(760), '\uD800', 'a\uDC00'),
  // Names every object inherits: a lookup by plain indexing finds them in any configuration.
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 12 }),
);

const fft = functionsTest();

describe('arbitrary strings in every id field of every callable', () => {
  const callables = ladder as unknown as Record<string, Parameters<typeof fft.wrap>[0]>;
  let caller = 0;
  const request = (data: object, admin: boolean) => {
    const uid = `prop-${++caller}`;
    return { data, auth: { uid, token: { uid, ...(admin && { admin: true }) } } } as unknown as CallableRequest;
  };

  it.each(idFields)('%s never answers internal', async (name, build, admin = false) => {
    const run = fft.wrap(callables[name]!) as unknown as (request: CallableRequest) => Promise<unknown>;
    await fc.assert(
      fc.asyncProperty(anyId, async (id) => {
        const code = await Promise.resolve()
          .then(() => run(request(build(id), admin)))
          .then(
            () => 'ok',
            (error: { code?: string }) => String(error.code),
          );
        expect(code, `${name} ${JSON.stringify(build(id)).slice(0, 200)}`).not.toBe('internal');
      }),
      { numRuns: 25 },
    );
  });
});
