/**
 * `npm run bench:season`: closes a season over seeded ranked players on the Firestore emulator and prints the
 * time, reads and writes, for 1,000 players (the baseline) and 10,000 (or `--players N`), both in this run,
 * then writes bench/season.json. The emulator is slower than Firestore; compare the ratios, not the seconds.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seedPopulation, startWithLadders } from './population.js';

const { values } = parseArgs({
  options: { players: { type: 'string', default: '10000' }, batch: { type: 'string', default: '200' } },
});
const sizes = [1_000, Number(values.players)];
const batchSize = Number(values.batch);

// Two ladders with a season that has just ended, one per population, so neither run sees the other's players.
const ended = { id: 'bench', start: '2026-01-01T00:00:00Z', end: new Date(Date.now() - 1000).toISOString() };
const stack = await startWithLadders('season', Object.fromEntries(sizes.map((n) => [`p${n}`, { seasons: [ended] }])));

const { withOpCounts } = await import('../functions/src/store/firestore/metrics.js');
const { closeSeason } = await import('../functions/src/store/seasons.js');
const ctx = (await import('../scripts/ladderContext.js')).envContext();

const results = [];
try {
  for (const players of sizes) {
    const ladder = `p${players}`;
    // About nine in ten finished placement.
    await seedPopulation(ladder, players, 40, null);
    const started = performance.now();
    let ops = { reads: 0, writes: 0 };
    const outcome = await withOpCounts(
      () => closeSeason(ctx, ladder, 'bench', { batchSize }),
      async (counted) => {
        ops = counted;
      },
    );
    const seconds = (performance.now() - started) / 1000;
    if (outcome.kind !== 'done') throw new Error(`the close did not finish: ${outcome.kind}`);
    results.push({
      players,
      batchSize,
      seconds: Math.round(seconds * 10) / 10,
      reads: ops.reads,
      writes: ops.writes,
      readsPerPlayer: Math.round((ops.reads / players) * 100) / 100,
      writesPerPlayer: Math.round((ops.writes / players) * 100) / 100,
      archived: outcome.close.archived,
      playersPerSecond: Math.round(players / seconds),
    });
  }
} finally {
  await stack.stop();
}
const [base, big] = results;
const report = {
  machine: 'Firestore emulator on this machine (shared, noisy)',
  results,
  ratios:
    base && big
      ? { players: big.players / base.players, seconds: Math.round((big.seconds / base.seconds) * 10) / 10 }
      : null,
};
console.table(results);
console.log(JSON.stringify(report, null, 2));
writeFileSync(new URL('season.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
process.exit(0);
