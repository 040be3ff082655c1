import { z } from 'zod';
import { fail } from '../errors.js';
import { seasonAt, type Season } from './season.js';

const DAY_MS = 86_400_000;

/**
 * How long before its end a season may still be extended. A room formed just after the old end by a matcher
 * that read no extension yet would count for no season; the extension's transaction takes far less than this
 * from reading the clock to its commit, so every room formed after the old end sees it.
 */
export const EXTEND_NOTICE_MS = 10_000;

/**
 * `ladders/{ladder}/extensions/{season}`: a season an operator ran longer than the configuration says. Stored
 * as data, so extending needs no redeploy; every reader of the season's end applies it (`extendedCalendar`).
 */
export const seasonExtensionSchema = z.object({
  ladder: z.string(),
  season: z.string(),
  /** The season's end now (ms since the epoch, excluded). */
  end: z.number().int(),
  /** The end the configuration gives, kept to show what was moved. */
  configuredEnd: z.number().int(),
  by: z.string(),
  at: z.number().int(),
});
export type SeasonExtension = z.infer<typeof seasonExtensionSchema>;

/** The new end as a request gives it: an ISO 8601 moment. */
export const endsAtSchema = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date and time, like 2027-02-01T00:00:00Z' })
  .transform((text) => Date.parse(text));

/** Or whole days after the season's configured end; a year at most. */
export const byDaysSchema = z
  .number()
  .int('must be a whole number of days')
  .positive('must be at least 1 day')
  .max(366, 'must be at most 366 days');

/** The new end: a moment (`endsAt`), or whole days after the configured end, so repeating a call moves nothing. */
export type ExtensionAsk = { endsAt: number } | { byDays: number };

/** The calendar with each stored extension applied: the seasons as every reader of an end must see them. */
export function extendedCalendar(seasons: readonly Season[], extensions: readonly { season: string; end: number }[]) {
  const ends = new Map(extensions.map((e) => [e.season, e.end]));
  return seasons.map((s) => ({ ...s, end: Math.max(s.end, ends.get(s.id) ?? s.end) }));
}

/**
 * The season whose extension decides what runs at `nowMs`, when the configuration alone cannot: none while a
 * configured season runs (an extension never reaches the next season's start), else the last one ended.
 */
export function extensionToRead(seasons: readonly Season[], nowMs: number): Season | null {
  if (seasonAt(seasons, nowMs)) return null;
  return seasons.filter((s) => s.end <= nowMs).at(-1) ?? null;
}

/** The season running at `nowMs`, given the extension (if any) of the season `extensionToRead` named. */
export function seasonRunningAt(seasons: readonly Season[], extension: SeasonExtension | null, nowMs: number) {
  return seasonAt(extendedCalendar(seasons, extension ? [extension] : []), nowMs);
}

const iso = (ms: number) => new Date(ms).toISOString();

export interface ExtensionState {
  ladder: string;
  seasons: readonly Season[];
  season: string;
  /** The stored extension of this season, if any. */
  extension: SeasonExtension | null;
  /** Whether the season's close has started (its `closes/{season}` document exists). */
  closing: boolean;
}

/**
 * Decides an extension: the season's new end, or `unchanged` when it already ends there (a repeated call).
 * Refuses, naming the field, an unknown season, one whose close started, one ended (or within
 * EXTEND_NOTICE_MS of its end), an end not later than now, earlier than the season's current end, or running
 * into the next season.
 */
export function decideExtension(state: ExtensionState, ask: ExtensionAsk, nowMs: number) {
  const { ladder, seasons, season } = state;
  const i = seasons.findIndex((s) => s.id === season);
  const configured = seasons[i];
  if (!configured) {
    fail(
      'invalid-argument',
      `season: ladder "${ladder}" has no season "${season}"; seasons: ${seasons.map((s) => s.id).join(', ') || 'none'}.`,
    );
  }
  const current = state.extension?.end ?? configured.end;
  const end = 'endsAt' in ask ? ask.endsAt : configured.end + ask.byDays * DAY_MS;
  if (state.closing) fail('failed-precondition', `season: "${season}" is closed; a closed season cannot be extended.`);
  if (end === current) return { kind: 'unchanged' as const, end };
  if (current - EXTEND_NOTICE_MS <= nowMs) {
    fail(
      'failed-precondition',
      `season: "${season}" ${current <= nowMs ? 'ended' : 'ends'} at ${iso(current)}; a season can be extended until ${EXTEND_NOTICE_MS / 1000} s before its end.`,
    );
  }
  const field = 'endsAt' in ask ? 'endsAt' : 'byDays';
  if (end <= nowMs)
    fail('invalid-argument', `${field}: the new end ${iso(end)} is not later than now (${iso(nowMs)}).`);
  if (end < current) {
    fail(
      'invalid-argument',
      `${field}: the new end ${iso(end)} is earlier than the season's current end ${iso(current)}; an extension only moves the end later.`,
    );
  }
  const next = seasons[i + 1];
  if (next && end > next.start) {
    fail(
      'invalid-argument',
      `${field}: the new end ${iso(end)} runs into season "${next.id}", which starts at ${iso(next.start)}.`,
    );
  }
  return { kind: 'extended' as const, before: current, end, configuredEnd: configured.end };
}

/**
 * The season a close-now names, once it has ended (as extended): an unknown season is refused with those there
 * are, one still running with its end.
 */
export function endedSeason(calendar: readonly Season[], ladderId: string, season: string, nowMs: number): Season {
  const found = calendar.find((s) => s.id === season);
  if (!found) {
    fail(
      'invalid-argument',
      `season: ladder "${ladderId}" has no season "${season}"; seasons: ${calendar.map((s) => s.id).join(', ') || 'none'}.`,
    );
  }
  if (found.end > nowMs) {
    fail(
      'failed-precondition',
      `season: "${season}" runs until ${new Date(found.end).toISOString()}; it closes after its end.`,
    );
  }
  return found;
}
