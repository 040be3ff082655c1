import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { avoidedBy, block, MAX_BLOCKED, unblock, type BlockList } from '../../functions/src/core/fairplay/block.js';
import { Failure } from '../../functions/src/core/errors.js';

const named = (uid: string) => ({ uid, displayName: uid.toUpperCase() });
const empty = (): BlockList => ({ uid: 'a', blocked: [] });
const at = (uid: string) => ({ ...named(uid), at: 0 });

describe('a block list', () => {
  it('holds each blocked player once, and unblocking takes them off', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.constantFrom('b', 'c', 'd', 'e')), { maxLength: 30 }), (ops) => {
        let list = empty();
        const expected = new Set<string>();
        for (const [add, uid] of ops) {
          list = add ? block(list, named(uid), 1) : unblock(list, uid);
          if (add) expected.add(uid);
          else expected.delete(uid);
        }
        expect(new Set(list.blocked.map((b) => b.uid))).toEqual(expected);
        expect(list.blocked).toHaveLength(expected.size);
      }),
    );
  });

  it(`refuses a 101st player and the player themself, naming the problem`, () => {
    let list = empty();
    for (let i = 0; i < MAX_BLOCKED; i++) list = block(list, named(`p${i}`), 1);
    expect(block(list, named('p0'), 2)).toBe(list);
    expect(() => block(list, named('p100'), 2)).toThrow(/You have blocked 100 players, the most allowed/);
    expect(() => block(empty(), named('a'), 1)).toThrow(Failure);
    expect(() => block(empty(), named('a'), 1)).toThrow(/^uid: you cannot block yourself/);
  });

  it("keeps a party's ticket away from everyone any member blocked", () => {
    expect(avoidedBy([{ blocked: [at('x'), at('y')] }, { blocked: [at('y'), at('z')] }]).sort()).toEqual([
      'x',
      'y',
      'z',
    ]);
  });
});
