import { FieldPath } from 'firebase-admin/firestore';
import { bandEdges } from '../core/ladder/bands.js';
import { calibrationDocId, calibrationDocs, newDayTally, tallyRoom } from '../core/ops/calibration.js';
import { defaultTiers } from '../core/ladder/tiers.js';
import { countQueryReads, countWrites } from './firestore/metrics.js';
import { calibrationRef, ROOM_ENDED_DAY, roomsRef } from './firestore/refs.js';
import type { LadderContext } from '../context.js';

export interface CalibrationRun {
  day: string;
  /** Ended rooms read. */
  rooms: number;
  /** The documents written, `calibration/{id}`. */
  documents: string[];
}

/** A room of a ladder no longer configured is banded by the default tiers. */
const edgesOf = (ctx: LadderContext) => (ladder: string) =>
  bandEdges(ctx.config.ladders[ladder]?.tiers ?? defaultTiers);

/**
 * Computes one UTC day's calibration from every room that ended that day, a page at a time in room-id order (so
 * memory holds one page and the tallies' bins), then sets the day's documents whole. Nothing is written before
 * the last page, and the rooms of a past day no longer change: a run that dies is simply run again, and gives the
 * same documents.
 */
export async function calibrateDay(ctx: LadderContext, day: string, pageSize = 500): Promise<CalibrationRun> {
  const tally = newDayTally(day);
  let rooms = 0;
  let after: string | null = null;
  for (;;) {
    let query = roomsRef(ctx).where(ROOM_ENDED_DAY, '==', day).orderBy(FieldPath.documentId()).limit(pageSize);
    if (after !== null) query = query.startAfter(after);
    const page = await query.get();
    countQueryReads(ctx, page.size, 'rooms');
    for (const snap of page.docs) {
      const room = snap.data();
      tallyRoom(tally, room, edgesOf(ctx)(room.ladder));
    }
    rooms += page.size;
    if (page.size < pageSize) break;
    after = page.docs[page.size - 1]!.id;
  }
  const docs = calibrationDocs(tally, edgesOf(ctx));

  const batch = ctx.db.batch();
  for (const doc of docs) batch.set(calibrationRef(ctx, calibrationDocId(day, doc.mode)), doc);
  if (docs.length) await batch.commit();
  countWrites(ctx, docs.length, 'calibration');
  return { day, rooms, documents: docs.map((d) => calibrationDocId(day, d.mode)) };
}
