import { describe, expect, it } from 'vitest';
import type { RoomDoc } from '../../functions/src/core/room/room.js';
import type { TicketDoc } from '../../functions/src/core/queue/ticket.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { blockPlayer } from '../../functions/src/store/blocks.js';
import { enqueue, heartbeat } from '../../functions/src/store/queue.js';
import { forfeit, leaveIfSilent } from '../../functions/src/store/leaving.js';
import { reportResult } from '../../functions/src/store/settlement.js';
import { respondToReadyCheck } from '../../functions/src/store/rooms.js';
import { readHistory } from '../../functions/src/store/history.js';
import { settlePlacements } from '../../functions/src/core/rating/system.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { costOf } from '../support/cost.js';
import { db } from '../support/admin.js';
import { handClock } from '../support/clock.js';
import { useTestConfig } from '../support/config.js';
import { testContext } from '../support/context.js';
import { driveMatcher } from '../support/drive.js';
import { poolId } from '../support/ids.js';

// Free-for-alls of 3 to 4 that take late joiners for a minute after they start, one mode per test (their pools
// and rooms stay apart); `rated` rates late joiners' games, `checked` starts with a ready check.
const CONFIG = useTestConfig('backfill', (config) => {
  const ffa = config.modes.ffa;
  const backfilled = { ...ffa, format: { ...ffa.format, backfill: { windowSeconds: 60 } }, reportTimeoutSeconds: 600 };
  for (const m of [
    'arrive',
    'leave',
    'closed',
    'reported',
    'race',
    'blocked',
    'unrated',
    'stale',
    'costNone',
    'costJoin',
  ])
    config.modes[m] = { ...backfilled, ladder: 'team' };
  config.modes.rated = {
    ...backfilled,
    format: { ...backfilled.format, backfill: { windowSeconds: 60, rated: true } },
  };
  config.modes.checked = { ...backfilled, readyCheck: { timeoutSeconds: 10 } };
  config.modes.silent = { ...backfilled, leaveAfterSilentSeconds: 10 };
});
const clock = handClock(Date.now());
const ctx = testContext(CONFIG, { clock });
const { config, poolOf } = ctx;

async function queue(uid: string, mode: string) {
  await ensurePlayer(ctx, uid);
  clock.advance(10);
  return enqueue(ctx, uid, poolOf(poolId(mode)));
}

/** Three players queue in `mode` and the matcher starts their game, below the mode's four. */
async function startedBelowMax(mode: string): Promise<RoomDoc> {
  for (const uid of ['a', 'b', 'c']) await queue(`${mode}-${uid}`, mode);
  clock.advance(2_100);
  await driveMatcher(ctx, clock, { forMs: 0 });
  const rooms = await db.collection('rooms').where('mode', '==', mode).get();
  expect(rooms.size).toBe(1);
  return rooms.docs[0]!.data() as RoomDoc;
}

const roomNow = async (id: string) => (await db.doc(`rooms/${id}`).get()).data() as RoomDoc;
const ticketIn = async (mode: string, id: string) =>
  (await db.doc(`pools/${mode}/tickets/${id}`).get()).data() as TicketDoc;
const expectInvariants = async () => expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);

