import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addMember,
  assertCanCreateParty,
  freeJoinCode,
  generateJoinCode,
  JOIN_CODE_ALPHABET,
  joinCodeSchema,
  joinParty,
  kickMember,
  newParty,
  partyIdForCode,
  removeMember,
  ticketToCancelBeforeChange,
  transferLeadership,
  type Joiner,
  type Party,
} from '../../functions/src/core/player/party.js';
import { defaultDisplayName, displayNameSchema } from '../../functions/src/core/player/displayName.js';
import { pointerAfterSettling, presenceOf } from '../../functions/src/core/queue/presence.js';
import { poolId } from '../support/ids.js';

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

  it('is idle after a settlement clears the pointer, as it was with the pointer at the settled room', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<string | null>('t', 'u', null),
        fc.uniqueArray(fc.constantFrom<string>('t', 'x', 'y')),
        (id, roomTickets) => {
          const t = ticket('matched', 'r');
          const cleared = pointerAfterSettling({ ticketId: id }, roomTickets);
          // Cleared exactly when it pointed into the room; a pointer elsewhere (queued again) is left alone.
          expect(cleared !== null).toBe(id !== null && roomTickets.includes(id));
          const settled = presenceOf(
            { ticketId: id },
            id ? ({ ...ticket('matched', 'r')!, id } as typeof t) : undefined,
            {
              id: 'r',
              live: false,
            },
          );
          if (cleared) {
            expect(presenceOf(cleared, undefined, undefined)).toEqual(settled);
            expect(cleared).toEqual({ mode: null, ticketId: null });
          }
        },
      ),
    );
  });
});

describe('party rules', () => {
  const idle = { kind: 'idle' } as const;
  const queued = { kind: 'queued', ticketId: 't', mode: poolId('2v2') } as const;
  const playing = { kind: 'inRoom', roomId: 'r', mode: poolId('2v2') } as const;
  const joiner = (over: Partial<Joiner> = {}): Joiner => ({
    uid: 'x',
    displayName: 'X',
    partyId: null,
    presence: idle,
    ...over,
  });

  it('lets only a free player outside any party create one', () => {
    expect(() => assertCanCreateParty(joiner())).not.toThrow();
    expect(() => assertCanCreateParty(joiner({ partyId: 'p' }))).toThrow(/already in a party/);
    expect(() => assertCanCreateParty(joiner({ presence: queued }))).toThrow(
      /You are queued for 2v2; cancel or finish first/,
    );
  });

  it('leads a code to its party until it expires', () => {
    expect(partyIdForCode('ABCDEF', { partyId: 'p', expiresAt: 10 }, 9)).toBe('p');
    expect(() => partyIdForCode('ABCDEF', { partyId: 'p', expiresAt: 10 }, 10)).toThrow(/The code ABCDEF has expired/);
    expect(() => partyIdForCode('ZZZZZZ', undefined, 0)).toThrow(/No party has the code ZZZZZZ/);
  });

  it('lets a free player join a party in the lobby with room to spare', () => {
    const joined = joinParty('ABCDEF', party(2), idle, joiner(), 7);
    expect(joined.memberUids).toEqual(['m0', 'm1', 'x']);
    expect(() => joinParty('ABCDEF', undefined, idle, joiner(), 7)).toThrow(/has been disbanded/);
    expect(() => joinParty('ABCDEF', party(2), idle, joiner({ partyId: 'p' }), 7)).toThrow(/already in this party/);
    expect(() => joinParty('ABCDEF', party(2), idle, joiner({ partyId: 'q' }), 7)).toThrow(/already in another party/);
    expect(() => joinParty('ABCDEF', party(2), idle, joiner({ presence: playing }), 7)).toThrow(
      /You are in a live 2v2 room/,
    );
    expect(() => joinParty('ABCDEF', party(2), queued, joiner(), 7)).toThrow(
      /The party is queued for 2v2; join once it is back in the lobby/,
    );
    expect(() => joinParty('ABCDEF', party(5), idle, joiner(), 7)).toThrow(/The party is full \(5\/5\)/);
  });

  it('leaves removing members and handing over to the leader, among members other than themselves', () => {
    expect(kickMember(party(3), 'm0', 'm2', 5).memberUids).toEqual(['m0', 'm1']);
    expect(() => kickMember(party(3), 'm1', 'm2', 5)).toThrow(/Only the party leader can remove members/);
    expect(() => kickMember(party(3), 'm0', 'm0', 5)).toThrow(/call leaveParty/);
    expect(() => kickMember(party(3), 'm0', 'zz', 5)).toThrow(/not in your party/);
    expect(transferLeadership(party(3), 'm0', 'm2', 5).leader).toBe('m2');
    expect(() => transferLeadership(party(3), 'm1', 'm2', 5)).toThrow(/Only the party leader can hand over leadership/);
    expect(() => transferLeadership(party(3), 'm0', 'm0', 5)).toThrow(/already lead/);
    expect(() => transferLeadership(party(3), 'm0', 'zz', 5)).toThrow(/not in your party/);
  });

  it('freezes membership while the party plays, and cancels its ticket first while it is queued', () => {
    expect(ticketToCancelBeforeChange(idle)).toBeNull();
    expect(ticketToCancelBeforeChange(queued)).toBe('t');
    expect(() => ticketToCancelBeforeChange(playing)).toThrow(/in a live room/);
  });

  it('finds a join code no live party uses, reusing an expired one, and gives up after a few clashes', async () => {
    const codes = new Map([
      ['222222', { partyId: 'a', expiresAt: 100 }],
      ['333333', { partyId: 'b', expiresAt: 10 }],
    ]);
    const lookup = async (code: string) => codes.get(code);
    const digits = (d: number) => () => JOIN_CODE_ALPHABET.indexOf(String(d));
    expect(await freeJoinCode(digits(3), lookup, 50)).toBe('333333');
    await expect(freeJoinCode(digits(2), lookup, 50)).rejects.toThrow(/Could not allocate a party code/);
    expect(await freeJoinCode(digits(4), lookup, 50)).toBe('444444');
  });
});
