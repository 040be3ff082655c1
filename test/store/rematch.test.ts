import { describe, expect, it } from 'vitest';
import { handClock } from '../support/clock.js';
import { useTestConfig } from '../support/config.js';
import { testContext } from '../support/context.js';
import { sideUids } from '../../functions/src/core/room/room.js';
import { ensurePlayer } from '../../functions/src/store/profile.js';
import { enqueue } from '../../functions/src/store/queue.js';
import { createParty, joinParty } from '../../functions/src/store/party.js';
import { partyRef, playerStateRef, roomRef } from '../../functions/src/store/firestore/refs.js';
import { reportResult } from '../../functions/src/store/settlement.js';
import { respondToReadyCheck } from '../../functions/src/store/rooms.js';
import { requestRematch } from '../../functions/src/store/rematch.js';
import { checkInvariants, readSnapshot } from '../../sim/invariants.js';
import { db, expectRefusal } from '../support/admin.js';
import { poolId } from '../support/ids.js';

// A rematch window of 5 s with sides swapped in duel; the queue keeps opponents apart for 10 minutes and a pair's
// third game in a day is unrated. Played in-process through the store, as the callables run it, on the emulators;
// the window runs out on a hand-driven clock.
const CONFIG = useTestConfig('rematch', (edited) => {
  edited.fairPlay.farming = { rematchMinutes: 10, rematchGames: 2, relaxAfterSeconds: 600, dailyPairCap: 2 };
  edited.modes.duel.reportTimeoutSeconds = 120;
  edited.modes.duel.rematch = { windowSeconds: 5, swapSides: true };
  edited.modes['2v2'].readyCheck = { timeoutSeconds: 30 };
});

const clock = handClock(Date.now());
const ctx = testContext(CONFIG, { clock });
const { config, poolOf } = ctx;

const duel = poolOf(poolId('duel'));
const room = async (id: string) => (await roomRef(ctx, id).get()).data()!;

async function players<const N extends string[]>(...uids: N): Promise<N> {
  for (const uid of uids) await ensurePlayer(ctx, uid, uid.replace('rm-', ''));
  return uids;
}

/** Queues a moment after whatever came before, as players do: the hand clock stands still otherwise. */
async function queue(uid: string, pool = duel) {
  clock.advance(100);
  return enqueue(ctx, uid, pool);
}

/** Asks for a rematch a moment after whatever came before. */
function ask(uid: string, roomId: string) {
  clock.advance(100);
  return requestRematch(ctx, uid, roomId);
}

/** Every player of the room reports, a moment after it formed, that the side holding `winner` won. */
async function play(roomId: string, winner: string) {
  clock.advance(100);
  const r = await room(roomId);
  const outcome = sideUids(r)[0]!.includes(winner) ? 'A' : 'B';
  for (const uid of r.memberUids) await reportResult(ctx, { uid, authoritative: false }, roomId, { outcome });
  return room(roomId);
}

