import type {
  DocumentReference,
  DocumentSnapshot,
  Query,
  QuerySnapshot,
  Transaction,
  UpdateData,
} from 'firebase-admin/firestore';
import type { LadderContext } from '../../context.js';
import { countQueryReads, countReads, countWrites, kindOf } from './metrics.js';

/**
 * A Firestore transaction that counts what it reads and writes. Reads count in every attempt (an aborted
 * attempt's reads are billed too); writes are tallied here, by kind, and counted once, by `transaction`, when they
 * commit. It carries the ladder's context, so what runs inside a transaction reads the configuration and the clock
 * it runs with.
 */
export class Tx {
  readonly writes = new Map<string, number>();

  constructor(
    readonly ctx: LadderContext,
    private readonly tx: Transaction,
  ) {}

  /** The database the transaction runs in (store/firestore/refs.ts points references there). */
  get db() {
    return this.ctx.db;
  }

  async get<T>(ref: DocumentReference<T>): Promise<DocumentSnapshot<T>> {
    countReads(this.ctx, 1, kindOf(ref));
    return this.tx.get(ref);
  }

  /** One round trip for documents of possibly different types; callers know which is which by position. */
  // biome-ignore lint/suspicious/noExplicitAny: the refs name different document types; callers know each by position.
  async getAll(refs: DocumentReference<any>[]): Promise<DocumentSnapshot<any>[]> {
    if (refs.length === 0) return [];
    for (const ref of refs) countReads(this.ctx, 1, kindOf(ref));
    return this.tx.getAll(...refs);
  }

  /** `kind`: the collection queried, which an empty result cannot tell. */
  async query<T>(query: Query<T>, kind: string): Promise<QuerySnapshot<T>> {
    const snapshot = await this.tx.get(query);
    countQueryReads(this.ctx, snapshot.size, kind);
    return snapshot;
  }

  private wrote(ref: DocumentReference<unknown>) {
    const kind = kindOf(ref);
    this.writes.set(kind, (this.writes.get(kind) ?? 0) + 1);
  }

  create<T>(ref: DocumentReference<T>, data: T) {
    this.wrote(ref);
    this.tx.create(ref, data as never);
  }

  set<T>(ref: DocumentReference<T>, data: T) {
    this.wrote(ref);
    this.tx.set(ref, data as never);
  }

  update<T>(ref: DocumentReference<T>, data: UpdateData<T>) {
    this.wrote(ref);
    this.tx.update(ref, data as never);
  }

  delete(ref: DocumentReference<unknown>) {
    this.wrote(ref);
    this.tx.delete(ref);
  }
}

/** Runs `work` as a transaction; the writes of the attempt that committed are counted. */
export async function transaction<T>(ctx: LadderContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  let attempt: Tx | undefined;
  const result = await ctx.db.runTransaction((tx) => {
    attempt = new Tx(ctx, tx);
    return work(attempt);
  });
  for (const [kind, writes] of attempt?.writes ?? []) countWrites(ctx, writes, kind);
  return result;
}
