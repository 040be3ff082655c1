import { describe, expect, it } from 'vitest';
import { sweepPool } from '../../functions/src/core/match/index.js';
import { toCoreTicket, type TicketDoc } from '../../functions/src/core/queue/ticket.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { blockPlayer } from '../../functions/src/store/blocks.js';
import { cancelTicket, enqueue, heartbeat } from '../../functions/src/store/queue.js';
import { commitMatch, respondToReadyCheck } from '../../functions/src/store/rooms.js';
import { playerStateRef } from '../../functions/src/store/firestore/refs.js';
import { costOf } from '../support/cost.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { db } from '../support/admin.js';
import { handClock } from '../support/clock.js';
import { useTestConfig } from '../support/config.js';
import { testContext } from '../support/context.js';
import { driveMatcher } from '../support/drive.js';
import { poolId } from '../support/ids.js';

// Duels (a 60 s time-to-live), 2v2s, two free-for-alls that wait 2 s to fill, and duels with a ready check whose
// time-to-live is 20 s: a player may wait in several at once.
const CONFIG = useTestConfig('several-modes', (config) => {
  config.modes.duel.ticketTtlSeconds = 60;
  config.modes.ffa2 = { ...config.modes.ffa };
  config.modes.checked = { ...config.modes.duel, ticketTtlSeconds: 20, readyCheck: { timeoutSeconds: 10 } };
});
const clock = handClock(Date.now());
const ctx = testContext(CONFIG, { clock });
const { config, poolOf } = ctx;

/** Queues a player (made on first use) for these modes at once; the first is where the state points. */
async function queue(uid: string, ...modes: string[]) {
  await ensurePlayer(ctx, uid);
  clock.advance(10);
  const [first, ...others] = modes.map((m) => poolOf(poolId(m)));
  return enqueue(ctx, uid, first!, { also: others.map((pool) => ({ pool, rtts: null, choices: {} })) });
}

const ticketIn = async (mode: string, id: string) =>
  (await db.doc(`pools/${mode}/tickets/${id}`).get()).data() as TicketDoc | undefined;
const queuedIn = async (mode: string) =>
  (await db.collection(`pools/${mode}/tickets`).where('status', '==', 'queued').get()).docs.map(
    (d) => d.data() as TicketDoc,
  );
const expectInvariants = async () => expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);

