import { grantCalls, refuseCall, type CallBucket, type RateLimitConfig } from '../core/fairplay/rateLimit.js';
import { changeDocument, type Decision } from './firestore/optimistic.js';
import { rateLimitRef } from './firestore/refs.js';
import { transaction } from './firestore/tx.js';

/**
 * Calls this instance took from players' buckets and has not admitted yet, by player. Dropping one (an instance
 * restarting, or the oldest player when the map is full) forfeits them: the limit only gets stricter.
 */
const allowances = new Map<string, number>();
const MAX_PLAYERS_HELD = 10_000;

function hold(uid: string, calls: number) {
  allowances.delete(uid);
  if (calls <= 0) return;
  allowances.set(uid, calls);
  if (allowances.size > MAX_PLAYERS_HELD) allowances.delete(allowances.keys().next().value!);
}

/** A call admitted against the caller's bucket; `refund` gives it back to this instance (bad input, say). */
export interface AdmittedCall {
  refund(): void;
}

/**
 * Admits one call of the player, or refuses it with `resource-exhausted` and when to retry. A call this instance
 * already holds an allowance for costs nothing; otherwise it takes a grant from the player's bucket (one read,
 * one write: core/fairplay/rateLimit.ts says how many calls), written optimistically so that a burst of their
 * calls does not queue on a lock. A refused call writes nothing.
 */
export async function takeCall(uid: string, config: RateLimitConfig): Promise<AdmittedCall> {
  const held = allowances.get(uid) ?? 0;
  if (held >= 1) hold(uid, held - 1);
  else hold(uid, (await takeGrant(uid, config)) - 1 + (allowances.get(uid) ?? 0));
  return { refund: () => hold(uid, (allowances.get(uid) ?? 0) + 1) };
}

/** Takes a grant from the player's bucket: how many calls this instance may now admit, this one included. */
function takeGrant(uid: string, config: RateLimitConfig): Promise<number> {
  const decide = (bucket: CallBucket | undefined): Decision<CallBucket, number> => {
    const grant = grantCalls(bucket ?? null, config, Date.now());
    if (!grant.admitted) return refuseCall(grant.retryAfterMs);
    return bucket ? { kind: 'write', document: grant.bucket, result: grant.granted } : { kind: 'transaction' };
  };
  return changeDocument(rateLimitRef(uid), decide, () =>
    transaction(async (tx) => {
      const grant = grantCalls((await tx.get(rateLimitRef(uid))).data() ?? null, config, Date.now());
      if (!grant.admitted) return refuseCall(grant.retryAfterMs);
      tx.set(rateLimitRef(uid), grant.bucket);
      return grant.granted;
    }),
  );
}
