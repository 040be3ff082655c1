import type { Seasons } from '@ladder/client';

const DAY_MS = 86_400_000;
/** The extension offered first, when the calendar leaves room for it. */
const DEFAULT_DAYS = 7;

/**
 * The most whole days the running season can be extended by: the server refuses an end that runs into the next
 * season, so with one next the days up to its start; null when nothing limits it.
 */
export const roomToExtend = (calendar: Seasons) =>
  calendar.current && calendar.next ? Math.floor((calendar.next.start - calendar.current.end) / DAY_MS) : null;

/** The days offered at first: ones the server accepts for every season shown that can be extended at all. */
export function offeredDays(calendars: readonly Seasons[]): number {
  const limits = calendars.map(roomToExtend).filter((d): d is number => d !== null && d >= 1);
  return Math.min(DEFAULT_DAYS, ...limits);
}

/** The running season's end moved by whole days, as the view asks the server for it. */
export const extendedEnd = (calendar: Seasons, days: number) => calendar.current!.end + days * DAY_MS;
