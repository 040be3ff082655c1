import { withOpCounts, type OpCounts } from '../../functions/src/store/firestore/metrics.js';

/** The reads and writes one piece of store work made, counted as the store counts them. */
export async function costOf(work: () => Promise<unknown>): Promise<OpCounts> {
  let ops: OpCounts = { reads: 0, writes: 0 };
  await withOpCounts(work, async (counted) => {
    ops = counted;
  });
  return ops;
}
