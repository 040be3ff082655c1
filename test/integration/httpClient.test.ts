import { describe, expect, inject, it, vi } from 'vitest';
import { HttpPlayer, phaseOf, playRankedGame } from '../../client/examples/httpClient.js';
import { sweep } from '../support/game.js';

/** The reference client against the emulators: no Firebase SDK on the players' side. */
function httpPlayer() {
  const { projectId, authHost, functionsHost } = inject('endpoints');
  return new HttpPlayer({
    functions: `http://${functionsHost}/${projectId}/us-central1`,
    identity: `http://${authHost}`,
    apiKey: 'demo-api-key',
  });
}

describe('the dependency-free reference client (docs/protocol.md)', () => {
  it('plays a 1v1 with fetch alone, one player long-polling and one reading the stream', async () => {
    const [ann, bob] = [httpPlayer(), httpPlayer()];
    await ann.signIn({ provider: 'dev', name: 'Http Ann' });
    await bob.signIn({ provider: 'dev', name: 'Http Bob' });
    expect(ann.uid).toBe('dev:http ann');
    const annGame = playRankedGame(ann, '1v1', async () => 'win', 'poll');
    const bobGame = playRankedGame(bob, '1v1', async () => 'loss', 'stream');
    // Queueing at the same moment, each can find nobody waiting yet; then the scheduled matcher pairs them. This
    // suite runs no schedule, so one sweep stands in for it.
    const bothQueued = () => phaseOf(ann.view) === 'queued' && phaseOf(bob.view) === 'queued';
    let over = false;
    const paired = vi
      .waitUntil(() => over || bothQueued(), { timeout: 90_000, interval: 100 })
      .then(() => (over ? undefined : sweep()))
      .catch(() => {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`stuck: Ann ${phaseOf(ann.view)}, Bob ${phaseOf(bob.view)}`)), 90_000);
    });
    const [annEnd, bobEnd] = await Promise.race([Promise.all([annGame, bobGame]), stuck]).finally(() => {
      clearTimeout(timer);
      over = true;
    });
    await paired;
    expect(annEnd).toMatchObject({ phase: 'settled', ratingChange: { before: 1500, after: 1516, delta: 16 } });
    expect(bobEnd).toMatchObject({ phase: 'settled', ratingChange: { delta: -16 } });
    // The history, like everything else, is a callable away: no Firestore query on the client.
    const { rows } = (await ann.call('getHistory', { limit: 5 })) as { rows: { outcome: string; delta: number }[] };
    expect(rows).toEqual([expect.objectContaining({ outcome: 'win', delta: 16 })]);
  }, 120_000);

  it('reads refusals as the callable protocol sends them: a code and a message naming the field', async () => {
    const eve = httpPlayer();
    await eve.signIn({ provider: 'dev', name: 'Http Eve' });
    await expect(eve.call('enqueue', { mode: '9v9' })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: expect.stringMatching(/mode/),
    });
    await expect(httpPlayer().call('getProfile')).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
