/**
 * `npm run bench:season`: closes a season over seeded ranked players on the Firestore emulator and prints the
 * time, reads and writes, for 1,000 players (the baseline) and 10,000 (or `--players N`), both in this run,
 * then writes bench/season.json. The emulator is slower than Firestore; compare the ratios, not the seconds.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { emulatorEnv, startStack } from '../scripts/emulators.js';

const { values } = parseArgs({
  options: { players: { type: 'string', default: '10000' }, batch: { type: 'string', default: '200' } },
});
const sizes = [1_000, Number(values.players)];
const batchSize = Number(values.batch);

// Two ladders with a season that has just ended, one per population, so neither run sees the other's players.
const ended = { id: 'bench', start: '2026-01-01T00:00:00Z', end: new Date(Date.now() - 1000).toISOString() };
const cap = { hard: 100, schedule: [{ afterSeconds: 0, value: 100 }] };
const config = join(mkdtempSync(join(tmpdir(), 'bench-season-')), 'ladder.config.json');
writeFileSync(
  config,
  JSON.stringify({
    ladders: Object.fromEntries(sizes.map((n) => [`p${n}`, { seasons: [ended] }])),
    // One mode, since modes must name a ladder that exists; the benchmark plays no game.
    modes: {
      '1v1': {
        ladder: `p${sizes[0]}`,
        format: { kind: 'team', teamSize: 1, sideDifferenceCap: cap },
        spreadCap: cap,
        ticketTtlSeconds: 60,
      },
    },
  }),
);
process.env.LADDER_CONFIG = config;
const stack = await startStack({ output: 'files', reuse: false });
Object.assign(process.env, emulatorEnv(stack));

const { config: loaded } = await import('../functions/src/config.js');
const { newPlayer, ranked } = await import('../functions/src/core/player/player.js');
const { db } = await import('../functions/src/store/firestore/db.js');
const { withOpCounts } = await import('../functions/src/store/firestore/metrics.js');
const { playerRef } = await import('../functions/src/store/firestore/refs.js');
const { closeSeason } = await import('../functions/src/store/seasons.js');

/** A deterministic spread of ratings and season games: about nine in ten players finished placement. */
async function seed(ladder: string, count: number) {
  const writer = db.bulkWriter();
  const rules = loaded.ladders[ladder]!;
  for (let i = 0; i < count; i++) {
    const uid = `${ladder}-${i}`;
    const player = newPlayer(uid, `Bench ${i}`, { [ladder]: rules }, 0);
    const rating = 1500 + Math.round(400 * Math.sin(i * 12.9898) * Math.cos(i * 78.233));
    const seasonGames = 1 + ((i * 7) % 40);
    const fields = {
      ...player.ladders[ladder]!,
      rating,
      games: seasonGames,
      wins: seasonGames,
      seasonGames,
      peak: rating,
    };
    writer.set(playerRef(uid), { ...player, ladders: { [ladder]: ranked({ ...fields, season: 'bench' }, rules, 0) } });
  }
  await writer.close();
}

const results = [];
try {
  for (const players of sizes) {
    const ladder = `p${players}`;
    await seed(ladder, players);
    const started = performance.now();
    let ops = { reads: 0, writes: 0 };
    const outcome = await withOpCounts(
      () => closeSeason(ladder, 'bench', { batchSize }),
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
