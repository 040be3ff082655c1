import { fail } from '../core/errors.js';
import { humanDuration } from '../core/fairplay/dodging.js';
import { admitCall, type CallBucket, type RateLimitConfig } from '../core/fairplay/rateLimit.js';
import { changeDocument, type Decision } from './firestore/optimistic.js';
import { rateLimitRef } from './firestore/refs.js';
import { transaction } from './firestore/tx.js';

const refuse = (retryAfterMs: number): never =>
  fail('resource-exhausted', `Too many requests: try again in ${humanDuration(retryAfterMs / 1000)}.`, {
    retryAfterMs,
  });

/**
 * Counts one call against the player's bucket, or refuses it with `resource-exhausted` and when to retry. The
 * bucket is the player's own document, written optimistically so that a burst of their calls does not queue
 * on a lock; a refused call writes nothing.
 */
export function takeCall(uid: string, config: RateLimitConfig): Promise<void> {
  const decide = (bucket: CallBucket | undefined): Decision<CallBucket, void> => {
    const admission = admitCall(bucket ?? null, config, Date.now());
    if (!admission.admitted) return refuse(admission.retryAfterMs);
    return bucket ? { kind: 'write', document: admission.bucket, result: undefined } : { kind: 'transaction' };
  };
  return changeDocument(rateLimitRef(uid), decide, () =>
    transaction(async (tx) => {
      const admission = admitCall((await tx.get(rateLimitRef(uid))).data() ?? null, config, Date.now());
      if (!admission.admitted) refuse(admission.retryAfterMs);
      else tx.set(rateLimitRef(uid), admission.bucket);
    }),
  );
}
