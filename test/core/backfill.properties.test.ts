import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clash } from '../../functions/src/core/fairplay/avoidance.js';
import { NO_FARMING_RULES } from '../../functions/src/core/fairplay/rematchWindow.js';
import { openSeats, withOpening } from '../../functions/src/core/mode/backfill.js';
import { defaultModes, modeSchema } from '../../functions/src/core/mode/modes.js';
import { capAt } from '../../functions/src/core/match/widening.js';
import { newTicket, type TicketDoc } from '../../functions/src/core/queue/ticket.js';
import { fitsLate, planBackfill, seatLate, type OpenRoom } from '../../functions/src/core/room/backfill.js';
import { roomTickets, type RoomDoc } from '../../functions/src/core/room/room.js';
import { recordReport } from '../../functions/src/core/room/results.js';
import { forfeitRoom } from '../../functions/src/core/fairplay/leaving.js';
import { poolId } from '../support/ids.js';
import { pendingRoom } from './pendingRoom.js';

// Free-for-alls in play, some started below their maximum and some left by players, and tickets of one to three
// players queued at random scores and times, some blocking a player already in a room. The sweep's plan is made
// without the rooms' guards (as the matcher makes it) and committed room by room with them (as the store does).
const NOW = 100_000;
const mode = (maxPlayers: number) =>
  modeSchema.parse({
    ...defaultModes.ffa,
    format: { kind: 'ffa', minPlayers: 2, maxPlayers, fillWaitSeconds: 5, backfill: { windowSeconds: 60 } },
    spreadCap: {
      hard: 400,
      schedule: [
        { afterSeconds: 0, value: 100 },
        { afterSeconds: 20, value: 300 },
      ],
    },
    readyCheck: null,
  });

function room(id: string, scores: number[], left: number, maxPlayers: number, until: number): RoomDoc {
  const uids = scores.map((_, i) => `${id}-p${i}`);
  const base = pendingRoom();
  const started: RoomDoc = {
    ...base,
    id,
    mode: poolId('ffa'),
    kind: 'ffa',
    status: 'active',
    readyCheck: null,
    sides: [
      {
        tickets: uids.map((uid, i) => ({
          ticketId: `t-${uid}`,
          partyId: null,
          ownerUid: uid,
          score: scores[i]!,
          enqueuedAt: 0,
          members: [{ uid, rating: scores[i]! }],
        })),
      },
    ],
    memberUids: uids,
    backfill: { until, rated: false, maxPlayers },
  };
  return withOpening({ ...started, forfeits: uids.slice(0, left) });
}

