import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cooldownStepSeconds,
  dodge,
  dodgeStanding,
  dodgingConfigSchema,
  humanDuration,
  rememberedDodges,
  type DodgeRecord,
} from '../../functions/src/core/fairplay/dodging.js';

const config = dodgingConfigSchema.parse({});
const HOUR = 3_600_000;

/** A player's dodges at the given times, in order: the record and cooldown after each. */
function dodgesAt(times: number[]) {
  let record: DodgeRecord | null = null;
  return times.map((t) => {
    const penalty = dodge(record, config, t);
    record = penalty.record;
    return penalty;
  });
}

describe('escalating dodge penalties', () => {
  it('defaults to 1 min, 5 min, 15 min, then 1 h for every further dodge, forgetting one per 2 quiet hours', () => {
    expect(config).toEqual({ cooldownStepsSeconds: [60, 300, 900, 3600], forgiveAfterSeconds: 7200 });
    const cooldowns = dodgesAt([0, 1_000, 2_000, 3_000, 4_000]).map((p, i) => (p.cooldownUntil - i * 1_000) / 1000);
    expect(cooldowns).toEqual([60, 300, 900, 3600, 3600]);
  });

  it('never shortens the cooldown while dodges come closer together than the forgiveness period', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: config.forgiveAfterSeconds * 1000 - 1 }), { maxLength: 12 }),
        (gaps) => {
          let t = 0;
          const times = gaps.map((gap) => (t += gap));
          const lengths = dodgesAt(times).map((p, i) => p.cooldownUntil - times[i]!);
          for (let i = 1; i < lengths.length; i++) expect(lengths[i]).toBeGreaterThanOrEqual(lengths[i - 1]!);
          lengths.forEach((l) => {
            expect(l).toBeGreaterThanOrEqual(60_000);
            expect(l).toBeLessThanOrEqual(3_600_000);
          });
        },
      ),
    );
  });

  it('forgets one dodge per quiet period, back to the first step after enough quiet', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 0, max: 30 * HOUR }), (count, quiet) => {
        const record = { count, lastAt: 0 };
        const remembered = rememberedDodges(record, config, quiet);
        expect(remembered).toBe(Math.max(0, count - Math.floor(quiet / (2 * HOUR))));
        const next = dodge(record, config, quiet);
        expect(next.record).toEqual({ count: remembered + 1, lastAt: quiet });
        expect(next.cooldownUntil - quiet).toBe(cooldownStepSeconds(remembered + 1, config) * 1000);
      }),
    );
    expect(dodge({ count: 4, lastAt: 0 }, config, 8 * HOUR).cooldownUntil - 8 * HOUR).toBe(60_000);
  });

  it('shows the standing: dodges remembered, the cooldown only while it runs, and what the next dodge costs', () => {
    expect(dodgeStanding(null, null, config, 0)).toEqual({ dodges: 0, cooldownUntil: null, nextCooldownSeconds: 60 });
    expect(dodgeStanding({ count: 2, lastAt: 0 }, 300_000, config, 1_000)).toEqual({
      dodges: 2,
      cooldownUntil: 300_000,
      nextCooldownSeconds: 900,
    });
    expect(dodgeStanding({ count: 2, lastAt: 0 }, 300_000, config, 300_000).cooldownUntil).toBeNull();
  });

  it('refuses steps that shrink, and unknown keys', () => {
    expect(dodgingConfigSchema.safeParse({ cooldownStepsSeconds: [300, 60] }).success).toBe(false);
    expect(dodgingConfigSchema.safeParse({ cooldownStepsSeconds: [] }).success).toBe(false);
    expect(dodgingConfigSchema.safeParse({ cooldown: 60 }).success).toBe(false);
  });

  it('writes durations as a player reads them, rounded up', () => {
    expect([0, 45, 60, 61, 299, 3599, 3600, 3601, 5400].map(humanDuration)).toEqual([
      '0 s',
      '45 s',
      '1 min',
      '2 min',
      '5 min',
      '1 h',
      '1 h',
      '1 h 1 min',
      '1 h 30 min',
    ]);
  });
});
