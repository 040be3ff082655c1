/**
 * `npm run bench:choices`: what players' choices cost the sweep. A 5v5 pool of the party-heavy mix is swept as the
 * plain mode, and again with three maps: once where every ticket accepts every map (one sweep, the skip), once
 * where each ticket accepts one, two or all three (a sweep per map, over the tickets that accept it). Runs are
 * interleaved, so the machine's noise falls on every variant alike. Prints a table and writes bench/choices.json:
 * the median sweep time, its ratio to the plain mode's, and the share of players seated.
 */
import { writeFileSync } from 'node:fs';
import { sweepChoosing } from '../functions/src/core/match/choices.js';
import { proposalTickets, sweepPool } from '../functions/src/core/match/index.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import { agreement, choicesSchema, type TicketChoices } from '../functions/src/core/mode/choices.js';
import { defaultModes, type Mode } from '../functions/src/core/mode/modes.js';
import { Random } from '../tools/random.js';
import { median } from './metrics.js';
import { PARTY_MIX, TicketFactory } from './pools.js';

const SEED = 20_261_207;
const NOW = Date.UTC(2026, 0, 1);
const SIZES = [10_000, 100_000];
const REPETITIONS = Number(process.env.BENCH_REPETITIONS ?? 5);
/** The target the matcher issue names: a sweep with three maps at most twice the plain mode's. */
const TARGET_RATIO = 2;

const MAPS = ['dust', 'mirage', 'nuke'];
const choices = choicesSchema.parse({ map: { kind: 'overlap', values: MAPS } });
const plain = defaultModes['5v5']!;
const withMaps: Mode = { ...plain, choices };

type Choosing = Ticket & { choices?: TicketChoices };

/** Each ticket accepts one map (half of them), two (a third) or all three, drawn from a seeded stream. */
function chooseMaps(pool: readonly Ticket[], random: Random): Choosing[] {
  return pool.map((ticket) => {
    const count = random.pick([3, 2, 1]) + 1;
    const start = random.pick([1, 1, 1]);
    const accepted = Array.from({ length: count }, (_, i) => MAPS[(start + i) % MAPS.length]!);
    return { ...ticket, choices: { map: accepted } };
  });
}

interface Variant {
  name: string;
  sweep: (pool: readonly Choosing[]) => ReturnType<typeof sweepPool>;
  pool: Choosing[];
}

function timeOnce(variant: Variant) {
  const started = performance.now();
  const result = variant.sweep(variant.pool);
  const ms = performance.now() - started;
  const seated = result.proposals.reduce((n, p) => n + proposalTickets(p).reduce((m, t) => m + t.members.length, 0), 0);
  const byId = new Map(variant.pool.map((t) => [t.id, t]));
  for (const proposal of result.proposals) {
    const tickets = proposalTickets(proposal).map((t) => byId.get(t.id)!);
    if (agreement(withMaps.choices, tickets, NOW) === null) throw new Error(`${variant.name}: a room disagrees`);
  }
  return { ms, seated };
}

const rows: Record<string, unknown>[] = [];
for (const players of SIZES) {
  const random = new Random(SEED + players);
  const pool = new TicketFactory(random).pool({ players, mix: PARTY_MIX, maxAgeSeconds: 30, nowMs: NOW });
  const variants: Variant[] = [
    { name: 'plain 5v5', sweep: (p) => sweepPool(plain, p, NOW), pool },
    { name: '3 maps, all accepted', sweep: (p) => sweepChoosing(withMaps, p, NOW, sweepPool), pool },
    {
      name: '3 maps, 1–3 each',
      sweep: (p) => sweepChoosing(withMaps, p, NOW, sweepPool),
      pool: chooseMaps(pool, random),
    },
  ];
  const times = variants.map(() => [] as number[]);
  const seated = variants.map(() => 0);
  for (let r = 0; r < REPETITIONS; r++) {
    variants.forEach((variant, i) => {
      const once = timeOnce(variant);
      times[i]!.push(once.ms);
      seated[i] = once.seated;
    });
  }
  const base = median(times[0]!)!;
  variants.forEach((variant, i) => {
    const ms = median(times[i]!)!;
    rows.push({
      players,
      variant: variant.name,
      medianMs: Math.round(ms),
      ratio: Number((ms / base).toFixed(2)),
      seatedShare: Number((seated[i]! / players).toFixed(3)),
      withinTarget: ms / base <= TARGET_RATIO,
    });
  });
}

console.table(rows);
writeFileSync('bench/choices.json', `${JSON.stringify({ seed: SEED, repetitions: REPETITIONS, rows }, null, 2)}\n`);
