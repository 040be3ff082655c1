import { z } from 'zod';
import { converter } from './converters.js';
import { db } from './db.js';
import { transaction } from './tx.js';

const leaseSchema = z.object({ holder: z.string(), expiresAt: z.number().int() });
const leaseRef = db.collection('matcher').doc('lease').withConverter(converter(leaseSchema));

/**
 * Takes or renews the matcher lease, so two overlapping runs do not sweep the same pools twice. It is an
 * economy, not a guarantee: every commit re-checks its tickets, so a run that loses the lease mid-sweep
 * (or a duplicated schedule delivery) can propose, but never double-match.
 */
export function acquireLease(holder: string, ttlMs: number): Promise<boolean> {
  return transaction(async (tx) => {
    const now = Date.now();
    const current = (await tx.get(leaseRef)).data();
    if (current && current.holder !== holder && current.expiresAt > now) return false;
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
