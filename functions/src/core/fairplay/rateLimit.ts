import { z } from 'zod';
import { fail } from '../errors.js';
import { humanDuration } from './dodging.js';

/**
 * How many callable requests one player may make: a token bucket holding `burst` calls, refilled at
 * `callsPerMinute`. A game's client makes a few calls a minute (queue, heartbeats, answers, a report), so the
 * defaults stop only scripts.
 */
export const rateLimitConfigSchema = z.strictObject({
  callsPerMinute: z.number().positive().default(120),
  burst: z.number().int().min(1).default(40),
});
export type RateLimitConfig = z.infer<typeof rateLimitConfigSchema>;

/**
 * The player's bucket as of `at`, kept as `calls` on their private state (`playerStates/{uid}`): one per player,
 * so none is shared, and on the document that queueing writes anyway, so queueing counts itself for free.
 */
export const callBucketSchema = z.object({ tokens: z.number().min(0), at: z.number().int() });
export type CallBucket = z.infer<typeof callBucketSchema>;

export type Admission = { admitted: true; bucket: CallBucket } | { admitted: false; retryAfterMs: number };

/**
 * Refills are sums of fractions, so a bucket refilled for exactly the wait a refusal named can fall short of a
 * whole call by a rounding error; that much is not a call, and a client that waited as told is admitted.
 */
const ROUNDING = 1e-9;

/** Takes one call from the bucket as refilled up to `nowMs`, or says how long until the next call is allowed. */
export function admitCall(bucket: CallBucket | null, config: RateLimitConfig, nowMs: number): Admission {
  const perMs = config.callsPerMinute / 60_000;
  const elapsed = bucket ? Math.max(0, nowMs - bucket.at) : 0;
  const tokens = bucket ? Math.min(config.burst, bucket.tokens + elapsed * perMs) : config.burst;
  if (tokens >= 1 - ROUNDING) return { admitted: true, bucket: { tokens: Math.max(0, tokens - 1), at: nowMs } };
  return { admitted: false, retryAfterMs: Math.ceil((1 - tokens) / perMs) };
}

/** The most calls one function instance takes from a player's bucket at once, and the share of it at most. */
export const MAX_GRANT = 10;
const GRANT_SHARE = 0.25;

export type Grant = { admitted: true; bucket: CallBucket; granted: number } | { admitted: false; retryAfterMs: number };

/**
 * Takes this call from the refilled bucket and, while the bucket is far from empty, a few more that the instance
 * then admits without touching the bucket: a quarter of what is left, at most `most` (MAX_GRANT), and only the
 * call itself once fewer than eight remain. Every call admitted is taken from the one bucket first, so however many instances
 * share a player's calls, they never admit more than the bucket allows.
 */
export function grantCalls(bucket: CallBucket | null, config: RateLimitConfig, nowMs: number, most = MAX_GRANT): Grant {
  const admission = admitCall(bucket, config, nowMs);
  if (!admission.admitted) return admission;
  const available = admission.bucket.tokens + 1;
  const granted = Math.max(1, Math.min(most, Math.floor(available * GRANT_SHARE)));
  return { admitted: true, bucket: { tokens: available - granted, at: nowMs }, granted };
}

/** The refusal of a call over the limit, saying when to retry. */
export function refuseCall(retryAfterMs: number): never {
  return fail('resource-exhausted', `Too many requests: try again in ${humanDuration(retryAfterMs / 1000)}.`, {
    retryAfterMs,
  });
}
