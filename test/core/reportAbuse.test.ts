import { describe, expect, it } from 'vitest';
import {
  contradictingReporters,
  flagAfterReport,
  reportAbuseConfigSchema,
} from '../../functions/src/core/fairplay/reportAbuse.js';
import type { Result, RoomDoc } from '../../functions/src/core/room/room.js';
import { pendingRoom } from './pendingRoom.js';

const withReports = (reports: Record<string, Result>, authoritative: string[] = []): RoomDoc => ({
  ...pendingRoom(),
  status: 'active',
  reports: Object.fromEntries(
    Object.entries(reports).map(([uid, result]) => [
      uid,
      { result, at: 1, authoritative: authoritative.includes(uid) },
    ]),
  ),
});
const A = { outcome: 'A' } as const;
const B = { outcome: 'B' } as const;

describe('reports that contradict the settled result', () => {
  it('are counted for the players who sent them, not for a game server, nor for a player who left', () => {
    const room = withReports({ a: A, b: B, c: A, d: B, server: A }, ['server']);
    expect(contradictingReporters(room, A).sort()).toEqual(['b', 'd']);
    expect(contradictingReporters({ ...room, forfeits: ['d'] }, A)).toEqual(['b']);
    expect(contradictingReporters(withReports({ a: A, c: A }), A)).toEqual([]);
  });

  it('compare free-for-all placements whatever order they were listed in', () => {
    const room = { ...withReports({ a: { placements: { a: 1, b: 2 } }, b: { placements: { b: 1, a: 2 } } }) };
    expect(contradictingReporters(room, { placements: { b: 2, a: 1 } })).toEqual(['b']);
  });

  it('flag a player once they reach the threshold, keeping when they were first flagged', () => {
    const config = reportAbuseConfigSchema.parse({});
    expect(config.flagAfter).toBe(5);
    expect(flagAfterReport('m', 4, 'r4', null, config, 10)).toBeNull();
    const first = flagAfterReport('m', 5, 'r5', null, config, 20);
    expect(first).toEqual({ uid: 'm', falseReports: 5, flaggedAt: 20, lastRoomId: 'r5', updatedAt: 20 });
    expect(flagAfterReport('m', 6, 'r6', first, config, 30)).toEqual({
      ...first,
      falseReports: 6,
      lastRoomId: 'r6',
      updatedAt: 30,
    });
  });
});
