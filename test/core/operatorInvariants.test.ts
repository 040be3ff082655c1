import { describe, expect, it } from 'vitest';
import type { AuditRow } from '../../functions/src/core/ops/audit.js';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import type { Snapshot } from '../../sim/snapshot.js';
import { checkBans, checkPauses, RELEASE_GRACE_MS } from '../../sim/operatorInvariants.js';

const T = 1_800_000_000_000;
const room = (id: string, mode: string, memberUids: string[], createdAt: number) =>
  ({ id, mode, memberUids, createdAt }) as RoomDoc;
const row = (action: AuditRow['action'], target: string, at: number, after: AuditRow['after'] = null): AuditRow => ({
  id: `${action}-${at}`,
  action,
  actor: 'op',
  target,
  reason: 'why',
  before: null,
  after,
  at,
});
const snapshot = (rooms: RoomDoc[], audit: AuditRow[]) =>
  ({
    rooms,
    audit,
    states: [],
    tickets: [],
    players: [],
    history: [],
    parties: [],
    archives: [],
    closes: [],
  }) as Snapshot;
const broken = (check: typeof checkBans, s: Snapshot) => {
  const found: string[][] = [];
  check(s, (_, documents) => found.push(documents));
  return found;
};

describe('what the checker learns from the audit', () => {
  it('holds a ban lifted since to its window: no room formed between the ban and its lifting', () => {
    const audit = [
      row('banPlayer', 'ann', T, { ban: { at: T, until: T + 86_400_000 } }),
      row('unbanPlayer', 'ann', T + 60_000),
    ];
    const rooms = [
      room('before', '1v1', ['ann', 'bob'], T - 1),
      room('during', '1v1', ['ann', 'bob'], T + 30_000),
      room('after', '1v1', ['ann', 'bob'], T + 90_000),
    ];
    // The state no longer holds the ban: only the audit row tells the checker it was in force.
    expect(broken(checkBans, snapshot(rooms, audit))).toEqual([['playerStates/ann', 'rooms/during']]);
    expect(
      broken(
        checkBans,
        snapshot(
          rooms.filter((r) => r.id !== 'during'),
          audit,
        ),
      ),
    ).toEqual([]);
  });

  it('holds a paused mode, and each of its regional pools, to forming no room past the release', () => {
    const audit = [row('pauseMode', 'regional', T), row('resumeMode', 'regional', T + 120_000)];
    const rooms = [
      room('released', 'regional@eu', ['a', 'b'], T + RELEASE_GRACE_MS - 1),
      room('paused', 'regional@us', ['c', 'd'], T + RELEASE_GRACE_MS + 1),
      room('other-mode', '1v1', ['e', 'f'], T + 30_000),
      room('resumed', 'regional@eu', ['g', 'h'], T + 120_001),
    ];
    expect(broken(checkPauses, snapshot(rooms, audit))).toEqual([['modePauses/regional', 'rooms/paused']]);
    // A pause of one regional pool holds that pool alone.
    const pool = [row('pauseMode', 'regional@eu', T)];
    expect(broken(checkPauses, snapshot(rooms, pool))).toEqual([['modePauses/regional@eu', 'rooms/resumed']]);
  });
});
