import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createLadder, type Ladder, type ListenerEvent } from '@ladder/client';
import { OVERDUE_GRACE_MS } from '../../client/src/roomWatch.js';
import { closeAfterTest, emulatorHosts, newApp } from '../support/client.js';
import { roomOf, sweep } from '../support/game.js';
import { ladderPlayers, reach } from '../support/ladder.js';

/** A game client whose listener events (and the SDK's re-reads) go to `events`. */
async function loggedPlayer(name: string, events: ListenerEvent[]): Promise<Ladder> {
  const ladder = createLadder({ app: newApp(), emulators: emulatorHosts(), debug: (event) => events.push(event) });
  closeAfterTest(() => ladder.close());
  await ladder.login({ provider: 'dev', name });
  return ladder;
}

/**
 * A listener that misses a later write of its room cannot be provoked on demand (the emulator drops one now and
 * then, scripts/listenRace.ts): these tests show the client reading an overdue room from the server by itself,
 * and never one that is not overdue. What a re-read decides is in test/core/roomWatch.test.ts.
 */
describe("the client's watch on a room's deadline", () => {
  it('reads a ready check left past its deadline from the server again, backing off, until the room moves on', async () => {
    const events: ListenerEvent[] = [];
    const watcher = await loggedPlayer('Watcher', events);
    const others = await ladderPlayers('Slow 1', 'Slow 2', 'Slow 3');
    const match = await watcher.queue('2v2');
    await reach(match, 'queued');
    for (const other of others) await other.enqueue('2v2');
    const pending = await reach(match, 'pending');
    const path = `rooms/${pending.room.id}`;
    const ofRoom = (kind: ListenerEvent['event']) => events.filter((e) => e.path === path && e.event === kind);

    // No one answers and no matcher runs: on the server the room stays pending past its deadline.
    await vi.waitUntil(() => ofRoom('reread').length >= 3, { timeout: 30_000, interval: 100 });
    const [first, second, third] = ofRoom('reread') as [ListenerEvent, ListenerEvent, ListenerEvent];
    expect(first.at).toBeGreaterThanOrEqual(pending.deadline + OVERDUE_GRACE_MS);
    expect(first).toMatchObject({ status: 'pending', updatedAt: pending.room.updatedAt });
    // Each read that finds no news waits longer for the next (2 s, then 4 s, each ±20 %).
    expect(second.at - first.at).toBeGreaterThanOrEqual(1_600);
    expect(third.at - second.at).toBeGreaterThanOrEqual(3_200);
    // The listener was dropped before the read and a new one started after it.
    const kinds = events.filter((e) => e.path === path).map((e) => e.event);
    const at = kinds.indexOf('reread');
    expect(kinds.slice(at - 1, at + 2)).toEqual(['stop', 'reread', 'listen']);
    expect(match.status?.kind).toBe('pending');

    // The matcher calls the room off; the watcher sees it, and its room costs no more reads.
    await sweep();
    expect((await roomOf(pending.room.id)).status).toBe('cancelled');
    await reach(match, 'cancelled');
    const count = ofRoom('reread').length;
    await sleep(3_000);
    expect(ofRoom('reread').length).toBe(count);
  });

  it('reads a started game nothing by hand before its report deadline, and again once it has passed', async () => {
    const events: ListenerEvent[] = [];
    const watcher = await loggedPlayer('Patient', events);
    const [other] = await ladderPlayers('Patient Rival');
    // 1v1 has no ready check and 3 s to report here: the room is active at once.
    const match = await watcher.queue('1v1');
    await reach(match, 'queued');
    await other.enqueue('1v1');
    const active = await reach(match, 'active');
    const path = `rooms/${active.room.id}`;
    const rereads = () => events.filter((e) => e.path === path && e.event === 'reread');
    const deadline = active.reportDeadline!;
    await sleep(Math.max(0, deadline + OVERDUE_GRACE_MS - Date.now() - 300));
    expect(rereads()).toEqual([]);

    // No one reports and no matcher runs: the game is still active on the server past its deadline.
    await vi.waitUntil(() => rereads().length > 0, { timeout: 5_000, interval: 100 });
    expect(rereads()[0]!.at).toBeGreaterThanOrEqual(deadline + OVERDUE_GRACE_MS);
    expect(rereads()[0]).toMatchObject({ status: 'active', updatedAt: active.room.updatedAt });
    expect(match.status?.kind).toBe('active');
  });
});
