import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { calibrationDocSchema, utcDay } from '../../core/ops/calibration.js';
import { reviewFlagSchema } from '../../core/fairplay/reportAbuse.js';
import { historyRowSchema } from '../../core/room/history.js';
import { gameBeatSchema } from '../../core/fairplay/leaving.js';
import { leaseSchema, runBeaconSchema } from '../../core/queue/lease.js';
import { partyCodeSchema, partySchema } from '../../core/player/party.js';
import { playerSchema, playerStateSchema } from '../../core/player/player.js';
import { queueStatsSchema } from '../../core/ops/queueStats.js';
import { roomDocSchema } from '../../core/room/room.js';
import { readyCheckSeenSchema } from '../../core/room/readyCheck.js';
import { seasonArchiveSchema, seasonCloseSchema } from '../../core/ladder/season.js';
import { seasonExtensionSchema } from '../../core/ladder/extension.js';
import { ticketDocSchema } from '../../core/queue/ticket.js';
import { CHANGE_SHARDS, changeShardOf } from '../../core/queue/changeShard.js';
import { auditRowSchema } from '../../core/ops/audit.js';
import { modePauseSchema } from '../../core/mode/pause.js';
import type { PoolId } from '../../core/mode/pool.js';
import { tombstoneSchema } from '../../core/player/deletion.js';
import { streamClaimSchema } from '../../core/queue/view.js';
import { converter, versionedConverter } from './converters.js';
import {
  historyRowHistory,
  playerHistory,
  playerStateHistory,
  seasonArchiveHistory,
} from '../../core/schemaVersion.js';
import type { Firestore } from 'firebase-admin/firestore';

// Every document the server reads or writes, by path, each with the converter of its schema, in the database of
// `on` (a ladder's context, or a transaction, which carries one).

/** Where a reference points: the database of a ladder's context, or of the transaction running in it. */
export interface On {
  readonly db: Firestore;
}

export const playersRef = (on: On) =>
  on.db.collection('players').withConverter(versionedConverter(playerSchema, playerHistory));
export const playerRef = (on: On, uid: string) => playersRef(on).doc(uid);
/** A state also carries `blockedUids`, for finding whom a deleted account must leave (readers never see it). */
const stateConverter = versionedConverter(playerStateSchema, playerStateHistory, (state) => ({
  blockedUids: state.blocked.map((b) => b.uid),
}));
export const playerStateRef = (on: On, uid: string) =>
  on.db.collection('playerStates').doc(uid).withConverter(stateConverter);
export const historyRef = (on: On, uid: string, roomId: string) =>
  playerRef(on, uid)
    .collection('history')
    .doc(roomId)
    .withConverter(versionedConverter(historyRowSchema, historyRowHistory));

/** `rateLimits/{uid}`: where a player's call bucket was kept before it moved onto their state; only deleted now. */
export const oldRateLimitRef = (on: On, uid: string) => on.db.collection('rateLimits').doc(uid);

/** `reviewFlags/{uid}`: players flagged for an operator's review; only operators (admin claim) read them. */
export const reviewFlagRef = (on: On, uid: string) =>
  on.db.collection('reviewFlags').doc(uid).withConverter(converter(reviewFlagSchema));

/** `matchStreams/{uid}`: which status stream of the player is the current one; no client reads it. */
export const streamClaimRef = (on: On, uid: string) =>
  on.db.collection('matchStreams').doc(uid).withConverter(converter(streamClaimSchema));

export const partyRef = (on: On, id: string) =>
  on.db.collection('parties').doc(id).withConverter(converter(partySchema));
/** `partyCodes/{code}`: the only way from a join code to a party; no client can read it. */
export const partyCodeRef = (on: On, code: string) =>
  on.db.collection('partyCodes').doc(code).withConverter(converter(partyCodeSchema));

/** `pools/{poolId}`: the pool's queue statistics, parent of its tickets and digest. */
export const poolRef = (on: On, poolId: PoolId) => on.db.collection('pools').doc(poolId);
export const queueStatsRef = (on: On, poolId: PoolId) => poolRef(on, poolId).withConverter(converter(queueStatsSchema));
/** Set to the commit time by every ticket write: the pool mirror follows the tickets changed since its digest. */
export const TICKET_CHANGED_AT = 'changedAt';
/** The ticket's change shard (core/queue/changeShard.ts), written beside `changedAt` and indexed before it. */
export const TICKET_CHANGE_SHARD = 'changeShard';
export const ticketsRef = (on: On, poolId: PoolId) =>
  poolRef(on, poolId)
    .collection('tickets')
    .withConverter(
      converter(ticketDocSchema, TICKET_CHANGED_AT, (ticket) => ({ [TICKET_CHANGE_SHARD]: changeShardOf(ticket.id) })),
    );
export const ticketRef = (on: On, poolId: PoolId, id: string) => ticketsRef(on, poolId).doc(id);

/**
 * `pools/{poolId}/digest/{index}`: one chunk of a pool's queued tickets as of `asOf` (a snapshot's read time),
 * left by one matcher run for the next (see core/queue/digest.ts). Its schema is here, not in core: `asOf` is
 * Firestore's own time stamp.
 */
