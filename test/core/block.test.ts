import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { avoidedBy, block, emptyBlockList, MAX_BLOCKED, unblock } from '../../functions/src/core/block.js';
import { Failure } from '../../functions/src/core/errors.js';

const named = (uid: string) => ({ uid, displayName: uid.toUpperCase() });
const at = (uid: string) => ({ ...named(uid), at: 0 });

describe('a block list', () => {
  it('holds each blocked player once, and unblocking takes them off', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.constantFrom('b', 'c', 'd', 'e')), { maxLength: 30 }), (ops) => {
        let list = emptyBlockList('a', 0);
        const expected = new Set<string>();
        for (const [add, uid] of ops) {
          list = add ? block(list, named(uid), 1) : unblock(list, uid, 1);
          if (add) expected.add(uid);
          else expected.delete(uid);
        }
        expect(new Set(list.blocked.map((b) => b.uid))).toEqual(expected);
        expect(list.blocked).toHaveLength(expected.size);
      }),
    );
  });

  it(`refuses a 101st player and the player themself, naming the problem`, () => {
    let list = emptyBlockList('a', 0);
    for (let i = 0; i < MAX_BLOCKED; i++) list = block(list, named(`p${i}`), 1);
    expect(block(list, named('p0'), 2)).toBe(list);
    expect(() => block(list, named('p100'), 2)).toThrow(/You have blocked 100 players, the most allowed/);
    expect(() => block(emptyBlockList('a', 0), named('a'), 1)).toThrow(Failure);
    expect(() => block(emptyBlockList('a', 0), named('a'), 1)).toThrow(/^uid: you cannot block yourself/);
  });

  it("keeps a party's ticket away from everyone any member blocked", () => {
    expect(avoidedBy([{ blocked: [at('x'), at('y')] }, { blocked: [at('y'), at('z')] }]).sort()).toEqual([
      'x',
      'y',
      'z',
    ]);
  });
});
