import { z } from 'zod';
import { percentile } from './percentile.js';

export const waitFiguresSchema = z.object({ p50: z.number(), p95: z.number(), samples: z.number().int() });
export type WaitFigures = z.infer<typeof waitFiguresSchema>;

/** The p50 and p95 of some waits (in any order) and how many there are, or null for none. */
export function waitFigures(waits: readonly number[]): WaitFigures | null {
  const p50 = percentile(waits, 50);
  const p95 = percentile(waits, 95);
  return p50 === null || p95 === null ? null : { p50, p95, samples: waits.length };
}

/** One matched ticket's wait, with its party size and rating band. */
export interface TicketWait {
  seconds: number;
  size: number;
  band: string;
}

export interface GroupWaits {
  /** By party size ("1" … "5"), smallest first. */
  bySize: Record<string, WaitFigures>;
  /** By rating band, in the order of `bands`; a band without waits is left out. */
  byBand: Record<string, WaitFigures>;
}

/**
 * Waits by party size and by rating band (issue 30): friends who queue together should wait about as long as
 * those who queue alone, and no band far longer than the rest, and an average over everyone hides both.
 */
export function groupWaits(waits: readonly TicketWait[], bands: readonly string[]): GroupWaits {
  const grouped = (key: (w: TicketWait) => string, order: readonly string[]) => {
    const by = new Map<string, number[]>();
    for (const w of waits) by.set(key(w), [...(by.get(key(w)) ?? []), w.seconds]);
    return Object.fromEntries(
      order.flatMap((k) => {
        const figures = waitFigures(by.get(k) ?? []);
        return figures ? [[k, figures]] : [];
      }),
    );
  };
  const sizes = [...new Set(waits.map((w) => w.size))].sort((a, b) => a - b).map(String);
  return { bySize: grouped((w) => String(w.size), sizes), byBand: grouped((w) => w.band, bands) };
}
