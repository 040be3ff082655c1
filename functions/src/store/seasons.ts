import { LIVE_ROOM_STATUSES } from '../core/room/room.js';
import type { Player } from '../core/player/player.js';
import { ranked } from '../core/ladder/standing.js';
import {
  calendarAt,
  closeStanding,
  FINAL_LEADERBOARD_SIZE,
  rankBatch,
  type SeasonArchive,
  type SeasonClose,
} from '../core/ladder/season.js';
import type { Ladder } from '../core/ladder/ladder.js';
import { countQueryReads, countWrites } from './firestore/metrics.js';
import {
  playerRef,
  playersRef,
  roomsRef,
  seasonArchiveRef,
  seasonArchivesOf,
  seasonArchivesRef,
  seasonCloseRef,
} from './firestore/refs.js';
import { transaction } from './firestore/tx.js';
import { calendarOf, seasonEnd, seasonNow } from './extension.js';
import type { LadderContext } from '../context.js';

export interface CloseOptions {
  /** Players archived, or archives ranked, per transaction. */
  batchSize?: number;
  /** Stop after this many batches (a time budget, or a test killing the run); a later run goes on. */
  maxBatches?: number;
  nowMs?: number;
}

export type CloseOutcome =
  | { kind: 'running'; endsAt: number }
  | { kind: 'waiting'; liveRooms: number }
  | { kind: 'paused'; close: SeasonClose }
  | { kind: 'done'; close: SeasonClose };

/** Rooms formed in the season and not over yet: the close waits for them, since their games count for it. */
async function liveRoomsOf(ctx: LadderContext, ladder: string, season: string): Promise<number> {
  const live = await roomsRef(ctx)
    .where('season', '==', season)
    .where('ladder', '==', ladder)
    .where('status', 'in', [...LIVE_ROOM_STATUSES])
    .limit(1)
    .get();
  countQueryReads(ctx, live.size, 'rooms');
  return live.size;
}

/** Archives and resets one batch of the players still in the season; false once none is left. */
async function rolloverBatch(
  ctx: LadderContext,
  ladderId: string,
  ladder: Ladder,
  season: string,
  size: number,
  nowMs: number,
) {
  const next = await seasonNow(ctx, ladderId, nowMs);
  const due = await playersRef(ctx).where(`ladders.${ladderId}.season`, '==', season).limit(size).get();
  countQueryReads(ctx, due.size, 'players');
  if (due.empty) return false;
  await transaction(ctx, async (tx) => {
    // Read again inside the transaction: a settlement may have closed a player meanwhile.
    const snaps = await tx.getAll([
      seasonCloseRef(ctx, ladderId, season),
      ...due.docs.map((d) => playerRef(ctx, d.id)),
    ]);
    const close = snaps[0]!.data() as SeasonClose;
    let archived = 0;
    for (const snap of snaps.slice(1)) {
      const player = snap.data() as Player;
      const standing = player.ladders[ladderId]!;
      const closed = closeStanding(player.uid, ladderId, standing, ladder, season, next, nowMs);
      if (!closed) continue;
      if (closed.archive) {
        tx.create(seasonArchiveRef(ctx, player.uid, season), closed.archive);
        archived += 1;
      }
      const reset = ranked(closed.standing, ladder, nowMs);
      tx.set(playerRef(ctx, player.uid), {
        ...player,
        ladders: { ...player.ladders, [ladderId]: reset },
        updatedAt: nowMs,
      });
    }
    tx.set(seasonCloseRef(ctx, ladderId, season), { ...close, archived: close.archived + archived });
  });
  return true;
}

