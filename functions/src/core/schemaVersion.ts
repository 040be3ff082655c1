import { Failure } from './errors.js';

/**
 * How one kind of long-lived document changed across releases: `current` is the version this release writes,
 * and `migrations[i]` turns a version i + 1 document into version i + 2. A document without `schemaVersion` is
 * version 1, as release 0.1 wrote it. A partial update leaves the version as it was, so a migration must accept
 * a document already partly in the newer shape.
 */
export interface DocumentHistory {
  kind: string;
  current: number;
  migrations: ((doc: Record<string, unknown>) => Record<string, unknown>)[];
}

export const SCHEMA_VERSION = 'schemaVersion';

/**
 * A stored document in this release's shape, without its version field. One written by a newer release is
 * refused rather than misread: a rollback past a schema change must be a roll forward.
 */
export function upgradeDocument(raw: Record<string, unknown>, history: DocumentHistory): Record<string, unknown> {
  const { [SCHEMA_VERSION]: stored, ...doc } = raw;
  const from = typeof stored === 'number' ? stored : 1;
  if (from > history.current) {
    throw new Failure(
      'failed-precondition',
      `A ${history.kind} document has schema version ${from}, newer than this release reads (${history.current}): deploy the newer release again.`,
    );
  }
  return history.migrations.slice(from - 1, history.current - 1).reduce((d, migrate) => migrate(d), doc);
}

// The documents that outlive a release (a player's profile, state, games and seasons). Version 1 is 0.1.
export const playerHistory: DocumentHistory = { kind: 'players', current: 1, migrations: [] };
export const playerStateHistory: DocumentHistory = { kind: 'playerStates', current: 1, migrations: [] };
export const historyRowHistory: DocumentHistory = { kind: 'players/history', current: 1, migrations: [] };
export const seasonArchiveHistory: DocumentHistory = { kind: 'players/seasons', current: 1, migrations: [] };
