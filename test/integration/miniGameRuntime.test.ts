import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Match, RequestAdapter } from '@ladder/client/http';
import { miniGameBundle } from '../../scripts/bundleSize.js';
import { closeAfterTest, emulatorHosts } from '../support/client.js';
import { kindsOf, playPartyGame, reach, within } from '../support/ladder.js';
import { ERR, type FakeRequest, fakeMiniGameRequest, MAX_CONCURRENT, miniGameRealm } from '../support/miniGame.js';

/**
 * The Functions emulator serves each concurrent request of a function from its own worker process, started on
 * demand, and a stalled long-poll runs to its 40 s timeout: games take longer here than on a device.
 */
const GAME_MS = 150_000;

/** The bundle a mini-game ships: one ES2019 CommonJS file, built as scripts/bundleSize.ts builds it. */
let code: string;
beforeAll(async () => {
  ({ code } = await miniGameBundle());
});

type Platform = 'wx' | 'tt';

/**
 * One player's game: the SDK bundle loaded in a realm holding only what the platform's runtime offers, with
 * `wx.request` (or `tt.request`) faked over the network with the platform's limits, signed in with the dev login.
 */
async function miniGamePlayer(platform: Platform, name: string) {
  let fake: FakeRequest | undefined;
  const realm = miniGameRealm(code, platform, (toRealm) => {
    fake = fakeMiniGameRequest({ toRealm });
    return { request: fake.request };
  });
  const { projectId } = inject('endpoints');
  const { auth, functions } = emulatorHosts();
  const ladder = realm.entry.createLadder({
    projectId,
    apiKey: 'demo-api-key',
    emulators: { auth, functions },
    request: realm.platform.request as RequestAdapter,
  });
  closeAfterTest(() => {
    ladder.close();
    realm.close();
  });
  await ladder.login({ provider: 'dev', name });
  return { ladder, fake: fake! };
}

const polling = (url: string) => url.endsWith('/ladder-getMatchState');

/** The waiting player's long-poll is open (the view it waits on is queued). */
const waitingOnPoll = (fake: FakeRequest) =>
  vi.waitUntil(() => fake.inFlight().some(polling), { timeout: 30_000, interval: 50 });

const errorsOf = (match: Match) => {
  const codes: string[] = [];
  match.onError((error) => codes.push(error.code));
  return codes;
};

/**
 * Ann waits in the queue; `meanwhile` breaks her network (until the promise it may return settles); Bob's enqueue
 * makes the room; both play it out.
 */
async function oneVersusOne(platform: Platform, tag: string, meanwhile: (fake: FakeRequest) => Promise<void> | void) {
  const ann = await miniGamePlayer(platform, `Ann ${platform} ${tag}`);
  const bob = await miniGamePlayer(platform, `Bob ${platform} ${tag}`);
  const annMatch = await ann.ladder.queue('1v1');
  const kinds = kindsOf(annMatch);
  const errors = errorsOf(annMatch);
  await reach(annMatch, 'queued');
  await waitingOnPoll(ann.fake);
  const broken = meanwhile(ann.fake);
  const bobMatch = await bob.ladder.queue('1v1');
  const seen = () => ({ kinds, errors, failures: ann.fake.failures });
  await within('Ann getting the room', reach(annMatch, 'active'), seen, 90_000);
  await broken;
  await annMatch.reportOutcome('win');
  await bobMatch.reportOutcome('loss');
  expect(await reach(annMatch, 'settled')).toMatchObject({ outcome: 'win', ratingChange: { delta: 16 } });
  expect(await reach(bobMatch, 'settled')).toMatchObject({ outcome: 'loss', ratingChange: { delta: -16 } });
  expect(kinds).toEqual(['queued', 'active', 'settled']);
  for (const fake of [ann.fake, bob.fake]) expect(fake.peak()).toBeLessThanOrEqual(MAX_CONCURRENT);
  return { failures: ann.fake.failures, errors };
}

describe.each(['wx', 'tt'] as const)('the bundle in a %s mini-game runtime (node:vm, fake request)', (platform) => {
  it(
    'plays a 1v1 to the rating change though the waiting player’s long-poll fails mid-wait',
    async () => {
      const { failures, errors } = await oneVersusOne(platform, 'drop', (fake) => fake.drop(polling));
      expect(failures).toEqual([ERR.dropped]);
      expect(errors).toContain('unavailable');
    },
    GAME_MS,
  );

  it(
    'gets the room though the long-poll that would bring it stalls past the platform’s timeout',
    async () => {
      const { failures } = await oneVersusOne(platform, 'stall', (fake) => fake.stall(polling));
      expect(failures).toContain(ERR.timeout);
    },
    GAME_MS,
  );

  it(
    'gets the room though the game’s own traffic fills the 10 request slots while the long-poll drops',
    async () => {
      const { failures } = await oneVersusOne(platform, 'full', (fake) => {
        fake.drop(polling);
        // Before the SDK's next try: every request it makes for 8 s finds the 10 slots taken.
        return fake.occupy(8_000);
      });
      expect(failures).toContain(ERR.tooMany);
    },
    GAME_MS,
  );

  it(
    'plays a 2v2 party game: members are handed the match, everyone passes the ready check',
    async () => {
      const players = [
        await miniGamePlayer(platform, `Lead P ${platform}`),
        await miniGamePlayer(platform, `Mate P ${platform}`),
        await miniGamePlayer(platform, `Lead Q ${platform}`),
        await miniGamePlayer(platform, `Mate Q ${platform}`),
      ].map((p) => p.ladder);
      await playPartyGame([players[0]!, players[1]!, players[2]!, players[3]!]);
    },
    GAME_MS,
  );
});
