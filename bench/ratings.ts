/**
 * `npm run bench:ratings`: how fast ELO and OpenSkill learn a population's true skills, offline. Players with
 * hidden true skills (bench/convergence.ts) play rounds of random games, every player once a round, settled by
 * the real settlement functions (core/rating/system.ts) for each system. Printed and written to
 * bench/ratings.json: Spearman's rank correlation between displayed ratings and true skill after N games each,
 * the Brier score of each system's own forecasts (and of the true chances, the floor no rating can beat), the
 * calibration of those forecasts, and the settlement time. Averaged over several seeded populations.
 *
 * Flags: --players 300 --rounds 50 --seeds 5.
 */
import { writeFileSync } from 'node:fs';
import { brierScore, calibrationBuckets, twoSided, type Forecast } from '../functions/src/core/ops/forecast.js';
import { ladderSchema, type Ladder } from '../functions/src/core/ladder/ladder.js';
import { settlePlacements, settleSides, winChance, type RatedPlayer } from '../functions/src/core/rating/system.js';
import {
  DEFAULT_TRUE_SKILL,
  drawTrueSkills,
  playPlacements,
  playSides,
  spearman,
  trueChance,
} from '../tools/trueSkill.js';
import { Random } from '../tools/random.js';

const flag = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1`);
  return value;
};
const PLAYERS = flag('players', 300);
const ROUNDS = flag('rounds', 50);
const SEEDS = flag('seeds', 5);
const CHECKPOINTS = [5, 10, 20, 50, 100].filter((n) => n <= ROUNDS);

/**
 * Rated the way a studio would ship each: the default ELO ladder, OpenSkill with its default and a Gaussian
 * model, and the default model told games are twice as noisy (beta 25/3, its display scale halved to match).
 */
const SYSTEMS: Record<string, Ladder> = {
  elo: ladderSchema.parse({}),
  'openskill plackettLuce': ladderSchema.parse({ rating: { system: 'openskill', model: 'plackettLuce' } }),
  'openskill plackettLuce β 25/3': ladderSchema.parse({
    rating: { system: 'openskill', model: 'plackettLuce', beta: 25 / 3, scale: 15 },
  }),
  'openskill thurstoneMostellerFull': ladderSchema.parse({
    rating: { system: 'openskill', model: 'thurstoneMostellerFull' },
  }),
};

interface Format {
  /** Players per side, or null for a free-for-all of `players`. */
  teamSize: number | null;
  players: number;
}
const FORMATS: Record<string, Format> = {
  '1v1': { teamSize: 1, players: 2 },
  '3v3': { teamSize: 3, players: 6 },
  'ffa 6': { teamSize: null, players: 6 },
};

interface Run {
  spearman: Record<number, number>;
  brier: number;
  /** Over the second half of the rounds, once ratings have had time to settle. */
  lateBrier: number;
  trueBrier: number;
  forecasts: Forecast[];
  settleMs: number;
  settlements: number;
}

/** One simulated ladder while it plays: the players' ratings, their true skills and the forecasts made so far. */
interface Play {
  format: Format;
  ladder: Ladder;
  random: Random;
  truth: number[];
  players: RatedPlayer[];
  forecasts: Forecast[];
  truths: Forecast[];
  settleMs: number;
}

/** Applies a settlement's updates to the players at `indices`, timing nothing: the caller times the settlement. */
function apply(play: Play, indices: number[], updates: { uid: string; after: number; skill?: RatedPlayer['skill'] }[]) {
  updates.forEach((update, k) => {
    const player = play.players[indices[k]!]!;
    if (player.uid !== update.uid) throw new Error('settlement changed the order of players');
    play.players[indices[k]!] = {
      ...player,
      rating: update.after,
      gamesPlayed: player.gamesPlayed + 1,
      skill: update.skill,
    };
  });
}

function timed<T>(play: Play, settle: () => T): T {
  const t = performance.now();
  const out = settle();
  play.settleMs += performance.now() - t;
  return out;
}

function playTeamGame(play: Play, game: number[], teamSize: number) {
  const { players, truth, random, ladder } = play;
  const { noise } = DEFAULT_TRUE_SKILL;
  const [a, b] = [game.slice(0, teamSize), game.slice(teamSize)];
  const sideA = a.map((i) => players[i]!);
  const sideB = b.map((i) => players[i]!);
  const skillsA = a.map((i) => truth[i]!);
  const skillsB = b.map((i) => truth[i]!);
  const outcome = playSides(skillsA, skillsB, random, noise);
  const won = outcome === 'A' ? 1 : 0;
  play.forecasts.push(...twoSided(winChance(sideA, sideB, ladder), won));
  play.truths.push(...twoSided(trueChance(skillsA, skillsB, noise), won));
  apply(
    play,
    game,
    timed(play, () => settleSides({ sideA, sideB, outcome }, ladder)),
  );
}

function playFreeForAll(play: Play, game: number[]) {
  const { players, truth, random, ladder } = play;
  const { noise } = DEFAULT_TRUE_SKILL;
  const placements = playPlacements(
    game.map((i) => truth[i]!),
    random,
    noise,
  );
  // Free-for-all forecasts: every pair, the chance the first finishes above the second.
  for (let x = 0; x < game.length; x++) {
    for (let y = x + 1; y < game.length; y++) {
      const above = placements[x]! < placements[y]! ? 1 : 0;
      play.forecasts.push(...twoSided(winChance([players[game[x]!]!], [players[game[y]!]!], ladder), above));
      play.truths.push(...twoSided(trueChance([truth[game[x]!]!], [truth[game[y]!]!], noise), above));
    }
  }
  const ranked = game.map((i, k) => ({ ...players[i]!, placement: placements[k]! }));
  apply(
    play,
    game,
    timed(play, () => settlePlacements({ players: ranked }, ladder)),
  );
}

function run(format: Format, ladder: Ladder, seed: number): Run {
  const random = new Random(seed);
  const truth = drawTrueSkills(PLAYERS - (PLAYERS % format.players), random, DEFAULT_TRUE_SKILL);
  const players: RatedPlayer[] = truth.map((_, i) => ({ uid: `p${i}`, rating: ladder.initialRating, gamesPlayed: 0 }));
  const play: Play = { format, ladder, random, truth, players, forecasts: [], truths: [], settleMs: 0 };
  let lateFrom = 0;
  const correlations: Record<number, number> = {};
  let settlements = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    if (round === Math.floor(ROUNDS / 2) + 1) lateFrom = play.forecasts.length;
    const order = shuffle(
      players.map((_, i) => i),
      random,
    );
    for (let start = 0; start < order.length; start += format.players) {
      const game = order.slice(start, start + format.players);
      if (format.teamSize !== null) playTeamGame(play, game, format.teamSize);
      else playFreeForAll(play, game);
      settlements++;
    }
    if (CHECKPOINTS.includes(round)) {
      correlations[round] = spearman(
        play.players.map((p) => p.rating),
        truth,
      )!;
    }
  }
  return {
    spearman: correlations,
    brier: brierScore(play.forecasts)!,
    lateBrier: brierScore(play.forecasts.slice(lateFrom))!,
    trueBrier: brierScore(play.truths)!,
    forecasts: play.forecasts,
    settleMs: play.settleMs,
    settlements,
  };
}

function shuffle(items: number[], random: Random): number[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

const results = [];
const rows = [];
for (const [formatName, format] of Object.entries(FORMATS)) {
  const bySystem = new Map<string, ReturnType<typeof summarise>>();
  for (const [systemName, ladder] of Object.entries(SYSTEMS)) {
    const runs = Array.from({ length: SEEDS }, (_, s) => run(format, ladder, s + 1));
    bySystem.set(systemName, summarise(runs));
  }
  const elo = bySystem.get('elo')!;
  for (const [systemName, figures] of bySystem) {
    const ratio = (n: number) => round3(figures.spearman[n]! / elo.spearman[n]!);
    results.push({
      format: formatName,
      system: systemName,
      ...figures,
      vsElo: {
        spearman: Object.fromEntries(CHECKPOINTS.map((n) => [n, ratio(n)])),
        brier: round3(figures.brier / elo.brier),
        lateBrier: round3(figures.lateBrier / elo.lateBrier),
        settleMsPer1000: round3(figures.settleMsPer1000 / elo.settleMsPer1000),
      },
    });
    rows.push({
      format: formatName,
      system: systemName,
      ...Object.fromEntries(CHECKPOINTS.map((n) => [`ρ@${n}`, figures.spearman[n]])),
      brier: figures.brier,
      'brier 2nd half': figures.lateBrier,
      'true brier': figures.trueBrier,
      'ρ@10 / elo': ratio(10),
      [`ρ@${ROUNDS} / elo`]: ratio(ROUNDS),
      'brier / elo': round3(figures.brier / elo.brier),
      'ms / 1000 games': figures.settleMsPer1000,
    });
  }
}

function summarise(runs: Run[]) {
  const forecasts = runs.flatMap((r) => r.forecasts);
  return {
    spearman: Object.fromEntries(CHECKPOINTS.map((n) => [n, round3(mean(runs.map((r) => r.spearman[n]!)))])),
    spearmanRange: Object.fromEntries(
      CHECKPOINTS.map((n) => {
        const values = runs.map((r) => r.spearman[n]!);
        return [n, [round3(Math.min(...values)), round3(Math.max(...values))]];
      }),
    ),
    brier: round3(mean(runs.map((r) => r.brier))),
    lateBrier: round3(mean(runs.map((r) => r.lateBrier))),
    trueBrier: round3(mean(runs.map((r) => r.trueBrier))),
    calibration: calibrationBuckets(forecasts).map((b) => ({
      ...b,
      meanPredicted: b.meanPredicted === null ? null : round3(b.meanPredicted),
      winRate: b.winRate === null ? null : round3(b.winRate),
    })),
    settleMsPer1000: round3(
      (1000 * runs.reduce((s, r) => s + r.settleMs, 0)) / runs.reduce((s, r) => s + r.settlements, 0),
    ),
  };
}

console.log(
  `${SEEDS} populations of ${PLAYERS} players (true skill ~ N(${DEFAULT_TRUE_SKILL.mean}, ${DEFAULT_TRUE_SKILL.deviation}), ` +
    `performance noise ${DEFAULT_TRUE_SKILL.noise}), ${ROUNDS} rounds of random games; ρ@N: Spearman after N games each`,
);
console.table(rows);
for (const result of results) {
  const buckets = result.calibration
    .filter((b) => b.count > 0)
    .map((b) => `${b.from.toFixed(1)}-${b.to.toFixed(1)}: ${b.meanPredicted}→${b.winRate} (${b.count})`);
  console.log(`calibration ${result.format} ${result.system}: ${buckets.join(', ')}`);
}
const report = {
  players: PLAYERS,
  rounds: ROUNDS,
  seeds: SEEDS,
  trueSkill: DEFAULT_TRUE_SKILL,
  matchmaking: 'random games, every player once a round',
  results,
};
writeFileSync(new URL('ratings.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
