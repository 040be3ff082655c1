import { describe, expect, it } from 'vitest';
import { httpsCallable } from 'firebase/functions';
import { deployedName, type MatchView, type StreamEnd } from '@ladder/client';
import { setCallBucket, expectRefusal } from '../support/admin.js';
import type { Client } from '../support/client.js';
import { players } from '../support/players.js';

/** Opens a watchMatch stream with the web SDK and collects its chunks until it ends. */
async function openStream(client: Client, data: Record<string, unknown> = {}) {
  const chunks: MatchView[] = [];
  const call = await httpsCallable<unknown, StreamEnd, MatchView>(client.functions, deployedName('watchMatch')).stream(
    data,
  );
  const done = (async () => {
    for await (const chunk of call.stream) chunks.push(chunk);
    return call.data;
  })();
  const next = async (wanted: (view: MatchView) => boolean, timeoutMs = 15_000) => {
    const start = Date.now();
    while (Date.now() - start < timeoutMs) {
      const found = chunks.find(wanted);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(
      `no such chunk in ${JSON.stringify(chunks.map((c) => [c.version, c.ticket?.status, c.room?.status]))}`,
    );
  };
  return { chunks, done, next };
}

describe('following a match without Firestore listeners', () => {
  it('long-polls: answers at once when newer, waits for the match, and waits out waitMs when nothing changes', async () => {
    const [ann, bob] = await players('Poll Ann', 'Poll Bob');
    const empty = await ann.call('getMatchState', {});
    expect(empty).toMatchObject({ ticket: null, room: null });
    const { ticketId } = await ann.call('enqueue', { mode: '1v1' });
    const queued = await ann.call('getMatchState', { sinceVersion: empty.version });
    expect(queued.version).toBeGreaterThan(empty.version);
    expect(queued).toMatchObject({ state: { ticketId, mode: '1v1' }, ticket: { id: ticketId, status: 'queued' } });

    const started = Date.now();
    const idle = await ann.call('getMatchState', { sinceVersion: queued.version, waitMs: 1_500 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(idle.version).toBe(queued.version);

    const waiting = ann.call('getMatchState', { sinceVersion: queued.version, waitMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const matchedAt = Date.now();
    await bob.call('enqueue', { mode: '1v1' });
    const matched = await waiting;
    expect(Date.now() - matchedAt).toBeLessThan(10_000);
    expect(matched.version).toBeGreaterThan(queued.version);
    expect(matched).toMatchObject({ ticket: { status: 'matched' }, room: { status: 'active' } });
    expect(matched.room!.memberUids.sort()).toEqual([ann.uid, bob.uid].sort());
  });

  it('streams one chunk per change, ends at its time limit with the version to reconnect from', async () => {
    const [cat, dan] = await players('Stream Cat', 'Stream Dan');
    const { ticketId } = await cat.call('enqueue', { mode: '1v1' });
    const stream = await openStream(cat, { limitSeconds: 8 });
    const queued = await stream.next((v) => v.ticket?.status === 'queued');
    expect(queued.ticket!.id).toBe(ticketId);
    await dan.call('enqueue', { mode: '1v1' });
    const active = await stream.next((v) => v.room?.status === 'active');
    expect(active.version).toBeGreaterThan(queued.version);
    const end = await stream.done;
    expect(end).toEqual({ reason: 'time-limit', reconnectFrom: stream.chunks.at(-1)!.version });
    // Versions only grow, and only the caller's own documents are in the view.
    const versions = stream.chunks.map((c) => c.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    for (const chunk of stream.chunks) expect(chunk.ticket?.memberUids ?? [cat.uid]).toContain(cat.uid);
    // Reconnecting from that version sends nothing until something changes.
    const again = await openStream(cat, { sinceVersion: end.reconnectFrom, limitSeconds: 2 });
    expect(await again.done).toEqual({ reason: 'time-limit', reconnectFrom: end.reconnectFrom });
    expect(again.chunks).toEqual([]);
  });

  it('keeps one stream per player: a second one ends the first', async () => {
    const [eve] = await players('Stream Eve');
    const first = await openStream(eve, { limitSeconds: 30 });
    await first.next(() => true);
    const second = await openStream(eve, { limitSeconds: 3 });
    await expect(first.done).resolves.toMatchObject({ reason: 'replaced' });
    await expect(second.done).resolves.toMatchObject({ reason: 'time-limit' });
  });

  it("refuses bad input naming the field, another player's ticket, and a watchMatch that is not read as a stream", async () => {
    const [fay, gus] = await players('Watch Fay', 'Watch Gus');
    await expectRefusal(fay.callUnchecked('getMatchState', { waitMs: 30_000 }), 'invalid-argument', /waitMs/);
    await expectRefusal(fay.callUnchecked('getMatchState', { sinceVersion: -1 }), 'invalid-argument', /sinceVersion/);
    await expectRefusal(
      fay.callUnchecked('getMatchState', { ticket: { mode: '1v1', id: 'a/b' } }),
      'invalid-argument',
      /ticket\.id/,
    );
    await expectRefusal(fay.callUnchecked('watchMatch', { limitSeconds: 99 }), 'invalid-argument', /limitSeconds/);
    await expectRefusal(fay.callUnchecked('watchMatch', {}), 'failed-precondition', /text\/event-stream/);
    const { ticketId } = await gus.call('enqueue', { mode: '1v1' });
    await expectRefusal(
      fay.call('getMatchState', { ticket: { mode: '1v1', id: ticketId } }),
      'permission-denied',
      /not yours/,
    );
  });

  it('answers not-found for a ticket that does not exist, and invalid-argument naming ticket.mode for an unknown mode', async () => {
    const [ida] = await players('Watch Ida');
    const { ticketId } = await ida.call('enqueue', { mode: '1v1' });
    // A ticket id nobody was given: no answer at all would read as "not queued", and a client would wait on it.
    await expectRefusal(
      ida.call('getMatchState', { ticket: { mode: '1v1', id: `${ticketId}x` } }),
      'not-found',
      /ticket: you have no ticket/,
    );
    for (const mode of ['no-such-mode', '1v1@mars', 'a/b']) {
      await expectRefusal(
        ida.callUnchecked('getMatchState', { ticket: { mode, id: ticketId } }),
        'invalid-argument',
        /ticket\.mode/,
      );
      await expectRefusal(
        ida.callUnchecked('watchMatch', { ticket: { mode, id: ticketId } }),
        'invalid-argument',
        /ticket\.mode/,
      );
    }
    // The ticket itself, named rightly, is still followed.
    const view = await ida.call('getMatchState', { ticket: { mode: '1v1', id: ticketId } });
    expect(view.ticket).toMatchObject({ id: ticketId, status: 'queued' });
  });

  it('counts every long-poll against the rate limit', async () => {
    const [hal, warm] = await players('Poll Hal', 'Poll Warm');
    // Warm the function on another player: a call of Hal's own would leave this instance an allowance of his.
    await warm.call('getMatchState', {});
    await setCallBucket(hal.uid, { tokens: 0, at: Date.now() });
    await expectRefusal(hal.call('getMatchState', { waitMs: 1_000 }), 'resource-exhausted', /Too many requests/);
  });
});
