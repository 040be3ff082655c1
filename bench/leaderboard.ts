/**
 * `npm run bench:leaderboard`: seeds ranked players on the Firestore emulator, 1,000 (the baseline) and 10,000
 * (or `--players N`) in this run, and prints the reads each kind of `getLeaderboard` call makes for callers at
 * the top, the middle and the bottom: the top 20, 5 rows either side of the caller, a 100-player friends list.
 * Writes bench/leaderboard.json. Reads are counted as Firestore bills them (store/metrics.ts).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seedPopulation, startWithLadders } from './population.js';

const { values } = parseArgs({ options: { players: { type: 'string', default: '10000' } } });
const sizes = [1_000, Number(values.players)];

// One ladder per population, its season running now, so neither run sees the other's players.
const season = { id: 'bench', start: '2026-01-01T00:00:00Z', end: new Date(Date.now() + 86_400_000).toISOString() };
const stack = await startWithLadders(
  'leaderboard',
  Object.fromEntries(sizes.map((n) => [`p${n}`, { seasons: [season], placementGames: 3 }])),
);

const db = (await import('../functions/src/store/firestore/db.js')).database();
const { withOpCounts } = await import('../functions/src/store/firestore/metrics.js');
const { leaderboard } = await import('../functions/src/store/leaderboard.js');

async function readsOf(work: () => Promise<unknown>) {
  let reads = 0;
  await withOpCounts(work, async (ops) => {
    reads = ops.reads;
  });
  return reads;
}

const results = [];
try {
  for (const players of sizes) {
    const ladder = `p${players}`;
    // About one in ten still placing (placementGames 3), all active now.
    await seedPopulation(ladder, players, 30, Date.now());
    const board = await leaderboard(ladder, 100, `${ladder}-0`);
    const top = board.top[0]!.uid;
    const sorted = await db.collection('players').orderBy(`ladders.${ladder}.rating`, 'desc').select().get();
    const ids = sorted.docs.map((doc) => doc.id);
    const callers = { top, middle: ids[Math.floor(ids.length / 2)]!, bottom: ids.at(-1)! };
    // A friends list scattered over the whole ladder: the costliest kind, one rating band per friend.
    const friends = Array.from({ length: 100 }, (_, i) => ids[Math.floor((i * ids.length) / 100)]!);
    for (const [where, uid] of Object.entries(callers)) {
      const me = (await leaderboard(ladder, { around: 1 }, uid)).me;
      results.push({
        players,
        caller: where,
        rank: me?.rank ?? null,
        top20: await readsOf(() => leaderboard(ladder, 20, uid)),
        around5: await readsOf(() => leaderboard(ladder, { around: 5 }, uid)),
        friends100: await readsOf(() => leaderboard(ladder, { players: friends }, uid)),
      });
    }
  }
} finally {
  await stack.stop();
}
const report = {
  what: 'reads per getLeaderboard call (top 20 / 5 either side / 100 friends), with the caller rank',
  results,
};
console.table(results);
writeFileSync(new URL('leaderboard.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
process.exit(0);