export const digestChunkSchema = z.object({
  asOf: z.instanceof(Timestamp),
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  tickets: z.string(),
  /**
   * The change shards the tickets had when the digest was left. A digest from before tickets carried one is not
   * used: the tickets changed since then may carry none, and the query by shard would miss them.
   */
  changeShards: z.literal(CHANGE_SHARDS),
});
/** Without a converter: a malformed chunk makes the digest unusable, not the run fail. */
export const digestChunksRef = (on: On, poolId: PoolId) => poolRef(on, poolId).collection('digest');
export const digestChunkRef = (on: On, poolId: PoolId, id: string) =>
  digestChunksRef(on, poolId).doc(id).withConverter(converter(digestChunkSchema));

/**
 * Set from `endedAt` on every room write: the calibration job asks for a day's ended rooms by equality on it. An
 * indexed ever-increasing time stamp would hold the collection near 500 writes a second; a day's index entries are
 * ordered by the random room id after it, so they spread.
 */
export const ROOM_ENDED_DAY = 'endedDay';
const roomConverter = converter(roomDocSchema, undefined, (room) => ({
  [ROOM_ENDED_DAY]: room.endedAt === null ? null : utcDay(room.endedAt),
}));
export const roomsRef = (on: On) => on.db.collection('rooms').withConverter(roomConverter);
export const roomRef = (on: On, id: string) => roomsRef(on).doc(id);
export const gameBeatsRef = (on: On, roomId: string) =>
  on.db.collection('rooms').doc(roomId).collection('beats').withConverter(converter(gameBeatSchema));
export const gameBeatRef = (on: On, roomId: string, uid: string) => gameBeatsRef(on, roomId).doc(uid);
export const readyCheckSeenRef = (on: On, roomId: string, uid: string) =>
  on.db.collection('rooms').doc(roomId).collection('seen').doc(uid).withConverter(converter(readyCheckSeenSchema));

/** `matcherLeases/{poolId}`: the run that sweeps a pool (see store/lease.ts). */
export const leasesRef = (on: On) => on.db.collection('matcherLeases').withConverter(converter(leaseSchema));
export const leaseRef = (on: On, poolId: string) => leasesRef(on).doc(poolId);
/** `matcherRuns/{holder}`: the matcher runs alive, which share the pools out between them. */
export const runBeaconsRef = (on: On) => on.db.collection('matcherRuns').withConverter(converter(runBeaconSchema));
export const runBeaconRef = (on: On, holder: string) => runBeaconsRef(on).doc(holder);

/** `metrics/{function}`: operation counts per callable, written only with LADDER_METRICS=on. */
export const metricsRef = (on: On, functionName: string) => on.db.collection('metrics').doc(functionName);

/** `players/{uid}/seasons/{seasonId}`: how the player finished a season (core/ladder/season.ts). */
export const seasonArchivesOf = (on: On, uid: string) =>
  playerRef(on, uid).collection('seasons').withConverter(versionedConverter(seasonArchiveSchema, seasonArchiveHistory));
export const seasonArchiveRef = (on: On, uid: string, seasonId: string) => seasonArchivesOf(on, uid).doc(seasonId);
/** Every player's archive rows: the season close ranks them through a collection-group query. */
export const seasonArchivesRef = (on: On) =>
  on.db.collectionGroup('seasons').withConverter(versionedConverter(seasonArchiveSchema, seasonArchiveHistory));
/** `ladders/{ladder}/closes/{seasonId}`: a season close's progress and final leaderboard. */
export const seasonCloseRef = (on: On, ladder: string, seasonId: string) =>
  on.db
    .collection('ladders')
    .doc(ladder)
    .collection('closes')
    .doc(seasonId)
    .withConverter(converter(seasonCloseSchema));
/** `ladders/{ladder}/extensions/{seasonId}`: a season run longer than configured (core/ladder/extension.ts). */
export const seasonExtensionsRef = (on: On, ladder: string) =>
  on.db.collection('ladders').doc(ladder).collection('extensions').withConverter(converter(seasonExtensionSchema));
export const seasonExtensionRef = (on: On, ladder: string, seasonId: string) =>
  seasonExtensionsRef(on, ladder).doc(seasonId);

/** `calibration/{day}_{mode}`: a mode's day of predicted against actual results (core/ops/calibration.ts); operators only. */
export const calibrationRef = (on: On, id: string) =>
  on.db.collection('calibration').doc(id).withConverter(converter(calibrationDocSchema));

/** `audit/{id}`: one row per operator action (core/ops/audit.ts); operators alone read it. */
export const auditsRef = (on: On) => on.db.collection('audit').withConverter(converter(auditRowSchema));
export const auditRef = (on: On, id: string) => auditsRef(on).doc(id);

/** `modePauses/{target}`: a paused mode or regional pool (core/mode/pause.ts); readable by every signed-in player. */
export const modePauseRef = (on: On, target: string) =>
  on.db.collection('modePauses').doc(target).withConverter(converter(modePauseSchema));

/** `deletedPlayers/{uid}`: a deleted account's tombstone (core/player/deletion.ts); no client reads it. */
export const tombstoneRef = (on: On, uid: string) =>
  on.db.collection('deletedPlayers').doc(uid).withConverter(converter(tombstoneSchema));
/** Every player's history rows of one room or adjustment id; also a player's own, by `playerRef(on, uid)`. */
export const historyOf = (on: On, uid: string) =>
  playerRef(on, uid).collection('history').withConverter(versionedConverter(historyRowSchema, historyRowHistory));
/** Whose block lists name a player: `blockedUids` is derived from `blocked` on every full write of a state. */
export const blockersOf = (on: On, uid: string) =>
  on.db.collection('playerStates').withConverter(stateConverter).where('blockedUids', 'array-contains', uid);
