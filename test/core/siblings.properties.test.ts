import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PoolId } from '../../functions/src/core/mode/pool.js';
import { alsoInFor, endedAlike, followersInto } from '../../functions/src/core/queue/siblings.js';
import { matchedTicket, newTicket, stillQueued, type TicketDoc } from '../../functions/src/core/queue/ticket.js';
import { poolId } from '../support/ids.js';

// Queueings in one to three of three pools, and a random run of what can happen to them: a pool proposes some of
// its tickets for a room (as the matcher's sweep or an arrival would, from a view that may be stale), or a player
// cancels. Each step decides as the store's transaction does, from the documents as they are when it runs: a room
// forms only if every ticket is still queued and `followersInto` agrees, and then writes its tickets and their
// followers; a cancel ends the ticket and, alike, its siblings.
const POOLS = ['a', 'b', 'c'].map(poolId);

type Step = { kind: 'room'; pool: number; picks: number[] } | { kind: 'cancel'; ticket: number };

const world = fc.record({
  queueings: fc.array(fc.subarray([0, 1, 2], { minLength: 1 }), { minLength: 2, maxLength: 8 }),
  steps: fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('room' as const),
        pool: fc.nat(2),
        picks: fc.array(fc.nat(7), { minLength: 1, maxLength: 3 }),
      }),
      fc.record({ kind: fc.constant('cancel' as const), ticket: fc.nat(7) }),
    ),
    { maxLength: 12 },
  ),
});

function play(queueings: number[][], steps: Step[]) {
  const docs = new Map<string, TicketDoc>();
  const at = (pool: PoolId, id: string) => docs.get(`${pool}/${id}`);
  const write = (t: TicketDoc) => docs.set(`${t.mode}/${t.id}`, t);
  queueings.forEach((pools, i) => {
    const inPools = pools.map((p) => POOLS[p]!);
    for (const pool of inPools) {
      const members = [{ uid: `u${i}`, rating: 1500 }];
      const fields = { id: `t${i}`, mode: pool, members, names: {}, ranks: {}, score: 1500, partyId: null };
      const rest = { ownerUid: `u${i}`, enqueuedAt: 0, ttlSeconds: 60, avoid: [], rtts: null };
      write(newTicket({ ...fields, ...rest, alsoIn: alsoInFor(inPools, pool) }, 0));
    }
  });
  const siblingsOf = (t: TicketDoc) => t.alsoIn.map((p) => at(p, t.id));
  const rooms: { id: string; tickets: string[] }[] = [];
  steps.forEach((step, n) => {
    if (step.kind === 'cancel') {
      const id = `t${step.ticket % queueings.length}`;
      const pointed = POOLS.map((p) => at(p, id)).find((t) => t?.status === 'queued');
      if (!pointed) return;
      write({ ...pointed, status: 'cancelled', endedAt: n, endReason: 'cancelled' });
      for (const s of endedAlike(
        siblingsOf(pointed).filter((s) => s !== undefined),
        'cancelled',
        'cancelled',
        n,
      ))
        write(s);
      return;
    }
    const pool = POOLS[step.pool]!;
    const ids = [...new Set(step.picks.map((p) => `t${p % queueings.length}`))];
    const read = ids.map((id) => at(pool, id));
    if (read.some((t) => t === undefined)) return; // not a ticket of this pool: no proposal names it
    const queued = stillQueued(read);
    if (!queued) return;
    const roomId = `r${n}`;
    const followers = followersInto(queued, new Map(queued.map((t) => [t.id, siblingsOf(t)])), roomId, pool, n);
    if (!followers) return;
    for (const t of queued) write(matchedTicket(t, roomId, n));
    for (const f of followers) write(f);
    rooms.push({ id: roomId, tickets: queued.map((t) => t.id) });
  });
  return { docs: [...docs.values()], rooms };
}

describe('a queueing in several pools', () => {
  it('is seated in at most one room, and its tickets always agree on where it is', () => {
    fc.assert(
      fc.property(world, ({ queueings, steps }) => {
        const { docs, rooms } = play(queueings, steps as Step[]);
        const seatings = rooms.flatMap((r) => r.tickets);
        expect(new Set(seatings).size).toBe(seatings.length);
        const byId = new Map<string, TicketDoc[]>();
        for (const t of docs) byId.set(t.id, [...(byId.get(t.id) ?? []), t]);
        for (const group of byId.values()) {
          const [first] = group;
          for (const t of group) expect([t.status, t.roomId]).toEqual([first!.status, first!.roomId]);
          if (first!.status === 'matched')
            expect(rooms.find((r) => r.id === first!.roomId)?.tickets).toContain(first!.id);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('does not seat a queueing another pool already seated, even from a view that still shows it queued', () => {
    const { docs, rooms } = play(
      [
        [0, 1],
        [0, 1],
      ],
      [
        { kind: 'room', pool: 1, picks: [0, 1] },
        { kind: 'room', pool: 0, picks: [0, 1] },
      ],
    );
    expect(rooms).toEqual([{ id: 'r0', tickets: ['t0', 't1'] }]);
    expect(docs.map((t) => [t.mode, t.status, t.roomId])).toEqual([
      ['a', 'matched', 'r0'],
      ['b', 'matched', 'r0'],
      ['a', 'matched', 'r0'],
      ['b', 'matched', 'r0'],
    ]);
  });
});
