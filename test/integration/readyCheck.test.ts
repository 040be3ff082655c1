import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Client } from '../support/client.js';
import { db, expectRefusal } from '../support/admin.js';
import { waitForDoc } from '../support/listen.js';
import { enqueue, expectInvariants, presenceOf, roomOf, sweep, ticketOf, type Room } from '../support/game.js';
import { players } from '../support/players.js';

/**
 * Four solo players matched into a 2v2 room, which the test mode holds pending a 3 s ready check; `first`
 * plays again with three new players.
 */
async function pendingRoom(
  prefix: string,
  first?: Client,
): Promise<{ room: Room; clients: Client[]; tickets: Map<string, string> }> {
  const clients = first
    ? [first, ...(await players(`${prefix} 2`, `${prefix} 3`, `${prefix} 4`))]
    : await players(`${prefix} 1`, `${prefix} 2`, `${prefix} 3`, `${prefix} 4`);
  const tickets = new Map<string, string>();
  let room: Room | null = null;
  for (const c of clients) {
    const queued = await enqueue(c, '2v2');
    tickets.set(c.uid, queued.ticketId);
    room = queued.room ?? room;
  }
  expect(room).toMatchObject({ status: 'pending', readyCheck: { accepted: [], declined: [] } });
  return { room: room!, clients, tickets };
}

describe('the ready check', () => {
  it('starts the room when everyone accepts, and accepting twice changes nothing', async () => {
    const { room, clients } = await pendingRoom('Accept');
    const active = waitForDoc(clients[0]!.db, `rooms/${room.id}`, (r) => r?.status === 'active');
    for (const c of clients) await c.call('acceptMatch', { roomId: room.id });
    const { room: again } = await clients[0]!.call('acceptMatch', { roomId: room.id });
    const seen = await active;
    expect(seen?.readyCheck.accepted.sort()).toEqual(clients.map((c) => c.uid).sort());
    expect(seen?.reportDeadline).toBeGreaterThan(Date.now());
    expect(again.status).toBe('active');
    await expectRefusal(
      clients[1]!.call('declineMatch', { roomId: room.id }),
      'failed-precondition',
      /ready check is over/,
    );
    await expectInvariants();
  });

  it('starts the room when everyone accepts at the same moment, losing no acceptance', async () => {
    const { room, clients } = await pendingRoom('Together');
    const answers = await Promise.all(clients.map((c) => c.call('acceptMatch', { roomId: room.id })));
    expect(answers.some(({ room: r }) => r.status === 'active')).toBe(true);
    const stored = await roomOf(room.id);
    expect(stored.status).toBe('active');
    expect([...stored.readyCheck!.accepted].sort()).toEqual(clients.map((c) => c.uid).sort());
    await expectInvariants();
  });

  it('cancels on a decline: who accepted goes back to the pool with their original enqueue time, the decliner cools down', async () => {
    const { room, clients, tickets } = await pendingRoom('Decline');
    const [a, b, decliner, silent] = clients as [Client, Client, Client, Client];
    await a.call('acceptMatch', { roomId: room.id });
    await b.call('acceptMatch', { roomId: room.id });
    await decliner.call('declineMatch', { roomId: room.id });

    const cancelled = await roomOf(room.id);
    expect(cancelled.status).toBe('cancelled');
    for (const accepted of [a, b]) {
      const presence = (await presenceOf(accepted)) as { kind: string; ticketId?: string };
      expect(presence.kind).toBe('queued');
      const requeued = await ticketOf('2v2', presence.ticketId!);
      const original = await ticketOf('2v2', tickets.get(accepted.uid)!);
      expect(requeued.enqueuedAt).toBe(original.enqueuedAt);
      expect(original.status).toBe('matched');
    }
    expect(await presenceOf(decliner)).toEqual({ kind: 'idle' });
    await expectRefusal(
      enqueue(decliner, '2v2'),
      'failed-precondition',
      /^You are cooling down for declining or missing a ready check: \d+ s left\./,
    );
    // Someone who had not answered yet is freed without a cooldown.
    expect(await presenceOf(silent)).toEqual({ kind: 'idle' });
    expect((await enqueue(silent, '2v2')).ticketId).toBeTruthy();
    await expectInvariants();
  });

  it('cancels when the timer runs out: the acceptors are requeued, who saw it and stayed silent cools down', async () => {
    const { room, clients } = await pendingRoom('Timeout');
    const [keen, unaware, ...silent] = clients as [Client, Client, ...Client[]];
    for (const c of clients) if (c !== unaware) await c.call('seeReadyCheck', { roomId: room.id });
    await keen.call('acceptMatch', { roomId: room.id });
    await sleep(3_200);
    await sweep(600);
    expect((await roomOf(room.id)).status).toBe('cancelled');
    expect((await presenceOf(keen)).kind).toBe('queued');
    for (const s of silent) {
      const state = (await db.doc(`playerStates/${s.uid}`).get()).data()!;
      expect(state.cooldownUntil).toBeGreaterThan(Date.now());
      await expectRefusal(enqueue(s, '2v2'), 'failed-precondition', /cooling down/);
    }
    // Its client never confirmed showing the check: freed, not penalised, free to queue again.
    expect((await db.doc(`playerStates/${unaware.uid}`).get()).data()?.cooldownUntil ?? null).toBeNull();
    expect((await enqueue(unaware, '2v2')).ticketId).toBeTruthy();
    await expectInvariants();
  });

  it('lengthens the cooldown step by step for repeated dodges, and shows the standing on the profile', async () => {
    const first = await pendingRoom('Dodger');
    const dodger = first.clients[0]!;
    await dodger.call('declineMatch', { roomId: first.room.id });
    expect((await dodger.call('getProfile')).dodging).toMatchObject({ dodges: 1, nextCooldownSeconds: 60 });
    // The first cooldown has run its course (the test steps are 30 s, 60 s, 120 s); the dodge is remembered.
    await db.doc(`playerStates/${dodger.uid}`).update({ cooldownUntil: null });
    const second = await pendingRoom('Dodger again', dodger);
    await dodger.call('declineMatch', { roomId: second.room.id });
    await expectRefusal(
      enqueue(dodger, '2v2'),
      'failed-precondition',
      /^You are cooling down for declining or missing 2 ready checks recently: (1 min|\d+ s) left\./,
    );
    const { dodging, state } = await dodger.call('getProfile');
    expect(dodging).toEqual({ dodges: 2, cooldownUntil: state.cooldownUntil, nextCooldownSeconds: 120 });
    expect(state.cooldownUntil! - state.dodges!.lastAt).toBe(60_000);
    await expectInvariants();
  });

  it('records that a player saw the ready check only while it is open, and only for its players', async () => {
    const { room, clients } = await pendingRoom('Seen');
    expect(await clients[0]!.call('seeReadyCheck', { roomId: room.id })).toEqual({ seen: true });
    const [outsider] = await players('Seen Outsider');
    await expectRefusal(outsider!.call('seeReadyCheck', { roomId: room.id }), 'permission-denied');
    for (const c of clients) await c.call('acceptMatch', { roomId: room.id });
    expect(await clients[1]!.call('seeReadyCheck', { roomId: room.id })).toEqual({ seen: false });
    const seen = await db.collection(`rooms/${room.id}/seen`).get();
    expect(seen.docs.map((d) => d.id)).toEqual([clients[0]!.uid]);
  });
});
