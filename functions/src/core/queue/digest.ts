import { z } from 'zod';
import { poolEntrySchema, type PoolEntry } from './ticket.js';

/**
 * The pool digest: a mode's queued tickets as of a snapshot's read time, left by one matcher run for the next.
 * The next run reads these few chunks and then only the tickets changed since (every ticket write stamps
 * `changedAt`), instead of one read per waiting ticket. The entries travel as JSON text, one unindexed field
 * sized in bytes. Chunks that disagree (a run died while writing them) are ignored and the pool is read in
 * full, so correctness never depends on the digest being written. `T` is the store's time stamp type.
 */
export interface DigestChunk<T> {
  asOf: T;
  index: number;
  count: number;
  tickets: string;
}

/** Well under Firestore's 1 MiB document limit; a 10,000-ticket pool takes two or three chunks. */
export const DIGEST_CHUNK_BYTES = 700_000;

const utf8 = new TextEncoder();

/** The entries of one complete set of chunks (every index, all of the same moment), or null if there is none. */
export function assembleDigest<T>(
  chunks: readonly DigestChunk<T>[],
  sameMoment: (a: T, b: T) => boolean,
): { asOf: T; entries: PoolEntry[] } | null {
  const first = chunks.find((c) => c.index === 0);
  if (!first) return null;
  const set = chunks
    .filter((c) => sameMoment(c.asOf, first.asOf) && c.count === first.count)
    .sort((a, b) => a.index - b.index);
  if (set.length !== first.count || set.some((c, i) => c.index !== i)) return null;
  try {
    const entries = z.array(poolEntrySchema).safeParse(set.flatMap((c) => JSON.parse(c.tickets) as unknown[]));
    return entries.success ? { asOf: first.asOf, entries: entries.data } : null;
  } catch {
    return null;
  }
}

/** The entries as JSON array texts of at most `chunkBytes` each (a single larger entry gets a chunk of its own). */
export function splitDigest(entries: readonly PoolEntry[], chunkBytes = DIGEST_CHUNK_BYTES): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const json = JSON.stringify(entry);
    const size = utf8.encode(json).length + 1;
    if (current.length && bytes + size > chunkBytes) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      bytes = 0;
    }
    current.push(json);
    bytes += size;
  }
  return [...chunks, `[${current.join(',')}]`];
}

/**
 * Whether a closing run leaves a digest: not when nothing changed since the one it started from, nor when it
 * read the pool in full and found it empty (a quiet pool costs no writes).
 */
export function digestWorthWriting(hadDigest: boolean, changed: boolean, entries: number): boolean {
  return hadDigest ? changed : entries > 0;
}

/** The chunk documents a digest of `entries` takes, by id, and the stale ids of a previous digest to delete (null). */
export function digestChunks<T>(
  entries: readonly PoolEntry[],
  asOf: T,
  previousIds: readonly string[],
): [string, DigestChunk<T> | null][] {
  const texts = splitDigest(entries);
  const chunks: [string, DigestChunk<T> | null][] = texts.map((tickets, index) => [
    String(index),
    { asOf, index, count: texts.length, tickets },
  ]);
  const rewritten = new Set(chunks.map(([id]) => id));
  for (const id of previousIds) if (!rewritten.has(id)) chunks.push([id, null]);
  return chunks;
}
