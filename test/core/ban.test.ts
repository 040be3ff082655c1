import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Failure } from '../../functions/src/core/errors.js';
import { activeBan, assertNotBanned, newBan } from '../../functions/src/core/ops/ban.js';
import { reasonSchema } from '../../functions/src/core/ops/audit.js';

const refusal = (run: () => void) => {
  try {
    run();
    return null;
  } catch (error) {
    return error as Failure;
  }
};

describe('bans', () => {
  it('are in force from their start until their expiry, and a ban without one until lifted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2e12 }),
        fc.option(fc.integer({ min: 1, max: 87_600 })),
        fc.integer({ min: 0, max: 4e8 }),
        (at, hours, later) => {
          const ban = newBan('op', 'why', hours, at);
          const now = at + later;
          const inForce = hours === null || later < hours * 3_600_000;
          expect(activeBan(ban, now) !== null).toBe(inForce);
          expect(refusal(() => assertNotBanned(ban, 'queue', now)) !== null).toBe(inForce);
        },
      ),
    );
    expect(activeBan(null, 0)).toBeNull();
  });

  it('are refused with the expiry and the reason named', () => {
    const ban = newBan('op', 'aimbot', 24, Date.UTC(2026, 10, 26, 12));
    const error = refusal(() => assertNotBanned(ban, 'queue', Date.UTC(2026, 10, 26, 13)))!;
    expect(error).toBeInstanceOf(Failure);
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('You are banned until 2026-11-27T12:00:00.000Z (aimbot): cannot queue.');
    expect(error.details).toEqual({ bannedUntil: Date.UTC(2026, 10, 27, 12) });
    const forever = newBan('op', 'chargeback', null, 0);
    expect(refusal(() => assertNotBanned(forever, 'queue', 5, 'Party member Bo'))!.message).toBe(
      'Party member Bo is banned with no expiry (chargeback): cannot queue.',
    );
  });

  it('need a reason of 1 to 500 characters', () => {
    expect(reasonSchema.safeParse('x'.repeat(500)).success).toBe(true);
    expect(reasonSchema.safeParse('x'.repeat(501)).success).toBe(false);
    expect(reasonSchema.safeParse('   ').success).toBe(false);
  });
});