describe('joining a free-for-all in progress', () => {
  it('seats a player queueing on arrival in a game that started below its maximum, and says they joined late', async () => {
    const room = await startedBelowMax('arrive');
    expect(room).toMatchObject({ status: 'active', late: {}, openUntil: room.createdAt + 60_000 });
    const late = await queue('arrive-d', 'arrive');
    expect(late.room?.id).toBe(room.id);
    expect(late.ticket).toMatchObject({ status: 'matched', roomId: room.id });
    const now = await roomNow(room.id);
    expect(now.memberUids.at(-1)).toBe('arrive-d');
    expect([...now.memberUids].sort()).toEqual(['arrive-a', 'arrive-b', 'arrive-c', 'arrive-d']);
    expect(now.late).toEqual({ 'arrive-d': expect.any(Number) });
    // The answer's ticket is the one written: matched as the game took it.
    expect(late.ticket.endedAt).toBe(now.late['arrive-d']);
    // Full now: the next player waits for a game of their own.
    expect(now.openUntil).toBeNull();
    expect((await queue('arrive-e', 'arrive')).room).toBeNull();
    await expectInvariants();
  });

  it('opens the seat of a player who left, and the sweep fills it from the queue', async () => {
    const room = await startedBelowMax('leave');
    await queue('leave-d', 'leave');
    const waiting = await queue('leave-e', 'leave');
    expect(waiting.room).toBeNull();
    await forfeit(ctx, 'leave-b', room.id);
    expect((await roomNow(room.id)).openUntil).toBe(room.openUntil);
    const report = await driveMatcher(ctx, clock, { forMs: 0 });
    expect(report.lateJoiners).toBe(1);
    expect(await ticketIn('leave', waiting.ticket.id)).toMatchObject({ status: 'matched', roomId: room.id });
    expect(Object.keys((await roomNow(room.id)).late).sort()).toEqual(['leave-d', 'leave-e']);
    await expectInvariants();
  });

  it('takes nobody after its window', async () => {
    await startedBelowMax('closed');
    clock.advance(60_000);
    expect((await queue('closed-late', 'closed')).room).toBeNull();
    await expectInvariants();
  });

  it('takes nobody once a result is reported: the game is over', async () => {
    const room = await startedBelowMax('reported');
    const placements = { 'reported-a': 1, 'reported-b': 2, 'reported-c': 3 };
    await reportResult(ctx, { uid: 'reported-a', authoritative: false }, room.id, { placements });
    expect((await roomNow(room.id)).openUntil).toBeNull();
    expect((await queue('reported-late', 'reported')).room).toBeNull();
    await expectInvariants();
  });

  it('gives the last seat to one of two players queueing at the same moment; the other waits', async () => {
    const room = await startedBelowMax('race');
    for (const uid of ['race-d', 'race-e']) await ensurePlayer(ctx, uid);
    const both = await Promise.all(['race-d', 'race-e'].map((uid) => enqueue(ctx, uid, poolOf(poolId('race')))));
    expect(both.filter((q) => q.room?.id === room.id)).toHaveLength(1);
    expect(both.filter((q) => q.room === null && q.ticket.status === 'queued')).toHaveLength(1);
    expect((await roomNow(room.id)).memberUids).toHaveLength(4);
    await expectInvariants();
  });

  it('never seats a player with someone who blocked them', async () => {
    const room = await startedBelowMax('blocked');
    await ensurePlayer(ctx, 'blocked-d');
    await blockPlayer(ctx, 'blocked-a', 'blocked-d');
    expect((await queue('blocked-d', 'blocked')).room).toBeNull();
    await driveMatcher(ctx, clock, { forMs: 0 });
    expect((await roomNow(room.id)).memberUids).toHaveLength(3);
    await expectInvariants();
  });

  it("plays a late joiner's game unrated by default, rating the others among those who started", async () => {
    const room = await startedBelowMax('unrated');
    await queue('unrated-d', 'unrated');
    const placements = { 'unrated-d': 1, 'unrated-a': 2, 'unrated-b': 3, 'unrated-c': 4 };
    const settled = (await reportResult(ctx, { uid: 'server', authoritative: true }, room.id, { placements })).room;
    expect(settled.ratingChanges?.['unrated-d']).toMatchObject({ delta: 0, outcome: 'win' });
    const starters = settlePlacements(
      {
        players: ['unrated-a', 'unrated-b', 'unrated-c'].map((uid, i) => ({
          uid,
          rating: 1500,
          gamesPlayed: 0,
          placement: i + 2,
        })),
      },
      config.ladders.team!,
    );
    for (const u of starters) expect(settled.ratingChanges?.[u.uid]?.delta).toBe(u.delta);
    const [row] = await readHistory(ctx, 'unrated-d');
    expect(row).toMatchObject({ roomId: room.id, delta: 0, unrated: 'joined the game in progress' });
    await expectInvariants();
  });

  it('rates late joiners where the mode says so', async () => {
    const room = await startedBelowMax('rated');
    await queue('rated-d', 'rated');
    const placements = { 'rated-d': 1, 'rated-a': 2, 'rated-b': 3, 'rated-c': 4 };
    const settled = (await reportResult(ctx, { uid: 'server', authoritative: true }, room.id, { placements })).room;
    expect(settled.ratingChanges?.['rated-d']?.delta).toBeGreaterThan(0);
    await expectInvariants();
  });

  it('refuses a report that leaves out a player who joined since, as a changed room, not bad input', async () => {
    const room = await startedBelowMax('stale');
    await queue('stale-d', 'stale');
    const seenBefore = { 'stale-a': 1, 'stale-b': 2, 'stale-c': 3 };
    await expect(
      reportResult(ctx, { uid: 'stale-a', authoritative: false }, room.id, { placements: seenBefore }),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringMatching(/joined the game in progress: placements must name them/),
    });
    expect((await roomNow(room.id)).reports).toEqual({});
  });

  it("counts a late joiner's silence from when they joined, not from the start of the game", async () => {
    const room = await startedBelowMax('silent');
    clock.advance(40_000);
    // The three who started beat; the fourth joins 40 s in, with 10 s of silence and 15 s of grace allowed.
    for (const uid of room.memberUids) await heartbeat(ctx, uid);
    await queue('silent-d', 'silent');
    clock.advance(1_000);
    expect((await leaveIfSilent(ctx, room.id)).left).toEqual([]);
    clock.advance(25_000);
    expect((await leaveIfSilent(ctx, room.id)).left).toContain('silent-d');
    await expectInvariants();
  });

  it('opens a room with a ready check once everyone accepted, and a late joiner skips the check', async () => {
    const pending = await startedBelowMax('checked');
    expect(pending).toMatchObject({ status: 'pending', openUntil: null });
    expect((await queue('checked-early', 'checked')).room).toBeNull();
    for (const uid of pending.memberUids) await respondToReadyCheck(ctx, uid, pending.id, true);
    const started = await roomNow(pending.id);
    expect(started).toMatchObject({ status: 'active', openUntil: clock.now() + 60_000 });
    // The player who queued while the check was open is seated by the next sweep, straight into play.
    await driveMatcher(ctx, clock, { forMs: 0 });
    expect((await roomNow(pending.id)).memberUids).toContain('checked-early');
    await expectInvariants();
  });

  it('costs a queueing the open rooms query when none fits, and the room and its players when it joins one', async () => {
    for (const uid of ['cost-plain', 'cost-none', 'cost-join']) await ensurePlayer(ctx, uid);
    // The same queueing into an empty pool of a mode without backfill, and of one with it and no game in progress.
    const plain = await costOf(() => enqueue(ctx, 'cost-plain', poolOf(poolId('ffa'))));
    const none = await costOf(() => enqueue(ctx, 'cost-none', poolOf(poolId('costNone'))));
    expect(none.writes).toBe(plain.writes);
    // A query that finds nothing is billed one read.
    expect(none.reads - plain.reads).toBe(1);
    await startedBelowMax('costJoin');
    const join = await costOf(() => enqueue(ctx, 'cost-join', poolOf(poolId('costJoin'))));
    // The open room found, read again in the transaction with its three players' states; the room written besides
    // the ticket (created matched) and the state.
    expect(join.reads - plain.reads).toBe(1 + 1 + 3);
    expect(join.writes - plain.writes).toBe(1);
  });
});
