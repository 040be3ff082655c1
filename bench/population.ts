/**
 * What the Firestore benchmarks share: emulators started with one ladder per population (so no run sees another's
 * players) and the one mode a configuration needs, and a deterministic ranked population seeded onto a ladder.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emulatorEnv, startStack } from '../scripts/emulators.js';

/**
 * Starts the emulators with these ladders (by id); the first ladder gets the one mode, `1v1`. `mode` adds to that
 * mode (say a ready check), the other settings are further sections of the configuration (say `fairPlay`).
 */
export async function startWithLadders(
  name: string,
  ladders: Record<string, Record<string, unknown>>,
  { mode: modeSettings = {}, ...settings }: Record<string, unknown> & { mode?: Record<string, unknown> } = {},
) {
  const cap = { hard: 100, schedule: [{ afterSeconds: 0, value: 100 }] };
  const config = join(mkdtempSync(join(tmpdir(), `bench-${name}-`)), 'ladder.config.json');
  const mode = { format: { kind: 'team', teamSize: 1, sideDifferenceCap: cap }, spreadCap: cap, ticketTtlSeconds: 60 };
  const modes = { '1v1': { ladder: Object.keys(ladders)[0], ...mode, ...modeSettings } };
  writeFileSync(config, JSON.stringify({ ladders, modes, ...settings }));
  process.env.LADDER_CONFIG = config;
  const stack = await startStack({ output: 'files', reuse: false });
  Object.assign(process.env, emulatorEnv(stack));
  return stack;
}

/**
 * Seeds `count` players on `ladder` in season `bench`: integer ratings over about 800 points (many share one) and
 * `minGames` to `maxGames` season games each (with `minGames` the ladder's placement games, every one of them is
 * ranked). `from` numbers the uids (`{ladder}-{from}` on), so a second call adds players beside the first's.
 * Loaded after `startWithLadders`, which the modules read at import.
 */
export async function seedPopulation(
  ladder: string,
  count: number,
  maxGames: number,
  lastPlayedAt: number | null,
  { minGames = 1, from = 0 } = {},
) {
  const { config, db } = (await import('../scripts/ladderContext.js')).envContext();
  const { newPlayer } = await import('../functions/src/core/player/player.js');
  const { ranked } = await import('../functions/src/core/ladder/standing.js');
  const { playerRef } = await import('../functions/src/store/firestore/refs.js');
  const writer = db.bulkWriter();
  const rules = config.ladders[ladder]!;
  for (let i = from; i < from + count; i++) {
    const uid = `${ladder}-${i}`;
    const player = newPlayer(uid, `Bench ${i}`, { [ladder]: rules }, 0);
    const rating = 1500 + Math.round(400 * Math.sin(i * 12.9898) * Math.cos(i * 78.233));
    const seasonGames = minGames + ((i * 7) % (maxGames - minGames + 1));
    const fields = { ...player.ladders[ladder]!, rating, games: seasonGames, wins: seasonGames, seasonGames };
    const seeded = { ...fields, peak: rating, season: 'bench', ...(lastPlayedAt === null ? {} : { lastPlayedAt }) };
    writer.set(playerRef({ db }, uid), { ...player, ladders: { [ladder]: ranked(seeded, rules, lastPlayedAt ?? 0) } });
  }
  await writer.close();
}
