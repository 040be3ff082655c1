import { extendedCalendar, extensionToRead, seasonRunningAt, type SeasonExtension } from '../core/ladder/extension.js';
import type { Season } from '../core/ladder/season.js';
import { countQueryReads, countReads } from './firestore/metrics.js';
import { seasonExtensionRef, seasonExtensionsRef } from './firestore/refs.js';
import type { Tx } from './firestore/tx.js';
import type { LadderContext } from '../context.js';

/**
 * The season running on a ladder at `nowMs`, extensions included: the id a room formed now counts for. While a
 * configured season runs this reads nothing; in the gap after one (or after the last) it reads that season's
 * extension, inside `tx` when given, so a room formed after an old end sees an extension committed before it.
 */
export async function seasonNow(ctx: LadderContext, ladderId: string, nowMs: number, tx?: Tx): Promise<string | null> {
  const seasons = ctx.ladderOf(ladderId).seasons;
  const last = extensionToRead(seasons, nowMs);
  if (!last) return seasonRunningAt(seasons, null, nowMs)?.id ?? null;
  const ref = seasonExtensionRef(ctx, ladderId, last.id);
  let extension: SeasonExtension | undefined;
  if (tx) extension = (await tx.get(ref)).data();
  else {
    extension = (await ref.get()).data();
    countReads(ctx, 1, 'extensions');
  }
  return seasonRunningAt(seasons, extension ?? null, nowMs)?.id ?? null;
}

/** A season's end with its extension, if any (one read). */
export async function seasonEnd(ctx: LadderContext, ladderId: string, season: Season): Promise<number> {
  const extension = (await seasonExtensionRef(ctx, ladderId, season.id).get()).data();
  countReads(ctx, 1, 'extensions');
  return Math.max(season.end, extension?.end ?? season.end);
}

/** A ladder's whole calendar with its extensions applied (one query; none for a ladder without seasons). */
export async function calendarOf(ctx: LadderContext, ladderId: string): Promise<Season[]> {
  const seasons = ctx.ladderOf(ladderId).seasons;
  if (seasons.length === 0) return [];
  const extensions = await seasonExtensionsRef(ctx, ladderId).get();
  countQueryReads(ctx, extensions.size, 'extensions');
  return extendedCalendar(
    seasons,
    extensions.docs.map((d) => d.data()),
  );
}

/** Every season end still to come on any ladder, extensions included, soonest first. */
export async function seasonEndsAfter(ctx: LadderContext, nowMs: number): Promise<number[]> {
  const calendars = await Promise.all(Object.keys(ctx.config.ladders).map((id) => calendarOf(ctx, id)));
  const ends = calendars.flat().map((s) => s.end);
  return [...new Set(ends.filter((end) => end > nowMs))].sort((a, b) => a - b);
}
