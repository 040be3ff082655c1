import { Timestamp } from 'firebase-admin/firestore';
import { z } from 'zod';
import { poolEntrySchema, toPoolEntry, type PoolEntry, type TicketDoc } from '../core/queue.js';
import { converter } from './converters.js';
import { db } from './db.js';
import { countQueryReads, countWrites } from './metrics.js';
import { Mirror } from './mirror.js';
import { poolRef, TICKET_CHANGED_AT, ticketsRef } from './refs.js';

/**
 * `pools/{mode}/digest/{index}`: a mode's queued tickets as of `asOf` (a snapshot's read time), left by one
 * matcher run for the next. The next run reads these few chunks and then only the tickets changed since
 * (every ticket write stamps `changedAt`), instead of one read per waiting ticket. The entries travel as JSON
 * text, one unindexed field sized in bytes. Chunks that disagree (a run died while writing them) are ignored
 * and the pool is read in full, so correctness never depends on the digest being written.
 */
const chunkSchema = z.object({
  asOf: z.instanceof(Timestamp),
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  tickets: z.string(),
});
type Chunk = z.infer<typeof chunkSchema>;

/** Well under Firestore's 1 MiB document limit; a 10,000-ticket pool takes two or three chunks. */
const CHUNK_BYTES = 700_000;
/** Chunks per batched write, keeping each commit far below its 10 MiB request limit. */
const CHUNKS_PER_BATCH = 8;

const digestCollection = (mode: string) => poolRef(mode).collection('digest');
const digestRef = (mode: string) => digestCollection(mode).withConverter(converter(chunkSchema));

interface Digest {
  asOf: Timestamp;
  entries: PoolEntry[];
}

function assemble(chunks: Chunk[]): Digest | null {
  const first = chunks.find((c) => c.index === 0);
  if (!first) return null;
  const set = chunks
    .filter((c) => c.asOf.isEqual(first.asOf) && c.count === first.count)
    .sort((a, b) => a.index - b.index);
  if (set.length !== first.count || set.some((c, i) => c.index !== i)) return null;
  try {
    const entries = z.array(poolEntrySchema).safeParse(set.flatMap((c) => JSON.parse(c.tickets) as unknown[]));
    return entries.success ? { asOf: first.asOf, entries: entries.data } : null;
  } catch {
    return null;
  }
}

function split(entries: PoolEntry[]): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const json = JSON.stringify(entry);
    const size = Buffer.byteLength(json) + 1;
    if (current.length && bytes + size > CHUNK_BYTES) {
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
 * The queued tickets of one mode for the length of a matcher run: from the previous run's digest plus the
 * tickets changed since, or, without a usable digest, from the whole pool.
 */
export class PoolMirror {
  private constructor(
    readonly mode: string,
    private readonly mirror: Mirror<TicketDoc, PoolEntry>,
    private readonly chunkIds: string[],
    private readonly hadDigest: boolean,
  ) {}

  static async open(mode: string): Promise<PoolMirror> {
    // Read without the converter: a malformed chunk makes the digest unusable, not the run fail.
    const snapshot = await digestCollection(mode).get();
    countQueryReads(snapshot.size);
    const chunks = snapshot.docs.flatMap((d) => {
      const parsed = chunkSchema.safeParse(d.data());
      return parsed.success ? [parsed.data] : [];
    });
    const digest = assemble(chunks);
    const queued = (doc: TicketDoc) => (doc.status === 'queued' ? toPoolEntry(doc) : null);
    const mirror = digest
      ? new Mirror(ticketsRef(mode).where(TICKET_CHANGED_AT, '>', digest.asOf), queued, { initial: digest.entries })
      : new Mirror(ticketsRef(mode).where('status', '==', 'queued'), queued);
    const pool = new PoolMirror(
      mode,
      mirror,
      snapshot.docs.map((d) => d.id),
      digest !== null,
    );
    await mirror.ready;
    return pool;
  }

  values(): PoolEntry[] {
    return this.mirror.values();
  }

  has(id: string) {
    return this.mirror.has(id);
  }

  /**
   * Stops listening and leaves the digest for the next run, unless nothing changed since the one it started
   * from (a quiet pool costs no writes).
   */
  async close() {
    this.mirror.close();
    const asOf = this.mirror.readTime;
    if (!asOf || (this.hadDigest && !this.mirror.changed) || (!this.hadDigest && this.mirror.values().length === 0))
      return;
    const texts = split(this.mirror.values());
    const chunks: [string, Chunk | null][] = texts.map((tickets, index) => [
      String(index),
      { asOf, index, count: texts.length, tickets },
    ]);
    const rewritten = new Set(chunks.map(([id]) => id));
    for (const id of this.chunkIds) if (!rewritten.has(id)) chunks.push([id, null]);
    for (let i = 0; i < chunks.length; i += CHUNKS_PER_BATCH) {
      const batch = db.batch();
      const slice = chunks.slice(i, i + CHUNKS_PER_BATCH);
      for (const [id, chunk] of slice) {
        if (chunk) batch.set(digestRef(this.mode).doc(id), chunk);
        else batch.delete(digestRef(this.mode).doc(id));
      }
      await batch.commit();
      countWrites(slice.length);
    }
  }
}
