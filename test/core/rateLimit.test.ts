import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { admitCall, rateLimitConfigSchema, type CallBucket } from '../../functions/src/core/fairplay/rateLimit.js';

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
});
