import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CHANGE_SHARDS, CHANGE_SHARDS, changeShardOf } from '../../functions/src/core/queue/changeShard.js';

describe("a ticket's change shard", () => {
  it('is one of the shards the matcher asks for, the same at every write of the ticket', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        const shard = changeShardOf(id);
        expect(ALL_CHANGE_SHARDS).toContain(shard);
        expect(changeShardOf(id)).toBe(shard);
      }),
    );
  });

  it("spreads a pool's ticket ids (random UUIDs, as the store draws them) evenly over the index ranges", () => {
    const counts = new Array<number>(CHANGE_SHARDS).fill(0);
    for (let i = 0; i < 16_000; i++) counts[changeShardOf(randomUUID())]!++;
    // 1,000 expected in each; a uniform draw stays within ±15 % (about 4.7 standard deviations).
    for (const count of counts) expect(Math.abs(count - 1_000)).toBeLessThan(150);
  });

  it('fits one query: Firestore takes at most 30 values in an `in` filter', () => {
    expect(CHANGE_SHARDS).toBeLessThanOrEqual(30);
  });
});
