import type {
  DocumentReference,
  DocumentSnapshot,
  Query,
  QuerySnapshot,
  Transaction,
  UpdateData,
} from 'firebase-admin/firestore';
import { database } from './db.js';
import { countQueryReads, countReads, countWrites } from './metrics.js';

/**
 * A Firestore transaction that counts what it reads and writes. Reads count in every attempt (an aborted
 * attempt's reads are billed too); writes are tallied here and counted once, by `transaction`, when they commit.
 */
export class Tx {
  writes = 0;

  constructor(private readonly tx: Transaction) {}

  async get<T>(ref: DocumentReference<T>): Promise<DocumentSnapshot<T>> {
    countReads(1);
    return this.tx.get(ref);
  }

  /** One round trip for documents of possibly different types; callers know which is which by position. */
  // biome-ignore lint/suspicious/noExplicitAny: the refs name different document types; callers know each by position.
  async getAll(refs: DocumentReference<any>[]): Promise<DocumentSnapshot<any>[]> {
    if (refs.length === 0) return [];
    countReads(refs.length);
    return this.tx.getAll(...refs);
  }

  async query<T>(query: Query<T>): Promise<QuerySnapshot<T>> {
    const snapshot = await this.tx.get(query);
    countQueryReads(snapshot.size);
    return snapshot;
  }

  create<T>(ref: DocumentReference<T>, data: T) {
    this.writes++;
    this.tx.create(ref, data as never);
  }

  set<T>(ref: DocumentReference<T>, data: T) {
    this.writes++;
    this.tx.set(ref, data as never);
  }

  update<T>(ref: DocumentReference<T>, data: UpdateData<T>) {
    this.writes++;
    this.tx.update(ref, data as never);
  }

  delete(ref: DocumentReference<unknown>) {
    this.writes++;
    this.tx.delete(ref);
  }
}

/** Runs `work` as a transaction; the writes of the attempt that committed are counted. */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  let attempt: Tx | undefined;
  const result = await database().runTransaction((tx) => {
    attempt = new Tx(tx);
    return work(attempt);
  });
  countWrites(attempt?.writes ?? 0);
  return result;
}
