import { connect, type LadderOptions } from './connect.js';
import { Ladder } from './ladder.js';

/** A player's Ladder over the Firebase web SDK: Auth and Functions, and Firestore loaded when first needed. */
export const createLadder = (options: LadderOptions) => new Ladder(connect(options), options.build);
export { Ladder };
export type { LadderOptions, Transport } from './connect.js';
export { deployedName } from './names.js';
export {
  invoker,
  type CallArgs,
  type CallName,
  type CallOptions,
  type CallRequest,
  type CallResponse,
  type Calls,
  type Streams,
  type EmulatorHosts,
  type Invoke,
} from './contract.js';
export type { DebugLog, ListenerEvent } from './listen.js';
export { LadderError, isLadderError, toLadderError, type LadderErrorCode } from './errors.js';
export type { Match, MatchOptions } from './match.js';
export { isEnded, type EndedStatus, type MatchStatus, type MatchStatusKind } from './status.js';
export {
  describeRoom,
  outcomeOf,
  sideOf,
  teamResultFor,
  type RoomPlayer,
  type RoomSide,
  type RoomView,
} from './room.js';
export { PartyApi } from './party.js';
export { rematchStatus, type RematchStatus } from './rematch.js';
export { measureRegions, type MeasureOptions, type Where } from './regions.js';
export type * from './types.js';
export { playerAsOf, rankAsOf, rankLabel, tierLabel } from './rank.js';
