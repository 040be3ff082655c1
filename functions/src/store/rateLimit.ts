import {
  admitCall,
  grantCalls,
  refuseCall,
  type CallBucket,
  type RateLimitConfig,
} from '../core/fairplay/rateLimit.js';
import { idleState, type PlayerState } from '../core/player/player.js';
import { changeDocument, type Decision } from './firestore/optimistic.js';
import { playerStateRef } from './firestore/refs.js';
import { transaction } from './firestore/tx.js';
import { assertNotDeleted } from './sessions.js';
import { type LadderContext, perLadder } from '../context.js';

/**
 * Calls this instance took from a ladder's players' buckets and has not admitted yet, by player. Dropping one (an
 * instance restarting, or the oldest player when the map is full) forfeits them: the limit only gets stricter.
 */
const allowancesIn = perLadder<number>();
const MAX_PLAYERS_HELD = 10_000;

function hold(ctx: LadderContext, uid: string, calls: number) {
  const allowances = allowancesIn(ctx);
  allowances.delete(uid);
  if (calls <= 0) return;
  allowances.set(uid, calls);
  if (allowances.size > MAX_PLAYERS_HELD) allowances.delete(allowances.keys().next().value!);
}

/**
 * Until when this instance knows a ladder's player's bucket is empty, from a refusal it saw: nothing refills a
 * bucket but time, so refusing before then without a read is what the bucket would say.
 */
const refusedUntilIn = perLadder<number>();

/** Refuses the call, without a read, if this instance saw the player's bucket empty and it has not refilled since. */
export function assertNotRefused(ctx: LadderContext, uid: string) {
  const until = refusedUntilIn(ctx).get(uid) ?? 0;
  const now = ctx.clock.now();
  if (until > now) refuseCall(until - now);
  refusedUntilIn(ctx).delete(uid);
}

/** A call admitted against the caller's bucket; `refund` gives it back to this instance (bad input, say). */
export interface AdmittedCall {
  refund(): void;
}

/**
 * Admits one call of the player, or refuses it with `resource-exhausted` and when to retry. A call this instance
 * already holds an allowance for costs nothing; otherwise it takes a grant of up to `most` calls from the player's
 * bucket (one read, one write: core/fairplay/rateLimit.ts says how many), written optimistically so that a burst
 * of their calls does not queue on a lock. A refused call writes nothing, and the next ones refused here read
 * nothing.
 */
export async function takeCall(
  ctx: LadderContext,
  uid: string,
  config: RateLimitConfig,
  most?: number,
): Promise<AdmittedCall> {
  const allowances = allowancesIn(ctx);
  const held = allowances.get(uid) ?? 0;
  if (held >= 1) hold(ctx, uid, held - 1);
  else {
    assertNotRefused(ctx, uid);
    hold(ctx, uid, (await takeGrant(ctx, uid, config, most)) - 1 + (allowances.get(uid) ?? 0));
  }
  return { refund: () => hold(ctx, uid, (allowances.get(uid) ?? 0) + 1) };
}

/**
 * Counts one call in a transaction that writes the player's state anyway (queueing): the bucket to write with
 * it, or a refusal, which aborts the transaction.
 */
export function countedBucket(
  ctx: LadderContext,
  uid: string,
  state: PlayerState,
  config: RateLimitConfig,
  nowMs: number,
): CallBucket {
  const admission = admitCall(state.calls, config, nowMs);
  if (!admission.admitted) return refuse(ctx, uid, admission.retryAfterMs, nowMs);
  return admission.bucket;
}

/**
 * Takes a grant from the player's bucket, on their private state: how many calls this instance may now admit,
 * this one included. Only the bucket's field is written, so it never undoes a change to the rest of the state.
 */
function takeGrant(ctx: LadderContext, uid: string, config: RateLimitConfig, most?: number): Promise<number> {
  const decide = (state: PlayerState | undefined): Decision<PlayerState, number> => {
    const now = ctx.clock.now();
    const grant = grantCalls(state?.calls ?? null, config, now, most);
    if (!grant.admitted) return refuse(ctx, uid, grant.retryAfterMs, now);
    return state
      ? { kind: 'write', document: { calls: grant.bucket }, result: grant.granted }
      : { kind: 'transaction' };
  };
  return changeDocument(ctx, playerStateRef(ctx, uid), decide, () =>
    transaction(ctx, async (tx) => {
      const state = (await tx.get(playerStateRef(ctx, uid))).data();
      if (!state) await assertNotDeleted(tx, [uid], uid);
      const now = ctx.clock.now();
      const grant = grantCalls(state?.calls ?? null, config, now, most);
      if (!grant.admitted) return refuse(ctx, uid, grant.retryAfterMs, now);
      if (state) tx.update(playerStateRef(ctx, uid), { calls: grant.bucket });
      else tx.set(playerStateRef(ctx, uid), { ...idleState(now), calls: grant.bucket });
      return grant.granted;
    }),
  );
}

function refuse(ctx: LadderContext, uid: string, retryAfterMs: number, nowMs: number): never {
  const refusedUntil = refusedUntilIn(ctx);
  refusedUntil.set(uid, nowMs + retryAfterMs);
  if (refusedUntil.size > MAX_PLAYERS_HELD) refusedUntil.delete(refusedUntil.keys().next().value!);
  return refuseCall(retryAfterMs);
}
