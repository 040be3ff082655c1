import type { PoolId } from '../core/mode/pool.js';
import type { Timestamp } from 'firebase-admin/firestore';
import { ALL_CHANGE_SHARDS, CHANGE_SHARDS } from '../core/queue/changeShard.js';
import { assembleDigest, digestChunks, digestWorthWriting } from '../core/queue/digest.js';
import { toPoolEntry, type PoolEntry, type TicketDoc } from '../core/queue/ticket.js';
import { type Counted, countQueryReads, countWrites } from './firestore/metrics.js';
import { Mirror } from './firestore/mirror.js';
import {
  digestChunkRef,
  digestChunkSchema,
  digestChunksRef,
  type On,
  TICKET_CHANGE_SHARD,
  TICKET_CHANGED_AT,
  ticketsRef,
} from './firestore/refs.js';

/** Chunks per batched write, keeping each commit far below its 10 MiB request limit. */
const CHUNKS_PER_BATCH = 8;

/**
 * The queued tickets of one pool for the length of a matcher run: from the previous run's digest plus the
 * tickets changed since, or, without a usable digest, from the whole pool.
 */
export class PoolMirror {
  private constructor(
    private readonly on: On & Counted,
    readonly poolId: PoolId,
    private readonly mirror: Mirror<TicketDoc, PoolEntry>,
    private readonly chunkIds: string[],
    private readonly hadDigest: boolean,
  ) {}

  static async open(on: On & Counted, poolId: PoolId): Promise<PoolMirror> {
    const snapshot = await digestChunksRef(on, poolId).get();
    countQueryReads(on, snapshot.size, 'digest');
    const chunks = snapshot.docs.flatMap((d) => {
      const parsed = digestChunkSchema.safeParse(d.data());
      return parsed.success ? [parsed.data] : [];
    });
    const digest = assembleDigest(chunks, (a, b) => a.isEqual(b));
    const queued = (doc: TicketDoc) => (doc.status === 'queued' ? toPoolEntry(doc) : null);
    const mirror = digest
      ? new Mirror(on, changedSince(on, poolId, digest.asOf), queued, { initial: digest.entries })
      : new Mirror(on, ticketsRef(on, poolId).where('status', '==', 'queued'), queued);
    const pool = new PoolMirror(
      on,
      poolId,
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

  /** Stops listening, leaving no digest: for a pool whose lease another run may hold by now. */
  stop() {
    this.mirror.close();
  }

  /**
   * Stops listening and leaves the digest for the next run, unless nothing changed since the one it started
   * from (a quiet pool costs no writes).
   */
  async close() {
    this.mirror.close();
    const asOf = this.mirror.readTime;
    if (!asOf || !digestWorthWriting(this.hadDigest, this.mirror.changed, this.mirror.values().length)) return;
    const chunks = digestChunks(this.mirror.values(), asOf, this.chunkIds);
    for (let i = 0; i < chunks.length; i += CHUNKS_PER_BATCH) {
      const batch = this.on.db.batch();
      const slice = chunks.slice(i, i + CHUNKS_PER_BATCH);
      for (const [id, chunk] of slice) {
        if (chunk) batch.set(digestChunkRef(this.on, this.poolId, id), { ...chunk, changeShards: CHANGE_SHARDS });
        else batch.delete(digestChunkRef(this.on, this.poolId, id));
      }
      await batch.commit();
      countWrites(this.on, slice.length, 'digest');
    }
  }
}

/** The pool's tickets changed after `asOf`: every change shard, each an index range of its own. */
const changedSince = (on: On, poolId: PoolId, asOf: Timestamp) =>
  ticketsRef(on, poolId).where(TICKET_CHANGE_SHARD, 'in', ALL_CHANGE_SHARDS).where(TICKET_CHANGED_AT, '>', asOf);
