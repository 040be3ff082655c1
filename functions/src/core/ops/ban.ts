import { z } from 'zod';
import { fail } from '../errors.js';

/** A ban on a player's private state: from when, until when (null: until lifted), why and by whom. */
export const banSchema = z.object({
  at: z.number().int(),
  until: z.number().int().nullable(),
  reason: z.string(),
  by: z.string(),
});
export type Ban = z.infer<typeof banSchema>;

/** Longest timed ban: ten years; past that, ban with no expiry. */
export const MAX_BAN_HOURS = 87_600;

export function newBan(by: string, reason: string, hours: number | null, nowMs: number): Ban {
  return { at: nowMs, until: hours === null ? null : nowMs + hours * 3_600_000, reason, by };
}

/** A ban in force now. Expiry is judged as it is read: an expired ban needs no job to lift it. */
export const activeBan = <B extends Pick<Ban, 'until'>>(ban: B | null | undefined, nowMs: number): B | null =>
  ban && (ban.until === null || ban.until > nowMs) ? ban : null;

/** "until 2026-12-01T10:00:00.000Z" or "with no expiry". */
export const banExpiry = (ban: Pick<Ban, 'until'>) =>
  ban.until === null ? 'with no expiry' : `until ${new Date(ban.until).toISOString()}`;

/**
 * Refuses what a banned player tries (`doing`: "queue", "join a party", …). `who` names another player when
 * it is their ban that stops the caller (a party member's, say). The refusal names the expiry and the reason.
 */
export function assertNotBanned(
  ban: Pick<Ban, 'until' | 'reason'> | null | undefined,
  doing: string,
  nowMs: number,
  who?: string,
): void {
  const active = activeBan(ban, nowMs);
  if (!active) return;
  const subject = who ? `${who} is banned` : 'You are banned';
  fail('permission-denied', `${subject} ${banExpiry(active)} (${active.reason}): cannot ${doing}.`, {
    bannedUntil: active.until,
  });
}

/**
 * A ban is replaced only when the operator says so (`replace`): a second ban that silently took the place of the
 * first could shorten a ban with no expiry to hours. The refusal names the ban in force, to decide on.
 */
export function assertReplaceable(
  current: Ban | null | undefined,
  replace: boolean,
  uid: string,
  nowMs: number,
): Ban | null {
  const active = activeBan(current, nowMs);
  if (!active || replace) return active;
  fail(
    'failed-precondition',
    `replace: player "${uid}" is already banned ${banExpiry(active)} (${active.reason}; by ${active.by} at ${new Date(active.at).toISOString()}); send replace: true to replace that ban.`,
    { currentBan: active },
  );
}

/** The ban in force an unban lifts; a player with none (never banned, lifted, or expired) is refused. */
export function requireActiveBan<B extends Pick<Ban, 'until'>>(
  ban: B | null | undefined,
  uid: string,
  nowMs: number,
): B {
  const active = activeBan(ban, nowMs);
  if (!active) fail('failed-precondition', `uid: player "${uid}" is not banned (never, lifted, or expired).`);
  return active;
}
