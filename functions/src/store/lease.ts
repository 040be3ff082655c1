import { mayTakeLease } from '../core/lease.js';
import { leaseRef } from './refs.js';
import { transaction } from './tx.js';

/**
 * Takes or renews the matcher lease, so two overlapping runs do not sweep the same pools twice. It is an
 * economy, not a guarantee: every commit re-checks its tickets, so a run that loses the lease mid-sweep
 * (or a duplicated schedule delivery) can propose, but never double-match.
 */
export function acquireLease(holder: string, ttlMs: number): Promise<boolean> {
  return transaction(async (tx) => {
    const now = Date.now();
    if (!mayTakeLease((await tx.get(leaseRef)).data(), holder, now)) return false;
    tx.set(leaseRef, { holder, expiresAt: now + ttlMs });
    return true;
  });
}

export function releaseLease(holder: string): Promise<void> {
  return transaction(async (tx) => {
    const current = (await tx.get(leaseRef)).data();
    if (current?.holder === holder) tx.delete(leaseRef);
  });
}