const world = fc
  .record({
    maxPlayers: fc.integer({ min: 3, max: 8 }),
    rooms: fc.array(
      fc.record({
        scores: fc.array(fc.integer({ min: 1300, max: 1700 }), { minLength: 2, maxLength: 8 }),
        left: fc.nat(3),
        closesIn: fc.integer({ min: -10_000, max: 60_000 }),
        blockedBy: fc.option(fc.nat(7)),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    tickets: fc.array(
      fc.record({
        size: fc.integer({ min: 1, max: 3 }),
        score: fc.integer({ min: 1200, max: 1800 }),
        waited: fc.integer({ min: 0, max: 40_000 }),
        blocks: fc.option(fc.record({ room: fc.nat(2), player: fc.nat(7) })),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ maxPlayers, rooms, tickets }) => {
    const made = rooms.map((r, i) =>
      room(`r${i}`, r.scores.slice(0, maxPlayers), Math.min(r.left, 1), maxPlayers, NOW + r.closesIn),
    );
    const queued = tickets.map((t, i) => {
      const members = Array.from({ length: t.size }, (_, m) => ({ uid: `q${i}-${m}`, rating: t.score }));
      const target = t.blocks && made[t.blocks.room % made.length]!.memberUids;
      const avoid = target ? [target[t.blocks!.player % target.length]!] : [];
      const fields = { id: `q${i}`, mode: poolId('ffa'), members, names: {}, ranks: {}, score: t.score, partyId: null };
      const rest = { ownerUid: members[0]!.uid, enqueuedAt: NOW - t.waited, ttlSeconds: 60, avoid, rtts: null };
      return newTicket({ ...fields, ...rest }, NOW - t.waited);
    });
    // A player of a room may block a queued player: that room's guard keeps them out.
    const guards = rooms.map((r) => {
      const victim = r.blockedBy === null ? undefined : queued[r.blockedBy % Math.max(1, queued.length)];
      return { avoid: victim ? [victim.members[0]!.uid] : [], recent: [] };
    });
    return { mode: mode(maxPlayers), rooms: made, guards, queued };
  });

/** Plans as the sweep does and commits each room's share as the store does; returns the rooms as committed. */
function sweepAndCommit(w: {
  mode: ReturnType<typeof mode>;
  rooms: RoomDoc[];
  guards: OpenRoom['guard'][];
  queued: TicketDoc[];
}) {
  const unguarded = w.rooms.map((r) => ({ room: r, guard: { avoid: [], recent: [] } }));
  const plan = planBackfill(unguarded, w.queued, w.mode, NO_FARMING_RULES, NOW);
  const byId = new Map(w.queued.map((t) => [t.id, t]));
  const committed = w.rooms.map((r, i) => {
    const ids = plan.get(r.id) ?? [];
    return seatLate(
      { room: r, guard: w.guards[i]! },
      ids.map((id) => byId.get(id)!),
      w.mode,
      NO_FARMING_RULES,
      NOW,
    );
  });
  return { plan, committed };
}

describe('joining a free-for-all in progress', () => {
  it('never plans a ticket twice, nor seats one in a room without a seat for its whole party or past its window', () => {
    fc.assert(
      fc.property(world, (w) => {
        const { plan, committed } = sweepAndCommit(w);
        const planned = [...plan.values()].flat();
        expect(new Set(planned).size).toBe(planned.length);
        committed.forEach(({ room, seated }, i) => {
          const before = w.rooms[i]!;
          if (seated.length) expect(before.backfill!.until).toBeGreaterThan(NOW);
          expect(room.memberUids.length - room.forfeits.length).toBeLessThanOrEqual(before.backfill!.maxPlayers);
          expect(Object.keys(room.late).sort()).toEqual(seated.flatMap((t) => t.memberUids).sort());
          expect(room.openUntil).toBe(openSeats(room) > 0 ? before.backfill!.until : null);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('seats nobody beside a player either of them keeps away, nor past the spread the wait allows', () => {
    fc.assert(
      fc.property(world, (w) => {
        const { committed } = sweepAndCommit(w);
        committed.forEach(({ room, seated }, i) => {
          const before = w.rooms[i]!;
          const avoid = [...w.guards[i]!.avoid, ...seated.flatMap((t) => t.avoid)];
          for (const t of seated) {
            const others = roomTickets(room).flatMap((rt) => (rt.ticketId === t.id ? [] : rt.members));
            expect(clash(t, { members: others, avoid })).toBe(false);
          }
          let scores = roomTickets(before).map((t) => t.score);
          for (const t of seated) {
            const spread = (s: number[]) => Math.max(...s) - Math.min(...s);
            const allowed = Math.max(capAt(w.mode.spreadCap, (NOW - t.enqueuedAt) / 1000), spread(scores));
            expect(spread([...scores, t.score])).toBeLessThanOrEqual(allowed);
            scores = [...scores, t.score];
          }
        });
      }),
      { numRuns: 500 },
    );
  });

  it('leaves no ticket waiting while a room it fits as the sweep starts takes nobody', () => {
    fc.assert(
      fc.property(world, (w) => {
        const { plan } = sweepAndCommit(w);
        const planned = new Set([...plan.values()].flat());
        for (const t of w.queued.filter((q) => !planned.has(q.id))) {
          for (const r of w.rooms) {
            const fits = fitsLate({ room: r, guard: { avoid: [], recent: [] } }, t, w.mode, NO_FARMING_RULES, NOW);
            if (fits) expect(plan.get(r.id)?.length ?? 0).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('closes a room to late joiners at its first report, and opens a seat when a player leaves', () => {
    const full = room('full', [1500, 1500, 1500], 0, 3, NOW + 60_000);
    expect(full.openUntil).toBeNull();
    const left = forfeitRoom(full, 'full-p1', NOW);
    expect(left.openUntil).toBe(NOW + 60_000);
    const reported = recordReport(
      left,
      { uid: 'full-p0', authoritative: false },
      { placements: { 'full-p0': 1, 'full-p1': 3, 'full-p2': 2 } },
      NOW,
    );
    expect(reported.openUntil).toBeNull();
    expect(openSeats(reported)).toBe(0);
  });
});
