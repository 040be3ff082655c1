import { describe, expect, it } from 'vitest';
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
});