describe('queueing for several modes at once', () => {
  it('waits in every mode named; the first match seats the player and every other ticket follows into that room', async () => {
    const { ticket, room } = await queue('sev-ann', '2v2', 'duel');
    expect(room).toBeNull();
    expect(ticket.alsoIn).toEqual(['duel']);
    expect(await ticketIn('duel', ticket.id)).toMatchObject({ status: 'queued', alsoIn: ['2v2'] });
    // Bob queues for duels alone: he is matched with Ann at once, in her duel ticket's pool.
    const bob = await queue('sev-bob', 'duel');
    expect(bob.room?.memberUids.sort()).toEqual(['sev-ann', 'sev-bob']);
    expect(await ticketIn('duel', ticket.id)).toMatchObject({ status: 'matched', roomId: bob.room!.id });
    expect(await ticketIn('2v2', ticket.id)).toMatchObject({ status: 'matched', roomId: bob.room!.id });
    expect(await queuedIn('2v2')).toEqual([]);
    // Her state still names the 2v2 ticket, which leads to the duel room: she is in it, and cannot queue again.
    expect((await heartbeat(ctx, 'sev-ann')).presence).toEqual({ kind: 'inRoom', roomId: bob.room!.id, mode: 'duel' });
    await expect(queue('sev-ann', 'ffa')).rejects.toThrow(/live duel room/);
    await expectInvariants();
  });

  it('is seated once when two pools commit rooms holding it at the same moment', async () => {
    for (const uid of ['race-ann', 'race-bob', 'race-cat']) await queue(uid, 'ffa', 'ffa2');
    // Three players in 3–4 player free-for-alls form nothing on arrival; once the 2 s fill wait is over, each pool
    // proposes all three, and both proposals are committed at once.
    clock.advance(2_100);
    const proposalIn = async (mode: string) =>
      sweepPool(config.modes[mode]!, (await queuedIn(mode)).map(toCoreTicket), clock.now()).proposals[0]!;
    const [ffa, ffa2] = [await proposalIn('ffa'), await proposalIn('ffa2')];
    const rooms = await Promise.all([
      commitMatch(ctx, poolOf(poolId('ffa')), ffa),
      commitMatch(ctx, poolOf(poolId('ffa2')), ffa2),
    ]);
    expect(rooms.filter((r) => r !== null)).toHaveLength(1);
    const seated = rooms.find((r) => r !== null)!;
    for (const mode of ['ffa', 'ffa2']) {
      const tickets = (await db.collection(`pools/${mode}/tickets`).get()).docs.map((d) => d.data() as TicketDoc);
      expect(tickets.map((t) => [t.status, t.roomId])).toEqual(tickets.map(() => ['matched', seated.id]));
    }
    await expectInvariants();
  });

  it('is seated once by matcher runs sweeping both pools, whoever joins which', async () => {
    // Seven players: four waiting in both free-for-alls, three in one each. Nobody sits in two rooms, and the
    // tickets of each queueing end together.
    for (const uid of ['sw-a', 'sw-b', 'sw-c', 'sw-d']) await queue(uid, 'ffa', 'ffa2');
    await queue('sw-e', 'ffa');
    await queue('sw-f', 'ffa2');
    await queue('sw-g', 'ffa2', 'ffa');
    await driveMatcher(ctx, clock, { forMs: 3_000, stepMs: 300 });
    const seated = (await db.collection('rooms').get()).docs.flatMap((d) => d.data().memberUids as string[]);
    expect(seated.length).toBeGreaterThanOrEqual(3);
    expect(new Set(seated).size).toBe(seated.length);
    await expectInvariants();
  });

  it('cancels, beats and expires as one queueing', async () => {
    const { ticket } = await queue('life-ann', 'duel', 'checked');
    // Each ticket beats at the pace of the shorter time-to-live of the two.
    expect(ticket.ttlSeconds).toBe(20);
    // 12 s in, the 20 s ticket is past half its time and moves; the 60 s one is not and stays.
    clock.advance(12_000);
    const beat = await heartbeat(ctx, 'life-ann');
    expect(beat.expiresAt).toBe(clock.now() + 20_000);
    expect((await ticketIn('checked', ticket.id))?.expiresAt).toBe(clock.now() + 20_000);
    expect((await ticketIn('duel', ticket.id))?.expiresAt).toBe(ticket.expiresAt);
    expect((await cancelTicket(ctx, 'life-ann')).cancelled).toBe(true);
    expect((await ticketIn('checked', ticket.id))?.status).toBe('cancelled');
    // Without beats, the shorter time-to-live runs out first and takes the other ticket with it.
    const next = await queue('life-ann', 'duel', 'checked');
    await driveMatcher(ctx, clock, { forMs: 21_000, stepMs: 1_000 });
    expect((await ticketIn('duel', next.ticket.id))?.status).toBe('expired');
    expect((await ticketIn('checked', next.ticket.id))?.status).toBe('expired');
    await expectInvariants();
  });

  it('avoids a player blocked while it waits in every mode it waits in', async () => {
    const { ticket } = await queue('bl-ann', 'duel', '2v2');
    await ensurePlayer(ctx, 'bl-bob');
    await blockPlayer(ctx, 'bl-ann', 'bl-bob');
    expect((await ticketIn('duel', ticket.id))?.avoid).toEqual(['bl-bob']);
    expect((await ticketIn('2v2', ticket.id))?.avoid).toEqual(['bl-bob']);
    // Bob queues for duels: the block keeps them apart there as everywhere else.
    expect((await queue('bl-bob', 'duel')).room).toBeNull();
    await expectInvariants();
  });

  it('goes back to every mode it waited in when someone else declines the ready check', async () => {
    const ann = await queue('rc-ann', 'checked', '2v2');
    const { room } = await queue('rc-bob', 'checked');
    expect(room?.status).toBe('pending');
    expect(await ticketIn('2v2', ann.ticket.id)).toMatchObject({ status: 'matched', roomId: room!.id });
    clock.advance(10);
    await respondToReadyCheck(ctx, 'rc-ann', room!.id, true);
    clock.advance(10);
    await respondToReadyCheck(ctx, 'rc-bob', room!.id, false);
    const state = (await playerStateRef(ctx, 'rc-ann').get()).data()!;
    expect(state.ticketId).not.toBe(ann.ticket.id);
    const back = await ticketIn('checked', state.ticketId!);
    expect(back).toMatchObject({ status: 'queued', alsoIn: ['2v2'], enqueuedAt: ann.ticket.enqueuedAt });
    expect(await ticketIn('2v2', state.ticketId!)).toMatchObject({ status: 'queued', alsoIn: ['checked'] });
    await expectInvariants();
  });

  it('costs, per extra mode, a ticket write and a neighbourhood read at queueing, and a sibling read per beat', async () => {
    for (const uid of ['cost-one', 'cost-two']) await ensurePlayer(ctx, uid);
    // Into empty pools, so nobody is matched and each queueing is all its tickets. Alone: 4 reads, 2 writes (the
    // ticket, the state); in two modes 6 and 3 when measured.
    const one = await costOf(() => enqueue(ctx, 'cost-one', poolOf(poolId('2v2'))));
    const two = await costOf(() =>
      enqueue(ctx, 'cost-two', poolOf(poolId('2v2')), {
        also: [{ pool: poolOf(poolId('duel')), rtts: null, choices: {} }],
      }),
    );
    expect(two.writes - one.writes).toBe(1);
    expect(two.reads - one.reads).toBeLessThanOrEqual(3);
    clock.advance(1_000);
    const beats = [await costOf(() => heartbeat(ctx, 'cost-one')), await costOf(() => heartbeat(ctx, 'cost-two'))];
    expect(beats[1]!.reads - beats[0]!.reads).toBe(1);
    expect(beats.map((b) => b.writes)).toEqual([0, 0]);
  });
});
