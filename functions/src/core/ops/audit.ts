import { z } from 'zod';

/** Why an operator acts: required, so every audit row says it; long enough for a ticket link and a sentence. */
export const reasonSchema = z
  .string()
  .trim()
  .min(1, 'must say why (it goes into the audit row)')
  .max(500, 'must be at most 500 characters');

export const auditActionSchema = z.enum([
  'banPlayer',
  'unbanPlayer',
  'pauseMode',
  'resumeMode',
  'adjustRating',
  'voidRoom',
  'deleteAccount',
  'closeSeasonNow',
  'extendSeason',
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** A snapshot of what changed, as plain JSON (null: nothing there). */
const changeSchema = z.record(z.string(), z.unknown()).nullable();

/**
 * `audit/{id}`: one row per operator action, written in the transaction that made the change, so a change
 * without its row (or a row without its change) cannot exist. Only operators read it.
 */
export const auditRowSchema = z.object({
  id: z.string(),
  action: auditActionSchema,
  /** The uid of the operator (or, for a player deleting their own account, the player). */
  actor: z.string(),
  /** What was acted on: a player's uid, a room id, a mode or pool id, a `ladder/season`. */
  target: z.string(),
  reason: z.string(),
  before: changeSchema,
  after: changeSchema,
  at: z.number().int(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/** Firestore keeps no `undefined`: a snapshot goes through JSON so what is stored is what was meant. */
export const plain = (value: unknown): Record<string, unknown> | null =>
  value === null || value === undefined ? null : (JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
