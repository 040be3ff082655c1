import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  assembleDigest,
  digestChunks,
  digestWorthWriting,
  splitDigest,
} from '../../functions/src/core/queue/digest.js';
import type { PoolEntry } from '../../functions/src/core/queue/ticket.js';

const entry = fc.record({
  id: fc.uuid(),
  members: fc.array(
    fc.record({ uid: fc.string({ minLength: 1, maxLength: 30 }), rating: fc.integer({ min: 0, max: 4000 }) }),
    {
      minLength: 1,
      maxLength: 5,
    },
  ),
  score: fc.integer({ min: 0, max: 4000 }),
  enqueuedAt: fc.integer({ min: 0 }),
  expiresAt: fc.integer({ min: 0 }),
  avoid: fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 3 }),
  recent: fc.array(fc.record({ uid: fc.string({ minLength: 1, maxLength: 8 }), at: fc.nat(), gamesAgo: fc.nat(5) }), {
    maxLength: 3,
  }),
  rtts: fc.option(fc.dictionary(fc.constantFrom('eu', 'us', 'asia'), fc.integer({ min: 0, max: 400 }))),
  choices: fc.dictionary(
    fc.constantFrom('map', 'lang'),
    fc.uniqueArray(fc.constantFrom('a', 'b', 'c'), { minLength: 1 }),
  ),
}) satisfies fc.Arbitrary<PoolEntry>;
const same = (a: number, b: number) => a === b;

describe('the pool digest', () => {
  it('gives back exactly the entries it was written from, in chunks under the size limit', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), fc.integer({ min: 200, max: 4000 }), (entries, limit) => {
        const texts = splitDigest(entries, limit);
        for (const text of texts)
          if (JSON.parse(text).length > 1) expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(limit + 1);
        const chunks = texts.map((tickets, index) => ({ asOf: 7, index, count: texts.length, tickets }));
        expect(assembleDigest(chunks, same)).toEqual({ asOf: 7, entries });
      }),
    );
  });

  it('is unusable when a chunk is missing, of another moment, or unreadable', () => {
    const texts = splitDigest(
      Array.from({ length: 40 }, (_, i) => ({
        id: `t${i}`,
        members: [{ uid: `u${i}`, rating: 1500 }],
        score: 1500,
        enqueuedAt: 0,
        expiresAt: 1,
        avoid: [],
        recent: [],
        rtts: null,
        choices: {},
      })),
      300,
    );
    const chunks = texts.map((tickets, index) => ({ asOf: 7, index, count: texts.length, tickets }));
    expect(chunks.length).toBeGreaterThan(2);
    expect(assembleDigest(chunks.slice(1), same)).toBeNull();
    expect(assembleDigest(chunks.slice(0, -1), same)).toBeNull();
    expect(assembleDigest([...chunks.slice(0, -1), { ...chunks.at(-1)!, asOf: 8 }], same)).toBeNull();
    expect(assembleDigest([{ ...chunks[0]!, tickets: '[{' }, ...chunks.slice(1)], same)).toBeNull();
    expect(assembleDigest([{ asOf: 7, index: 0, count: 1, tickets: '[{"id":"x"}]' }], same)).toBeNull();
  });

  it('rewrites its chunks by index and deletes what a previous, longer digest left over', () => {
    const chunks = digestChunks([], 9, ['0', '1', '2']);
    expect(chunks).toEqual([
      ['0', { asOf: 9, index: 0, count: 1, tickets: '[]' }],
      ['1', null],
      ['2', null],
    ]);
  });

  it('is written only when something changed since the digest a run started from, or a fully read pool is not empty', () => {
    expect(digestWorthWriting(true, false, 10)).toBe(false);
    expect(digestWorthWriting(true, true, 0)).toBe(true);
    expect(digestWorthWriting(false, true, 0)).toBe(false);
    expect(digestWorthWriting(false, false, 3)).toBe(true);
  });
});
