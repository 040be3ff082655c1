import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  admitCall,
  grantCalls,
  MAX_GRANT,
  rateLimitConfigSchema,
  type CallBucket,
} from '../../functions/src/core/fairplay/rateLimit.js';

const config = rateLimitConfigSchema.parse({ callsPerMinute: 60, burst: 5 });

describe('the per-player rate limit', () => {
  it('defaults to 120 calls a minute with bursts of 40', () => {
    expect(rateLimitConfigSchema.parse({})).toEqual({ callsPerMinute: 120, burst: 40 });
  });

  it('admits a burst at once, then one call per refill, and says when the next one is allowed', () => {
    let bucket: CallBucket | null = null;
    for (let i = 0; i < 5; i++) {
      const admission = admitCall(bucket, config, 0);
      expect(admission.admitted).toBe(true);
      if (admission.admitted) bucket = admission.bucket;
    }
    expect(admitCall(bucket, config, 0)).toEqual({ admitted: false, retryAfterMs: 1000 });
    expect(admitCall(bucket, config, 400)).toEqual({ admitted: false, retryAfterMs: 600 });
    expect(admitCall(bucket, config, 1000).admitted).toBe(true);
  });

  it('admits a player who waited exactly as a refusal told, though the refills add up to a fraction short', () => {
    let bucket: CallBucket | null = null;
    let t = 0;
    for (const gap of [0, 273, 7, 7, 0]) {
      t += gap;
      const admission = admitCall(bucket, config, t);
      if (admission.admitted) bucket = admission.bucket;
    }
    const refused = admitCall(bucket, config, t + 8);
    expect(refused).toEqual({ admitted: false, retryAfterMs: 705 });
    if (!refused.admitted) expect(admitCall(bucket, config, t + 8 + refused.retryAfterMs).admitted).toBe(true);
  });

  it('never admits more than the burst plus what the rate refills, over any sequence of calls', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3_000 }), { maxLength: 200 }), (gaps) => {
        let bucket: CallBucket | null = null;
        let t = 0;
        let admitted = 0;
        for (const gap of gaps) {
          t += gap;
          const admission = admitCall(bucket, config, t);
          if (admission.admitted) {
            admitted++;
            bucket = admission.bucket;
          } else {
            expect(admission.retryAfterMs).toBeGreaterThan(0);
            expect(admission.retryAfterMs).toBeLessThanOrEqual(1000);
            // Waiting as told is enough.
            expect(admitCall(bucket, config, t + admission.retryAfterMs).admitted).toBe(true);
          }
        }
        expect(admitted).toBeLessThanOrEqual(config.burst + Math.floor((t * config.callsPerMinute) / 60_000));
      }),
    );
  });

  it('shares a bucket between instances that admit granted calls themselves, never beyond what it allows', () => {
    const wide = rateLimitConfigSchema.parse({ callsPerMinute: 120, burst: 40 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 2_000 })), { maxLength: 300 }),
        (calls) => {
          let bucket: CallBucket | null = null;
          const held = new Map<number, number>();
          let [t, admitted] = [0, 0];
          for (const [instance, gap] of calls) {
            t += gap;
            const allowance = held.get(instance) ?? 0;
            if (allowance >= 1) {
              held.set(instance, allowance - 1);
              admitted++;
              continue;
            }
            const grant = grantCalls(bucket, wide, t);
            if (!grant.admitted) continue;
            expect(grant.granted).toBeGreaterThanOrEqual(1);
            expect(grant.granted).toBeLessThanOrEqual(MAX_GRANT);
            bucket = grant.bucket;
            held.set(instance, grant.granted - 1);
            admitted++;
          }
          expect(admitted).toBeLessThanOrEqual(wide.burst + Math.floor((t * wide.callsPerMinute) / 60_000));
        },
      ),
    );
  });

  it('grants a quarter of a full bucket, and only the call itself near the limit', () => {
    const wide = rateLimitConfigSchema.parse({ callsPerMinute: 120, burst: 40 });
    expect(grantCalls(null, wide, 0)).toEqual({ admitted: true, bucket: { tokens: 30, at: 0 }, granted: 10 });
    expect(grantCalls({ tokens: 12, at: 0 }, wide, 0)).toEqual({
      admitted: true,
      bucket: { tokens: 9, at: 0 },
      granted: 3,
    });
    expect(grantCalls({ tokens: 7, at: 0 }, wide, 0)).toEqual({
      admitted: true,
      bucket: { tokens: 6, at: 0 },
      granted: 1,
    });
    expect(grantCalls({ tokens: 0.5, at: 0 }, wide, 0)).toEqual({ admitted: false, retryAfterMs: 250 });
    // A failed call is counted alone: an instance that cannot use an allowance takes none.
    expect(grantCalls(null, wide, 0, 1)).toEqual({ admitted: true, bucket: { tokens: 39, at: 0 }, granted: 1 });
  });

  it('costs a player calling steadily one bucket write per several calls while they are far from the limit', () => {
    const wide = rateLimitConfigSchema.parse({ callsPerMinute: 120, burst: 40 });
    let bucket: CallBucket | null = null;
    let [allowance, touches] = [0, 0];
    // One call a second to one instance for ten minutes: a quarter of the rate.
    for (let t = 0; t < 600_000; t += 1_000) {
      if (allowance >= 1) {
        allowance--;
        continue;
      }
      touches++;
      const grant = grantCalls(bucket, wide, t);
      expect(grant.admitted).toBe(true);
      if (grant.admitted) [bucket, allowance] = [grant.bucket, grant.granted - 1];
    }
    expect(touches).toBeLessThanOrEqual(600 / MAX_GRANT + 1);
  });
});
