/**
 * `@ladder/client/http`: the SDK without any Firebase SDK, for runtimes that cannot run it (WeChat and Douyin
 * mini-games, other engines' JavaScript): Firebase Auth over its REST API, the callables over HTTPS, and matches
 * followed by the `watchMatch` stream (where `fetch` can read one) or `getMatchState` long-polls. It uses nothing
 * beyond ECMAScript 2019 and timers unless the host hands it in: a request function, or `fetch`.
 */
import type { CallName, EmulatorHosts } from './contract.js';
import { LadderError } from './errors.js';
import { restSession } from './http/auth.js';
import { fetchStreamer, httpInvoker } from './http/callables.js';
import { adapterPost, type FetchLike, fetchPost, type RequestAdapter } from './http/request.js';
import { Ladder } from './ladder.js';
import { deployedName } from './names.js';
import { RemoteFeed } from './remoteFeed.js';
import { retrying } from './retry.js';

export interface HttpLadderOptions {
  /** The Firebase project's id and web API key (from its web app config). */
  projectId: string;
  apiKey: string;
  /** Where the functions are deployed; default `us-central1`. */
  region?: string;
  /** `stream` (default with `fetch`, which can read a streamed body) or `poll` (the only one with `request`). */
  transport?: 'stream' | 'poll';
  /** A mini-game's request function (`wx.request`, `tt.request`); it cannot stream. One of `request` or `fetch`. */
  request?: RequestAdapter;
  /** The host's `fetch` (browsers, Node 18+): pass `fetch`. Not looked up as a global, so a host without it loses nothing. */
  fetch?: FetchLike;
  /** Emulator endpoints as `host:port` (Auth and Functions; Firestore is not used). */
  emulators?: Omit<EmulatorHosts, 'firestore'> & { firestore?: string };
  /** The group the ladder's functions are exported under, default `ladder` (see the Firebase entry's `group`). */
  group?: string;
  /**
   * A relay in front of Google's endpoints (say on the studio's own domain): callables at `${functions}/${group}-${name}`,
   * the Auth REST API at `${auth}/identitytoolkit.googleapis.com/…` and `${auth}/securetoken.googleapis.com/…`.
   */
  relay?: { functions: string; auth: string };
  /** The game's build ("1.4.2"), sent with every queue request (see `builds` in the configuration). */
  build?: string;
}

function endpoints(options: HttpLadderOptions) {
  const region = options.region ?? 'us-central1';
  if (options.relay)
    return { functions: options.relay.functions, identity: options.relay.auth, token: options.relay.auth };
  if (options.emulators) {
    const functions = `http://${options.emulators.functions}/${options.projectId}/${region}`;
    const auth = `http://${options.emulators.auth}`;
    return { functions, identity: auth, token: auth };
  }
  return {
    functions: `https://${region}-${options.projectId}.cloudfunctions.net`,
    identity: 'https://identitytoolkit.googleapis.com',
    token: 'https://securetoken.googleapis.com',
  };
}

/** A player's Ladder over plain HTTPS: no Firebase SDK is loaded or bundled. */
export function createLadder(options: HttpLadderOptions): Ladder {
  if (!options?.projectId || !options.apiKey)
    throw new LadderError('invalid-argument', 'createLadder needs { projectId, apiKey } from the web app config.');
  const { request, fetch } = options;
  if (!request && !fetch)
    throw new LadderError(
      'invalid-argument',
      'createLadder needs a way to send requests: { request: wx.request } (or tt.request) in a mini-game, { fetch } elsewhere.',
    );
  if (request && options.transport === 'stream')
    throw new LadderError('invalid-argument', "transport: a request adapter cannot read a stream; use 'poll'.");
  const where = endpoints(options);
  const post = request ? adapterPost(request) : fetchPost(fetch!);
  const session = restSession(post, { identity: where.identity, token: where.token, apiKey: options.apiKey });
  const urlOf = (name: CallName) => `${where.functions}/${deployedName(name, options.group)}`;
  const call = retrying(httpInvoker(post, urlOf, session.idToken));
  const transport = options.transport ?? (request ? 'poll' : 'stream');
  const open = transport === 'stream' && fetch ? fetchStreamer(fetch, urlOf, session.idToken) : undefined;
  return new Ladder(
    {
      call,
      session,
      feed: new RemoteFeed(call, { open }),
      docs: null,
    },
    options.build,
  );
}

export type { Ladder };
export type { FetchLike, FetchResponse, RequestAdapter, RequestOptions } from './http/request.js';
export { LadderError, isLadderError, toLadderError, type LadderErrorCode } from './errors.js';
export type { Match, MatchOptions } from './match.js';
export { isEnded, type EndedStatus, type MatchStatus, type MatchStatusKind } from './status.js';
export { describeRoom, outcomeOf, sideOf, teamResultFor } from './room.js';
export { playerAsOf, rankAsOf, rankLabel, tierLabel } from './rank.js';
export type * from './types.js';