describe('a rematch on the emulators', () => {
  it('forms at once when both ask, sides swapped, past the queue rule that keeps them apart; rated until the daily cap', async () => {
    const [ann, ben, cal] = await players('rm-ann', 'rm-ben', 'rm-cal');
    await queue(ann);
    const first = (await queue(ben)).room!;
    const settled = await play(first.id, ann);
    expect(settled.status).toBe('settled');

    // Bad asks change nothing: a stranger's, and a second one from the same player.
    await expectRefusal(ask(cal, first.id), 'failed-precondition', /^roomId: you did not play in room/);
    const asked = await ask(ann, first.id);
    expect(asked.rematch).toBeNull();
    expect(asked.room.rematch).toMatchObject({ asked: [ann], roomId: null, unrated: null });
    const before = await room(first.id);
    await expectRefusal(ask(ann, first.id), 'failed-precondition', /already asked .* waiting for ben/);
    expect(await room(first.id)).toEqual(before);

    const { rematch } = await ask(ben, first.id);
    expect(rematch).toMatchObject({ status: 'active', rematchOf: first.id, mode: 'duel' });
    expect(sideUids(rematch!)).toEqual([...sideUids(first)].reverse());
    expect((await room(first.id)).rematch?.roomId).toBe(rematch!.id);
    // Formed, the request is nobody's to decline any more: queueing later reads no old room for it.
    for (const uid of [ann, ben]) expect((await playerStateRef(ctx, uid).get()).data()!.rematchAsk).toBeNull();
    // Both players are in the new room, as after the queue: nobody can queue meanwhile.
    await expectRefusal(queue(ann), 'failed-precondition', /in a live duel room/);
    const second = await play(rematch!.id, ben);
    expect(second.status).toBe('settled');
    expect(second.unrated).toBeNull();
    expect(second.ratingChanges![ben]!.delta).toBeGreaterThan(0);

    // Their third game today would pass the daily cap of 2: said when they ask, and it settles unrated.
    const third = await ask(ann, second.id);
    expect(third.room.rematch?.unrated).toMatch(/^Unrated: .* had already played each other 2 times today/);
    const formed = (await ask(ben, second.id)).rematch!;
    const last = await play(formed.id, ann);
    expect(last.unrated?.reason).toBe(third.room.rematch?.unrated);
    expect(last.ratingChanges![ann]!.delta).toBe(0);
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  }, 90_000);

  it('refuses an unsettled room; a rematch left to lapse closes without a cooldown, and a later ask starts afresh', async () => {
    const [dee, eve] = await players('rm-dee', 'rm-eve');
    await queue(dee);
    const live = (await queue(eve)).room!;
    await expectRefusal(
      ask(dee, live.id),
      'failed-precondition',
      /^roomId: room .* is active; a rematch follows a settled game/,
    );
    await play(live.id, dee);
    await ask(dee, live.id);
    clock.advance(5_500);
    // The lapsed request is over: Eve's ask starts a fresh one, with a window of its own from now.
    const fresh = (await ask(eve, live.id)).room.rematch!;
    expect(fresh).toMatchObject({ asked: [eve], roomId: null, declined: null });
    expect(fresh.deadline).toBeGreaterThan(clock.now() + 3_000);
    for (const uid of [dee, eve]) expect((await playerStateRef(ctx, uid).get()).data()!.cooldownUntil).toBeNull();
    // Queueing for another game meanwhile declines it, for the players who asked to see.
    expect((await queue(eve)).ticket.status).toBe('queued');
    expect((await room(live.id)).rematch?.declined).toMatchObject({ uid: eve, reason: 'queued' });
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  }, 60_000);

  it('replays two parties: only once all four ask, with the ready check the mode has', async () => {
    const [fay, gus, hal, ivy] = await players('rm-fay', 'rm-gus', 'rm-hal', 'rm-ivy');
    const one = await createParty(ctx, fay);
    await joinParty(ctx, gus, one.party.code);
    const two = await createParty(ctx, hal);
    await joinParty(ctx, ivy, two.party.code);
    const team = poolOf(poolId('2v2'));
    await queue(fay, team);
    const matched = (await queue(hal, team)).room!;
    for (const uid of matched.memberUids) await respondToReadyCheck(ctx, uid, matched.id, true);
    await play(matched.id, fay);
    for (const uid of [fay, gus, hal]) expect((await ask(uid, matched.id)).rematch).toBeNull();
    const { rematch } = await ask(ivy, matched.id);
    expect(rematch).toMatchObject({ status: 'pending', rematchOf: matched.id });
    expect(rematch!.sides.map((s) => s.tickets.map((t) => t.partyId))).toEqual([[one.party.id], [two.party.id]]);
    const ticketOf = (await partyRef(ctx, one.party.id).get()).data()!.ticketId;
    expect(rematch!.sides[0]!.tickets[0]!.ticketId).toBe(ticketOf);
    expect(checkInvariants(await readSnapshot(db), config)).toEqual([]);
  }, 90_000);
});
