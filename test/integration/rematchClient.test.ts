import type { Match, RematchStatus } from '@ladder/client';
import { describe, expect, it, vi } from 'vitest';
import { db, expectRefusal } from '../support/admin.js';
import { ladderPlayers, reach } from '../support/ladder.js';

/** Both players report; the match is settled for both. */
async function settle(winner: Match, loser: Match) {
  await winner.reportOutcome('win');
  await loser.reportOutcome('loss');
  await reach(winner, 'settled');
  await reach(loser, 'settled');
}

/** Waits until the latest status the subscription gave matches. */
const until = (seen: RematchStatus[], wanted: Partial<RematchStatus>) =>
  vi.waitFor(() => expect(seen.at(-1)).toMatchObject(wanted), { timeout: 15_000, interval: 100 });

describe("a rematch request as the asker's SDK follows it", () => {
  it('tells the asker of a lapse, a no and a queue elsewhere; each later ask starts a fresh request', async () => {
    const [ann, ben] = await ladderPlayers('Again Ann', 'Again Ben');
    const annMatch = await ann.queue('1v1');
    const benMatch = await ben.queue('1v1');
    const { room } = await reach(annMatch, 'active');
    await reach(benMatch, 'active');
    await settle(annMatch, benMatch);
    const seen: RematchStatus[] = [];
    annMatch.onRematch((status) => seen.push(status));
    expect(await annMatch.requestRematch()).toMatchObject({ phase: 'open', asked: [ann.uid], waitingFor: [ben.uid] });
    await expectRefusal(annMatch.requestRematch(), 'failed-precondition', /already asked .* waiting for Again Ben/);

    // The window runs out (the test's mode gives 600 s: moved to the next second, as if they had passed). Nothing
    // is written when it does; the subscription says so by itself.
    await db.doc(`rooms/${room.id}`).update({ 'rematch.deadline': Date.now() + 1_000 });
    await until(seen, { phase: 'lapsed', asked: [], waitingFor: [], youAsked: false });
    // Asking again is a fresh request with a window of its own, not "waiting for" the old one.
    const fresh = await annMatch.requestRematch();
    expect(fresh).toMatchObject({ phase: 'open', asked: [ann.uid], waitingFor: [ben.uid] });
    expect(fresh.deadline).toBeGreaterThan(Date.now() + 500_000);

    // Ben says no: Ann sees it, and her next ask starts afresh again.
    await benMatch.declineRematch();
    await until(seen, { phase: 'declined', declined: { uid: ben.uid, reason: 'declined' } });
    await annMatch.requestRematch();
    await until(seen, { phase: 'open', asked: [ann.uid] });

    // Ben queues for another game instead: that declines it too, and Ann sees why.
    await ben.queue('duel');
    await until(seen, { phase: 'declined', declined: { uid: ben.uid, reason: 'queued' } });
    await expectRefusal(benMatch.declineRematch(), 'failed-precondition', /no open rematch request \(it declined\)/);
  }, 90_000);
});
