import { z } from 'zod';

/** `matcher/lease`: which matcher run holds the pools, and until when. */
export const leaseSchema = z.object({ holder: z.string(), expiresAt: z.number().int() });
export type Lease = z.infer<typeof leaseSchema>;

/** A run may take the lease when nobody holds it, it holds it already, or the holder's lease ran out. */
export function mayTakeLease(current: Lease | undefined, holder: string, nowMs: number): boolean {
  return !current || current.holder === holder || current.expiresAt <= nowMs;
}
