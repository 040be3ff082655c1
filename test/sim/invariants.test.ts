import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { emulatorEnv } from '../../scripts/emulators.js';
import { checkInvariants, readSnapshot, type InvariantViolation } from '../../sim/invariants.js';
import { db } from '../support/admin.js';
import { gameRow } from '../../functions/src/core/room/history.js';
import { roomDocSchema } from '../../functions/src/core/room/room.js';
import { TEST_CONFIG } from '../support/config.js';
import { enqueue, expectInvariants, sideUids } from '../support/game.js';
import { operator } from '../support/operator.js';
import { party, players } from '../support/players.js';
import { testContext } from '../support/context.js';

const ctx = testContext();
const { config } = ctx;

/** A small but complete world made by the real functions: a settled 1v1, a queued player, a party. */
async function playedWorld() {
  const [x, y, waiting, leader, friend] = await players('World X', 'World Y', 'World W', 'World L', 'World F');
  await enqueue(x, '1v1');
  const { room } = await enqueue(y, '1v1');
  const winner = sideUids(room!)[0]![0]!;
  for (const c of [x, y]) await c.call('reportResult', { roomId: room!.id, outcome: 'A' });
  const { ticketId } = await enqueue(waiting, '1v1');
  const partyId = await party(leader, friend);
  return { roomId: room!.id, winner, waiting: waiting.uid, ticketId, friend: friend.uid, partyId };
}

const named = (found: InvariantViolation[], invariant: string) =>
  found.filter((v) => v.invariant === invariant).map((v) => v.documents);

describe('the invariant checker', () => {
  it('finds nothing wrong in a database the functions wrote, and names every document a corruption breaks', async () => {
    const world = await playedWorld();
    await expectInvariants();

    // A second queued ticket for a player who already has one, written behind the functions' back.
    const ticket = (await db.doc(`pools/1v1/tickets/${world.ticketId}`).get()).data()!;
    await db.doc('pools/1v1/tickets/forged').set({ ...ticket, id: 'forged' });
    // A row for the settled game that disagrees with its room (a stored row is read before the room's own).
    const room = (await db.doc(`rooms/${world.roomId}`).get()).data()!;
    const game = gameRow(roomDocSchema.parse(room), world.winner)!;
    await db.doc(`players/${world.winner}/history/${world.roomId}`).set({ ...game, delta: game.delta + 10 });
    // A ticket that has ended, but was queued while its player sat in the settled room: caught only by the history.
    await db.doc('pools/1v1/tickets/overlapping').set({
      ...ticket,
      id: 'overlapping',
      members: [{ uid: world.winner, rating: 1500 }],
      memberUids: [world.winner],
      status: 'cancelled',
      createdAt: room.createdAt + 1,
      endedAt: room.createdAt + 2,
      endReason: 'forged',
    });
    // A player in two parties.
    const original = (await db.doc(`parties/${world.partyId}`).get()).data()!;
    await db.doc('parties/second').set({
      ...original,
      id: 'second',
      leader: world.friend,
      members: original.members.slice(1),
      memberUids: [world.friend],
    });

    const found = checkInvariants(await readSnapshot(db), config);
    expect(named(found, 'one live ticket or room per player')).toEqual([
      expect.arrayContaining([`pools/1v1/tickets/${world.ticketId}`, 'pools/1v1/tickets/forged']),
    ]);
    expect(named(found, "a queued player's state points at their ticket")).toEqual([
      ['pools/1v1/tickets/forged', `playerStates/${world.waiting}`],
    ]);
    expect(named(found, 'a settled room changes each rating exactly once')).toEqual([
      [`rooms/${world.roomId}`, `players/${world.winner}/history/${world.roomId}`],
    ]);
    expect(named(found, 'rating changes and season resets are applied exactly once')).toEqual([
      [`players/${world.winner}`],
    ]);
    expect(named(found, 'one live ticket or room per player at every moment')).toEqual(
      expect.arrayContaining([[`rooms/${world.roomId}`, 'pools/1v1/tickets/overlapping']]),
    );
    expect(named(found, 'a player is in at most one party')).toEqual([[`parties/${world.partyId}`, 'parties/second']]);
    expect(named(found, "a party member's state names the party")).toEqual([
      ['parties/second', `playerStates/${world.friend}`],
    ]);
  });

  it('learns what operators do: a void reversed twice, a banned player seated, a deleted player left behind', async () => {
    const world = await playedWorld();
    const admin = await operator('World Op');
    await admin.call('voidRoom', { roomId: world.roomId, reason: 'test' });
    await admin.call('banPlayer', { uid: world.friend, reason: 'test', hours: 1 });
    const loser = (await db.doc(`rooms/${world.roomId}`).get())
      .data()!
      .memberUids.find((u: string) => u !== world.winner);
    await admin.call('deleteAccount', { uid: loser, reason: 'test' });
    await expectInvariants();

    // A second reversal of the voided room, written behind the functions' back.
    const reversal = (await db.doc(`players/${world.winner}/history/void:${world.roomId}`).get()).data()!;
    await db.doc(`players/${world.winner}/history/void-again:${world.roomId}`).set(reversal);
    // The banned player seated in a room formed after the ban.
    const room = (await db.doc(`rooms/${world.roomId}`).get()).data()!;
    await db.doc('rooms/after-ban').set({
      ...room,
      id: 'after-ban',
      status: 'cancelled',
      memberUids: [world.friend, world.waiting],
      createdAt: Date.now(),
      voided: null,
    });
    // The deleted player's profile written back.
    await db.doc(`players/${loser}`).set({ uid: loser, displayName: 'Back', ladders: {}, createdAt: 0, updatedAt: 0 });

    const found = checkInvariants(await readSnapshot(db), config);
    expect(named(found, 'a voided room is reversed exactly once, and only a voided room')).toEqual([
      [`rooms/${world.roomId}`, `players/${world.winner}/history/void:${world.roomId}`],
    ]);
    expect(named(found, 'a banned player is in no room formed during the ban')).toEqual([
      [`playerStates/${world.friend}`, 'rooms/after-ban'],
    ]);
    expect(named(found, 'a deleted player appears nowhere but in tombstones')).toEqual([[`players/${loser}`]]);
  });

  it('makes `npm run check-invariants` exit non-zero and name the documents', async () => {
    const world = await playedWorld();
    const check = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'sim/check.ts'], {
        encoding: 'utf8',
        env: { ...process.env, ...emulatorEnv(inject('endpoints')), LADDER_CONFIG: TEST_CONFIG },
        timeout: 60_000,
      });
    const clean = check();
    expect(clean.stdout).toMatch(/Every invariant holds \(\d+ tickets, 1 rooms/);
    expect(clean.status).toBe(0);

    await db
      .doc(`rooms/${world.roomId}`)
      .update({ status: 'active', endedAt: null, result: null, ratingChanges: null });
    const broken = check();
    expect(broken.status).toBe(1);
    // The room no longer says it settled, so no history holds its game: the ratings it moved are unaccounted for.
    expect(broken.stderr).toContain(
      `rating changes and season resets are applied exactly once: players/${world.winner}`,
    );
  });
});
