import { z } from 'zod';

/**
 * Dodging: declining a ready check, or letting one the client showed run out. Each dodge within the window
 * raises the cooldown one step; the count forgets one dodge per quiet `forgiveAfterSeconds`, so a player who
 * dodged once last week starts from the first step again.
 */
export const dodgingConfigSchema = z.strictObject({
  /** Cooldown after the 1st, 2nd, … dodge still remembered; past the last step the last one repeats. */
  cooldownStepsSeconds: z
    .array(z.number().int().min(0))
    .min(1)
    .refine((steps) => steps.every((s, i) => i === 0 || s >= steps[i - 1]!), 'steps may only grow')
    .default([60, 300, 900, 3600]),
  /** Without a dodge for this long, one remembered dodge is forgotten. */
  forgiveAfterSeconds: z.number().int().min(1).default(7200),
});
export type DodgingConfig = z.infer<typeof dodgingConfigSchema>;

/** A player's remembered dodges: how many, and when the last one was (kept in their private state). */
export const dodgeRecordSchema = z.object({ count: z.number().int().nonnegative(), lastAt: z.number().int() });
export type DodgeRecord = z.infer<typeof dodgeRecordSchema>;

/** Dodges still remembered at `nowMs`: one forgotten per whole quiet period since the last. */
export function rememberedDodges(record: DodgeRecord | null, config: DodgingConfig, nowMs: number): number {
  if (!record) return 0;
  const forgiven = Math.floor(Math.max(0, nowMs - record.lastAt) / (config.forgiveAfterSeconds * 1000));
  return Math.max(0, record.count - forgiven);
}

/** The cooldown the `n`th remembered dodge (1-based) costs. */
export function cooldownStepSeconds(n: number, config: DodgingConfig): number {
  const steps = config.cooldownStepsSeconds;
  return steps[Math.min(Math.max(n, 1), steps.length) - 1]!;
}

export interface DodgePenalty {
  record: DodgeRecord;
  cooldownUntil: number;
}

/** One more dodge: the record it leaves and the cooldown it costs, one step above the dodges still remembered. */
export function dodge(record: DodgeRecord | null, config: DodgingConfig, nowMs: number): DodgePenalty {
  const count = rememberedDodges(record, config, nowMs) + 1;
  return { record: { count, lastAt: nowMs }, cooldownUntil: nowMs + cooldownStepSeconds(count, config) * 1000 };
}

/** What the player is told: the dodge standing on their profile. */
export interface DodgeStanding {
  /** Dodges still remembered. */
  dodges: number;
  /** Until when they may not queue; null when free to. */
  cooldownUntil: number | null;
  /** What the next dodge would cost, in seconds. */
  nextCooldownSeconds: number;
}

export function dodgeStanding(
  record: DodgeRecord | null,
  cooldownUntil: number | null,
  config: DodgingConfig,
  nowMs: number,
): DodgeStanding {
  const dodges = rememberedDodges(record, config, nowMs);
  return {
    dodges,
    cooldownUntil: cooldownUntil !== null && cooldownUntil > nowMs ? cooldownUntil : null,
    nextCooldownSeconds: cooldownStepSeconds(dodges + 1, config),
  };
}

/** "45 s", "5 min", "1 h 30 min": a duration as a player reads it (rounded up). */
export function humanDuration(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const totalMinutes = Math.ceil(s / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}
