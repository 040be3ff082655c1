/** Counting sort is used while the key range stays within this many buckets per item. */
const BUCKETS_PER_ITEM = 4;

/**
 * `items` (ascending) ordered by ascending `keys[item]`, ties by the smaller item. Scores and
 * timestamps are almost always integers over a compact range, which a counting sort orders in linear time;
 * anything else falls back to a comparison sort.
 */
export function sortByKey(items: Int32Array, keys: ArrayLike<number>): Int32Array {
  if (items.length < 2) return items.slice();
  let min = Infinity;
  let max = -Infinity;
  let integral = true;
  for (const item of items) {
    const key = keys[item] ?? Number.NaN;
    if (!Number.isInteger(key)) integral = false;
    if (key < min) min = key;
    if (key > max) max = key;
  }
  const range = max - min + 1;
  if (!integral || range > BUCKETS_PER_ITEM * items.length) {
    return items.slice().sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
  }
  const starts = new Int32Array(range + 1);
  for (const item of items) {
    const bucket = (keys[item] ?? min) - min + 1;
    starts[bucket] = (starts[bucket] ?? 0) + 1;
  }
  for (let b = 1; b <= range; b++) starts[b] = (starts[b] ?? 0) + (starts[b - 1] ?? 0);
  const sorted = new Int32Array(items.length);
  for (const item of items) {
    const bucket = (keys[item] ?? min) - min;
    const at = starts[bucket] ?? 0;
    sorted[at] = item;
    starts[bucket] = at + 1;
  }
  return sorted;
}
