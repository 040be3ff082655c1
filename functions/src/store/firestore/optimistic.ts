import type { DocumentData, DocumentReference, UpdateData } from 'firebase-admin/firestore';
import { mayNotHaveWritten } from './grpc.js';
import { type Counted, countReads, countWrites, kindOf } from './metrics.js';

/** What to do with one document, decided from its current contents. */
export type Decision<T, R> =
  | { kind: 'unchanged'; result: R }
  /** The fields to change (the whole document, or some of them). */
  | { kind: 'write'; document: Partial<T>; result: R }
  /** The change spans documents: it must run as a transaction. */
  | { kind: 'transaction' };

const ATTEMPTS = 12;

/**
 * Changes one document by optimistic concurrency: read it, decide, and write only if nobody wrote it since (an
 * update with a last-update-time precondition), else read and decide again. A transaction would lock the
 * document from its read to its commit, so players answering one room at the same moment would queue behind
 * each other's locks (the emulator took seconds and logged lock timeouts); here a lost race costs one more read,
 * and so does a write whose outcome the backend could not tell (it is read again before anything is decided).
 * Changes that span documents, and a document that keeps changing under us, fall back to `inTransaction`.
 */
export async function changeDocument<T extends DocumentData, R>(
  on: Counted,
  ref: DocumentReference<T>,
  decide: (current: T | undefined) => Decision<T, R>,
  inTransaction: () => Promise<R>,
): Promise<R> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const snapshot = await ref.get();
    countReads(on, 1, kindOf(ref));
    const decision = decide(snapshot.data());
    if (decision.kind === 'unchanged') return decision.result;
    if (decision.kind === 'transaction' || !snapshot.updateTime) break;
    try {
      await ref.update(decision.document as UpdateData<T>, { lastUpdateTime: snapshot.updateTime });
      countWrites(on, 1, kindOf(ref));
      return decision.result;
    } catch (error) {
      if (!mayNotHaveWritten(error)) throw error;
    }
  }
  return inTransaction();
}
