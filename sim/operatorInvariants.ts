/**
 * What an operator's actions promise, checked over the whole database from the audit rows they wrote: a banned
 * player is in no room formed while a ban was in force (lifted bans included), and a paused pool forms no room
 * once its waiting tickets are released, until it is resumed.
 */
import { splitPoolId, type PoolId } from '../functions/src/core/mode/pool.js';
import type { AuditRow } from '../functions/src/core/ops/audit.js';
import type { RoomDoc } from '../functions/src/core/room/room.js';
import type { Snapshot } from './snapshot.js';

type Violation = (invariant: string, documents: string[], detail: string) => void;

/**
 * A pause's release of waiting tickets runs after the pause commits, twice, 3 s apart (store/pauses.ts); a
 * ticket waiting (or an enqueue in flight) until then may still be matched. Later, no room may form.
 */
export const RELEASE_GRACE_MS = 10_000;

interface Window {
  key: string;
  from: number;
  to: number;
}

/** Windows opened by one action and closed by another on the same target (or by `end`, or never). */
function windows(
  rows: readonly AuditRow[],
  open: AuditRow['action'],
  close: AuditRow['action'],
  end: (r: AuditRow) => number,
) {
  const found: Window[] = [];
  const current = new Map<string, Window>();
  for (const row of [...rows].sort((a, b) => a.at - b.at)) {
    if (row.action === open) {
      const window = { key: row.target, from: row.at, to: end(row) };
      current.set(row.target, window);
      found.push(window);
    } else if (row.action === close) {
      const window = current.get(row.target);
      if (window) window.to = Math.min(window.to, row.at);
      current.delete(row.target);
    }
  }
  return found;
}

const banEnd = (row: AuditRow) => (row.after?.ban as { until?: number | null } | undefined)?.until ?? Infinity;

const roomPath = (r: RoomDoc) => `rooms/${r.id}`;

/** Every ban that was in force at some time: the audit's (lifted ones included) and each state's current one. */
function banWindows(snapshot: Snapshot): Window[] {
  const audited = windows(snapshot.audit ?? [], 'banPlayer', 'unbanPlayer', banEnd);
  const current = snapshot.states.flatMap(({ uid, ban }) =>
    ban ? [{ key: uid, from: ban.at, to: ban.until ?? Infinity }] : [],
  );
  return [...audited, ...current];
}

export function checkBans(snapshot: Snapshot, violation: Violation) {
  const seen = new Set<string>();
  for (const { key: uid, from, to } of banWindows(snapshot)) {
    const during = snapshot.rooms.filter((r) => r.memberUids.includes(uid) && r.createdAt > from && r.createdAt < to);
    const id = `${uid}@${from}`;
    if (during.length && !seen.has(id)) {
      seen.add(id);
      violation(
        'a banned player is in no room formed during the ban',
        [`playerStates/${uid}`, ...during.map(roomPath)],
        `banned ${from}–${to === Infinity ? 'no expiry' : to}`,
      );
    }
  }
}

/** A pause of a mode covers its every pool; a pause of a regional pool, that pool. */
const covers = (target: string, pool: PoolId) => pool === target || splitPoolId(pool).modeId === target;

export function checkPauses(snapshot: Snapshot, violation: Violation) {
  for (const { key: target, from, to } of windows(snapshot.audit ?? [], 'pauseMode', 'resumeMode', () => Infinity)) {
    const formed = snapshot.rooms.filter(
      (r) => covers(target, r.mode) && r.createdAt > from + RELEASE_GRACE_MS && r.createdAt < to,
    );
    if (formed.length) {
      violation(
        'a paused pool forms no room while paused',
        [`modePauses/${target}`, ...formed.map(roomPath)],
        `paused ${from}–${to === Infinity ? 'still' : to}; rooms formed at ${formed.map((r) => r.createdAt).join(', ')}`,
      );
    }
  }
}
