import { randomUUID } from 'node:crypto';
import { plain, type AuditAction, type AuditRow } from '../core/ops/audit.js';
import { auditRef } from './firestore/refs.js';
import type { Tx } from './firestore/tx.js';

export interface AuditEntry {
  action: AuditAction;
  actor: string;
  target: string;
  reason: string;
  before: unknown;
  after: unknown;
}

/** Writes the action's audit row in the transaction making the change: both commit, or neither. */
export function audit(tx: Tx, entry: AuditEntry, nowMs: number): AuditRow {
  const row: AuditRow = {
    ...entry,
    id: randomUUID(),
    before: plain(entry.before),
    after: plain(entry.after),
    at: nowMs,
  };
  tx.create(auditRef(tx, row.id), row);
  return row;
}
