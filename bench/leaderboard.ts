/**
 * `npm run bench:leaderboard`: builds boards of exactly 1,000 (the baseline) and 10,000 (or `--players N`) ranked
 * players on the Firestore emulator, each beside a tenth as many still placing (who are off the board), checks
 * each board's size, and prints the reads each kind of `getLeaderboard` call makes for callers at the top, the
 * middle, the bottom and sixth from the bottom (the last with 5 rows below): the top 20, 5 rows either side of
 * the caller, a 100-player friends list, with each
 * kind's range and worst case per board. Writes bench/leaderboard.json, which the docs' figures are held to
 * (test/core/benchFigures.test.ts). Reads are counted as Firestore bills them (store/metrics.ts).
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

const ctx = (await import('../scripts/ladderContext.js')).envContext();
const { db } = ctx;
const { withOpCounts } = await import('../functions/src/store/firestore/metrics.js');
const { leaderboard } = await import('../functions/src/store/leaderboard.js');

async function readsOf(work: () => Promise<unknown>) {
  let reads = 0;
  await withOpCounts(work, async (ops) => {
    reads = ops.reads;
  });
  return reads;
}

const placementGames = 3;
const kinds = ['top20', 'around5', 'friends100'] as const;

/** The board's size as the leaderboard itself counts it: ranked players of the running season. */
async function boardSize(ladder: string) {
  const ranked = db
    .collection('players')
    .where(`ladders.${ladder}.season`, '==', 'bench')
    .where(`ladders.${ladder}.seasonGames`, '>=', placementGames);
  return (await ranked.count().get()).data().count;
}

const results = [];
const boards = [];
try {
  for (const players of sizes) {
    const ladder = `p${players}`;
    // Exactly `players` ranked, then a tenth as many still placing (1 or 2 of 3 games), all active now.
    await seedPopulation(ladder, players, 30, Date.now(), { minGames: placementGames });
    await seedPopulation(ladder, Math.ceil(players / 10), placementGames - 1, Date.now(), { from: players });
    const size = await boardSize(ladder);
    if (size !== players) throw new Error(`the ${ladder} board holds ${size} ranked players, not ${players}`);
    const board = await leaderboard(ctx, ladder, 100, `${ladder}-0`);
    const top = board.top[0]!.uid;
    const sorted = await db
      .collection('players')
      .where(`ladders.${ladder}.seasonGames`, '>=', placementGames)
      .orderBy(`ladders.${ladder}.rating`, 'desc')
      .select()
      .get();
    const ids = sorted.docs.map((doc) => doc.id);
    // The last caller with a full window below them: the most rows, and nearly the largest count above.
    const callers = {
      top,
      middle: ids[Math.floor(ids.length / 2)]!,
      bottom: ids.at(-1)!,
      sixthFromBottom: ids.at(-6)!,
    };
    // A friends list scattered over the whole ladder: the costliest kind, one rating band per friend.
    const friends = Array.from({ length: 100 }, (_, i) => ids[Math.floor((i * ids.length) / 100)]!);
    for (const [where, uid] of Object.entries(callers)) {
      const me = (await leaderboard(ctx, ladder, { around: 1 }, uid)).me;
      results.push({
        players,
        caller: where,
        rank: me?.rank ?? null,
        top20: await readsOf(() => leaderboard(ctx, ladder, 20, uid)),
        around5: await readsOf(() => leaderboard(ctx, ladder, { around: 5 }, uid)),
        friends100: await readsOf(() => leaderboard(ctx, ladder, { players: friends }, uid)),
      });
    }
    const rows = results.filter((r) => r.players === players);
    const range = (kind: (typeof kinds)[number]) => {
      const reads = rows.map((r) => r[kind]);
      return { least: Math.min(...reads), most: Math.max(...reads) };
    };
    boards.push({ ranked: size, top20: range('top20'), around5: range('around5'), friends100: range('friends100') });
  }
} finally {
  await stack.stop();
}
const report = {
  what: 'reads per getLeaderboard call (top 20 / 5 either side / 100 friends), with the caller rank',
  results,
  /** Per board of exactly `ranked` players: each kind's fewest and most reads over its callers. */
  boards,
};
console.table(results);
console.table(
  boards.map((b) => ({ ...b, ...Object.fromEntries(kinds.map((k) => [k, `${b[k].least}–${b[k].most}`])) })),
);
writeFileSync(new URL('leaderboard.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
process.exit(0);