/** Ranks the next batch of placed archives, best first, and keeps the top rows; false once all are ranked. */
async function rankingBatch(ctx: LadderContext, ladderId: string, season: string, size: number) {
  return transaction(ctx, async (tx) => {
    const close = (await tx.get(seasonCloseRef(ctx, ladderId, season))).data()!;
    let query = seasonArchivesRef(ctx)
      .where('ladder', '==', ladderId)
      .where('season', '==', season)
      .where('placed', '==', true)
      .orderBy('rating', 'desc')
      .orderBy('uid', 'asc');
    if (close.cursor) query = query.startAfter(close.cursor.rating, close.cursor.uid);
    const batch = await tx.query(query.limit(size), 'seasons');
    if (batch.empty) {
      tx.set(seasonCloseRef(ctx, ladderId, season), { ...close, phase: 'done', finishedAt: ctx.clock.now() });
      return false;
    }
    const archives = batch.docs.map((d) => d.data() as SeasonArchive);
    const { ranks, cursor } = rankBatch(archives, close.cursor);
    const top = [...close.top];
    archives.forEach((archive, i) => {
      const rank = ranks[i]!.rank;
      tx.update(seasonArchiveRef(ctx, archive.uid, season), { rank });
      if (top.length < FINAL_LEADERBOARD_SIZE)
        top.push({ rank, uid: archive.uid, rating: archive.rating, tier: archive.tier });
    });
    tx.set(seasonCloseRef(ctx, ladderId, season), { ...close, cursor, top });
    return true;
  });
}

/**
 * Closes a ladder's season: waits until no room formed in it is live, archives and resets every player
 * still in it (bounded batches, each one transaction), then ranks the archives and keeps the final
 * leaderboard. Every step records its progress with its writes, so the close can die anywhere and be run
 * again: a re-run goes on where it stopped, and a player already reset is never reset again.
 */
export async function closeSeason(
  ctx: LadderContext,
  ladderId: string,
  season: string,
  options: CloseOptions = {},
): Promise<CloseOutcome> {
  const { batchSize = 200, maxBatches = Number.POSITIVE_INFINITY } = options;
  const ladder = ctx.ladderOf(ladderId);
  const nowMs = options.nowMs ?? ctx.clock.now();
  const calendar = ladder.seasons.find((s) => s.id === season);
  if (!calendar) throw new Error(`ladder ${ladderId} has no season ${season}`);
  const ref = seasonCloseRef(ctx, ladderId, season);
  let close = (await ref.get()).data();
  countQueryReads(ctx, 1, 'closes');
  if (close?.phase === 'done') return { kind: 'done', close };
  if (!close) {
    // Not started: the season may have been extended (a started close is never extended, so needs no look).
    const end = await seasonEnd(ctx, ladderId, calendar);
    if (end > nowMs) return { kind: 'running', endsAt: end };
    const liveRooms = await liveRoomsOf(ctx, ladderId, season);
    if (liveRooms > 0) return { kind: 'waiting', liveRooms };
    await transaction(ctx, async (tx) => {
      if ((await tx.get(ref)).exists) return;
      tx.create(ref, {
        ladder: ladderId,
        season,
        phase: 'rollover',
        archived: 0,
        cursor: null,
        top: [],
        startedAt: nowMs,
        finishedAt: null,
      });
    });
  }
  for (let batches = 0; batches < maxBatches; batches++) {
    close = (await ref.get()).data()!;
    countQueryReads(ctx, 1, 'closes');
    if (close.phase === 'done') return { kind: 'done', close };
    const more =
      close.phase === 'rollover'
        ? await rolloverBatch(ctx, ladderId, ladder, season, batchSize, nowMs)
        : await rankingBatch(ctx, ladderId, season, batchSize);
    if (!more && close.phase === 'rollover') {
      await ref.update({ phase: 'ranking' });
      countWrites(ctx, 1, 'closes');
    }
  }
  return { kind: 'paused', close: (await ref.get()).data()! };
}

/** The ladder's calendar now, each past season with the caller's archive row (null if they did not play it). */
export async function seasonsOf(ctx: LadderContext, uid: string, ladderId: string) {
  const calendar = calendarAt(await calendarOf(ctx, ladderId), ctx.clock.now());
  const rows = await seasonArchivesOf(ctx, uid).where('ladder', '==', ladderId).get();
  countQueryReads(ctx, rows.size, 'seasons');
  const mine = new Map(rows.docs.map((d) => [d.data().season, d.data()]));
  return {
    ladder: ladderId,
    ...calendar,
    past: calendar.past.map((season) => ({ ...season, mine: mine.get(season.id) ?? null })),
  };
}
