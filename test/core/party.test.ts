import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addMember,
  generateJoinCode,
  JOIN_CODE_ALPHABET,
  joinCodeSchema,
  newParty,
  removeMember,
  type Party,
} from '../../functions/src/core/party.js';
import { defaultDisplayName, displayNameSchema } from '../../functions/src/core/displayName.js';
import { presenceOf } from '../../functions/src/core/presence.js';

const member = (uid: string, at = 0) => ({ uid, displayName: uid, joinedAt: at });
const party = (size: number): Party =>
  Array.from({ length: size - 1 }, (_, i) => member(`m${i + 1}`, i + 1)).reduce(
    (p, m) => addMember(p, m, m.joinedAt),
    newParty('p', member('m0'), 'ABCDEF', 5, { codeTtlSeconds: 600 }, 0),
  );

describe('parties', () => {
  it('never exceeds its size cap and never holds a player twice', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 20 }), (joiners) => {
        let p = party(1);
        for (const j of joiners) {
          try {
            p = addMember(p, member(`m${j}`), 1);
          } catch {
            // full, or already in: refused, party unchanged
          }
        }
        expect(p.members.length).toBeLessThanOrEqual(5);
        expect(new Set(p.memberUids).size).toBe(p.memberUids.length);
        expect(p.memberUids).toEqual(p.members.map((m) => m.uid));
      }),
    );
  });

  it('hands leadership to the longest-standing member and vanishes with its last one', () => {
    let p: Party | null = party(3);
    p = removeMember(p, 'm0', 9);
    expect(p?.leader).toBe('m1');
    p = removeMember(p!, 'm2', 9);
    expect(p?.leader).toBe('m1');
    expect(removeMember(p!, 'm1', 9)).toBeNull();
  });

  it('reads join codes the way players type them, and only codes of the unambiguous alphabet', () => {
    expect(joinCodeSchema.parse(' abc-d23 ')).toBe('ABCD23');
    for (const bad of ['ABCDE', 'ABCDEFG', 'ABCDE0', 'ABCDEI', 'ABCDE1'])
      expect(joinCodeSchema.safeParse(bad).success).toBe(false);
    fc.assert(
      fc.property(fc.infiniteStream(fc.nat()), (stream) => {
        const it = stream[Symbol.iterator]();
        const code = generateJoinCode((n) => it.next().value % n);
        expect(joinCodeSchema.parse(code)).toBe(code);
        expect([...code].every((c) => JOIN_CODE_ALPHABET.includes(c))).toBe(true);
      }),
    );
  });
});

describe('display names', () => {
  it('accepts names of any script within 2 to 24 characters and nothing invisible', () => {
    expect(displayNameSchema.parse(' 张伟 ')).toBe('张伟');
    expect(displayNameSchema.safeParse('x'.repeat(25)).success).toBe(false);
    expect(displayNameSchema.safeParse('a\u200bb').success).toBe(false);
  });

  it('always derives a valid default name', () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ unit: 'grapheme', maxLength: 60 })),
        fc.string({ minLength: 1, maxLength: 40 }),
        (hint, uid) => {
          expect(displayNameSchema.safeParse(defaultDisplayName(hint ?? undefined, uid)).success).toBe(true);
        },
      ),
    );
  });
});

describe('presence', () => {
  const ticket = (status: 'queued' | 'matched' | 'cancelled' | 'expired', roomId: string | null = null) =>
    ({ id: 't', mode: '1v1', status, roomId }) as Parameters<typeof presenceOf>[1];

  it('is derived from the ticket a player points at and the room it was matched into', () => {
    expect(presenceOf({ ticketId: null }, undefined, undefined)).toEqual({ kind: 'idle' });
    expect(presenceOf({ ticketId: 't' }, ticket('queued'), undefined)).toEqual({
      kind: 'queued',
      ticketId: 't',
      mode: '1v1',
    });
    expect(presenceOf({ ticketId: 't' }, ticket('matched', 'r'), { id: 'r', live: true })).toEqual({
      kind: 'inRoom',
      roomId: 'r',
      mode: '1v1',
    });
    expect(presenceOf({ ticketId: 't' }, ticket('matched', 'r'), { id: 'r', live: false })).toEqual({ kind: 'idle' });
    expect(presenceOf({ ticketId: 't' }, ticket('cancelled'), undefined)).toEqual({ kind: 'idle' });
  });
});
