import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { createLadder, type Ladder, type Transport } from '@ladder/client';
import { createLadder as createHttpLadder, type RequestAdapter } from '@ladder/client/http';
import { closeAfterTest, emulatorHosts, newApp } from '../support/client.js';
import { kindsOf, playPartyGame, reach } from '../support/ladder.js';
import { fakeMiniGameRequest, MAX_CONCURRENT } from '../support/miniGame.js';

type Variant = { name: string; make: () => Ladder };

/**
 * The Functions emulator serves each concurrent request of a function from its own worker process, started on
 * demand: every held long-poll or stream costs a process start on this loaded machine, so games take longer here.
 */
const GAME_MS = 150_000;

const firebaseLadder = (transport: Transport) => () =>
  createLadder({ app: newApp(), emulators: emulatorHosts(), transport });

const httpLadder = (transport: 'stream' | 'poll', request?: RequestAdapter) => () => {
  const { projectId } = inject('endpoints');
  const { auth, functions } = emulatorHosts();
  const send = request ? { request } : { fetch };
  return createHttpLadder({ projectId, apiKey: 'demo-api-key', emulators: { auth, functions }, transport, ...send });
};

const variants: Variant[] = [
  { name: 'firestore listeners', make: firebaseLadder('firestore') },
  { name: 'stream (Firebase SDK)', make: firebaseLadder('stream') },
  { name: 'stream (HTTP entry, fetch)', make: httpLadder('stream') },
  { name: 'poll (HTTP entry, fetch)', make: httpLadder('poll') },
];

async function signedIn(make: () => Ladder, name: string) {
  const ladder = make();
  closeAfterTest(() => ladder.close());
  await ladder.login({ provider: 'dev', name });
  return ladder;
}

describe.each(variants)('playing with $name', ({ name, make }) => {
  const tag = String(variants.findIndex((v) => v.name === name));

  it(
    'plays a 1v1 to the rating change',
    async () => {
      const [ann, bob] = [await signedIn(make, `Ann ${tag}`), await signedIn(make, `Bob ${tag}`)];
      const annMatch = await ann.queue('1v1');
      const annKinds = kindsOf(annMatch);
      await reach(annMatch, 'queued');
      const bobMatch = await bob.queue('1v1');
      await reach(annMatch, 'active');
      await annMatch.reportOutcome('win');
      await bobMatch.reportOutcome('loss');
      expect(await reach(annMatch, 'settled')).toMatchObject({ outcome: 'win', ratingChange: { delta: 16 } });
      expect(await reach(bobMatch, 'settled')).toMatchObject({ outcome: 'loss', ratingChange: { delta: -16 } });
      expect(annKinds).toEqual(['queued', 'active', 'settled']);
    },
    GAME_MS,
  );

  it(
    'plays a 2v2 party game: members are handed the match, everyone passes the ready check',
    async () => {
      await playPartyGame([
        await signedIn(make, `Lead P ${tag}`),
        await signedIn(make, `Mate P ${tag}`),
        await signedIn(make, `Lead Q ${tag}`),
        await signedIn(make, `Mate Q ${tag}`),
      ]);
    },
    GAME_MS,
  );
});

describe('a mini-game runtime (a fake wx.request with its limits)', () => {
  it(
    'plays a 1v1 over long-polls, and the match recovers after 30 s in the background',
    async () => {
      const annRuntime = fakeMiniGameRequest();
      const bobRuntime = fakeMiniGameRequest();
      const ann = await signedIn(httpLadder('poll', annRuntime.request), 'Ann Mini');
      const bob = await signedIn(httpLadder('poll', bobRuntime.request), 'Bob Mini');
      const annMatch = await ann.queue('1v1');
      const errors: string[] = [];
      annMatch.onError((error) => errors.push(error.code));
      await reach(annMatch, 'queued');
      const bobMatch = await bob.queue('1v1');
      await reach(annMatch, 'active');

      annRuntime.background();
      await bobMatch.reportOutcome('loss');
      await sleep(30_000);
      expect(annMatch.status?.kind).toBe('active');
      expect(annRuntime.failures).toContain('request:fail interrupted');
      expect(errors).toContain('unavailable');
      annRuntime.foreground();

      await annMatch.reportOutcome('win');
      expect(await reach(annMatch, 'settled')).toMatchObject({ outcome: 'win', ratingChange: { delta: 16 } });
      expect(await reach(bobMatch, 'settled')).toMatchObject({ outcome: 'loss' });
      for (const runtime of [annRuntime, bobRuntime]) {
        expect(runtime.peak()).toBeLessThanOrEqual(MAX_CONCURRENT);
        expect(runtime.failures.filter((f) => f !== 'request:fail interrupted')).toEqual([]);
      }
    },
    GAME_MS,
  );

  it('refuses a stream through a request function, which cannot read one', () => {
    expect(() => httpLadder('stream', fakeMiniGameRequest().request)()).toThrow(/cannot read a stream/);
  });

  it('refuses to start without a way to send requests, naming both', () => {
    expect(() => createHttpLadder({ projectId: 'demo-ladder', apiKey: 'demo-api-key' })).toThrow(
      /request: wx\.request.*fetch/,
    );
  });
});
