import { expectTypeOf, it } from 'vitest';
import type { CallableFunction } from 'firebase-functions/v2/https';
import type { CallRequest, CallResponse, Calls, Streams } from '@ladder/client';
import type { LadderFunctions } from '../../functions/src/ladder.js';
import type { Unbranded } from '../support/unbranded.js';

// The callables the server deploys in its group (scheduled jobs are not callable).
type Deployed = {
  [N in keyof LadderFunctions as LadderFunctions[N] extends CallableFunction<unknown, unknown>
    ? N
    : never]: LadderFunctions[N];
};
// Plain JSON on the wire: a request without arguments is `{}` on both sides, however each spells it.
type Wire<T> = T extends Record<string, undefined> ? 'no arguments' : T;
type Client<N extends keyof Calls> = { request: Wire<CallRequest<N>>; response: CallResponse<N> };
type Server<N extends keyof Deployed> =
  Deployed[N] extends CallableFunction<infer Req, Promise<infer Res>>
    ? { request: Wire<Req>; response: Unbranded<Res> }
    : never;

// Type assertions: `npm run typecheck` fails as soon as the client's contract and the server's handlers drift apart.
it('names exactly the callables the server deploys', () => {
  expectTypeOf<keyof Calls>().toEqualTypeOf<keyof Deployed>();
});

it('sends what each handler accepts and expects what it answers', () => {
  expectTypeOf<Client<'login'>>().toEqualTypeOf<Server<'login'>>();
  expectTypeOf<Client<'getModes'>>().toEqualTypeOf<Server<'getModes'>>();
  expectTypeOf<Client<'getProfile'>>().toEqualTypeOf<Server<'getProfile'>>();
  expectTypeOf<Client<'setDisplayName'>>().toEqualTypeOf<Server<'setDisplayName'>>();
  expectTypeOf<Client<'createParty'>>().toEqualTypeOf<Server<'createParty'>>();
  expectTypeOf<Client<'joinParty'>>().toEqualTypeOf<Server<'joinParty'>>();
  expectTypeOf<Client<'leaveParty'>>().toEqualTypeOf<Server<'leaveParty'>>();
  expectTypeOf<Client<'kickPartyMember'>>().toEqualTypeOf<Server<'kickPartyMember'>>();
  expectTypeOf<Client<'transferPartyLeadership'>>().toEqualTypeOf<Server<'transferPartyLeadership'>>();
  expectTypeOf<Client<'disbandParty'>>().toEqualTypeOf<Server<'disbandParty'>>();
  expectTypeOf<Client<'refreshPartyCode'>>().toEqualTypeOf<Server<'refreshPartyCode'>>();
  expectTypeOf<Client<'enqueue'>>().toEqualTypeOf<Server<'enqueue'>>();
  expectTypeOf<Client<'cancelQueue'>>().toEqualTypeOf<Server<'cancelQueue'>>();
  expectTypeOf<Client<'heartbeat'>>().toEqualTypeOf<Server<'heartbeat'>>();
  expectTypeOf<Client<'acceptMatch'>>().toEqualTypeOf<Server<'acceptMatch'>>();
  expectTypeOf<Client<'declineMatch'>>().toEqualTypeOf<Server<'declineMatch'>>();
  expectTypeOf<Client<'reportResult'>>().toEqualTypeOf<Server<'reportResult'>>();
  expectTypeOf<Client<'getLeaderboard'>>().toEqualTypeOf<Server<'getLeaderboard'>>();
  expectTypeOf<Client<'blockPlayer'>>().toEqualTypeOf<Server<'blockPlayer'>>();
  expectTypeOf<Client<'unblockPlayer'>>().toEqualTypeOf<Server<'unblockPlayer'>>();
  expectTypeOf<Client<'getBlockList'>>().toEqualTypeOf<Server<'getBlockList'>>();
  expectTypeOf<Client<'forfeit'>>().toEqualTypeOf<Server<'forfeit'>>();
  expectTypeOf<Client<'getSeasons'>>().toEqualTypeOf<Server<'getSeasons'>>();
  expectTypeOf<Client<'banPlayer'>>().toEqualTypeOf<Server<'banPlayer'>>();
  expectTypeOf<Client<'unbanPlayer'>>().toEqualTypeOf<Server<'unbanPlayer'>>();
  expectTypeOf<Client<'pauseMode'>>().toEqualTypeOf<Server<'pauseMode'>>();
  expectTypeOf<Client<'resumeMode'>>().toEqualTypeOf<Server<'resumeMode'>>();
  expectTypeOf<Client<'adjustRating'>>().toEqualTypeOf<Server<'adjustRating'>>();
  expectTypeOf<Client<'voidRoom'>>().toEqualTypeOf<Server<'voidRoom'>>();
  expectTypeOf<Client<'closeSeasonNow'>>().toEqualTypeOf<Server<'closeSeasonNow'>>();
  expectTypeOf<Client<'extendSeason'>>().toEqualTypeOf<Server<'extendSeason'>>();
  expectTypeOf<Client<'deleteAccount'>>().toEqualTypeOf<Server<'deleteAccount'>>();
  expectTypeOf<Client<'exportMyData'>>().toEqualTypeOf<Server<'exportMyData'>>();
  expectTypeOf<Client<'getHistory'>>().toEqualTypeOf<Server<'getHistory'>>();
  expectTypeOf<Client<'getMatchState'>>().toEqualTypeOf<Server<'getMatchState'>>();
  expectTypeOf<Client<'watchMatch'>>().toEqualTypeOf<Server<'watchMatch'>>();
  expectTypeOf<Client<'requestRematch'>>().toEqualTypeOf<Server<'requestRematch'>>();
  expectTypeOf<Client<'declineRematch'>>().toEqualTypeOf<Server<'declineRematch'>>();
});

it('reads the chunks a streaming callable sends', () => {
  type Chunk<N extends keyof Deployed> = Deployed[N] extends CallableFunction<unknown, unknown, infer C> ? C : never;
  expectTypeOf<Streams['watchMatch']>().toEqualTypeOf<Unbranded<Chunk<'watchMatch'>>>();
});
