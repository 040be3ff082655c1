/**
 * `npm run bench:modes`: what waiting in several modes at once does to waits. A stream of solo players arrives for
 * 1v1 and 2v2 (half each), matched on arrival and swept every 2 s, nobody expiring (heartbeats). The same arrivals
 * run twice: once with every player in their one mode, once with a share of them also queued for the other mode
 * (their own first), seated by whichever matches first and withdrawn from the other in that moment, as the
 * ladder's transaction does. Prints a table and writes bench/severalModes.json: wait p50 / p95 and the share
 * matched, for those in one mode and those in both, at a quiet and a busier rate.
 */
import { writeFileSync } from 'node:fs';
import { proposalTickets, type MatchProposal } from '../functions/src/core/match/index.js';
import type { Ticket } from '../functions/src/core/match/ticket.js';
import { defaultModes } from '../functions/src/core/mode/modes.js';
import { percentile } from '../functions/src/core/ops/percentile.js';
import { Random } from '../tools/random.js';
import { CoreMatchmaker } from './matchmakers.js';
import { TicketFactory, uniformRating } from './pools.js';
import { poissonArrivals } from './simulate.js';

const SEED = 20_261_207;
const NOW = Date.UTC(2026, 0, 1);
const DURATION_SECONDS = 900;
/** Waits are measured for arrivals in the first this many seconds, so each had time to be seated. */
const MEASURE_SECONDS = 600;
const TICK_SECONDS = 2;
const RATES = [0.5, 2, 8];
const BOTH_SHARE = 0.5;
const MODES = ['1v1', '2v2'] as const;
type ModeId = (typeof MODES)[number];
// Heartbeats keep everyone queued: a long time-to-live, so waits, not expiries, are measured.
const modeOf = (id: ModeId) => ({ ...defaultModes[id]!, ticketTtlSeconds: 86_400 });

interface Arrival {
  ticket: Ticket;
  /** The modes the player queues for, their own first. */
  modes: ModeId[];
}

/** Solo players at `rate` a second, each for 1v1 or 2v2; `bothShare` of them for the other mode too. */
function arrivals(rate: number, bothShare: number): Arrival[] {
  const random = new Random(SEED + rate * 1000);
  const factory = new TicketFactory(random, uniformRating);
  const tickets = poissonArrivals(factory, random, [1, 0, 0, 0, 0], rate, NOW, DURATION_SECONDS);
  // Drawn from their own stream, so both runs give every player the same own mode and the same draw.
  const choice = new Random(SEED + 7);
  return tickets.map((ticket) => {
    const own: ModeId = choice.next() < 0.5 ? '1v1' : '2v2';
    const both = choice.next() < bothShare;
    return { ticket, modes: both ? [own, own === '1v1' ? '2v2' : '1v1'] : [own] };
  });
}

/** The shell for several pools: a seated ticket leaves every other pool it waits in at once. */
function run(stream: readonly Arrival[]) {
  const pools = new Map(MODES.map((id) => [id, new CoreMatchmaker(modeOf(id))]));
  const modesOf = new Map(stream.map((a) => [a.ticket, a.modes]));
  const matchedAt = new Map<Ticket, number>();
  const seat = (mode: ModeId, proposals: MatchProposal[]) => {
    for (const proposal of proposals) {
      for (const t of proposalTickets(proposal)) {
        matchedAt.set(t, proposal.proposedAt);
        for (const other of modesOf.get(t) ?? []) if (other !== mode) pools.get(other)!.withdraw(t);
      }
    }
    return proposals.length > 0;
  };
  let next = 0;
  for (let elapsed = 0; elapsed <= DURATION_SECONDS; elapsed += TICK_SECONDS) {
    const tickMs = NOW + elapsed * 1000;
    for (let a = stream[next]; a && a.ticket.enqueuedAt < tickMs; a = stream[++next]) {
      for (const mode of a.modes) if (seat(mode, pools.get(mode)!.arrive(a.ticket, a.ticket.enqueuedAt))) break;
    }
    for (const mode of MODES) seat(mode, pools.get(mode)!.tick(tickMs));
  }
  return matchedAt;
}

interface Row {
  rate: number;
  run: 'one mode each' | 'half in both';
  who: string;
  players: number;
  waitP50: number | null;
  waitP95: number | null;
  matchedShare: number;
}

function rows(rate: number, label: Row['run'], stream: readonly Arrival[], matchedAt: Map<Ticket, number>): Row[] {
  const measured = stream.filter((a) => a.ticket.enqueuedAt < NOW + MEASURE_SECONDS * 1000);
  const groups: [string, (a: Arrival) => boolean][] = [
    ['1v1 only', (a) => a.modes.length === 1 && a.modes[0] === '1v1'],
    ['2v2 only', (a) => a.modes.length === 1 && a.modes[0] === '2v2'],
    ['both', (a) => a.modes.length === 2],
    ['everyone', () => true],
  ];
  return groups.flatMap(([who, keep]) => {
    const group = measured.filter(keep);
    if (group.length === 0) return [];
    const waits = group
      .flatMap((a) => {
        const at = matchedAt.get(a.ticket);
        return at === undefined ? [] : [(at - a.ticket.enqueuedAt) / 1000];
      })
      .sort((a, b) => a - b);
    const [waitP50, waitP95] = [percentile(waits, 50), percentile(waits, 95)];
    return [
      { rate, run: label, who, players: group.length, waitP50, waitP95, matchedShare: waits.length / group.length },
    ];
  });
}

const seconds = (s: number | null) => (s === null ? '–' : s.toFixed(1));
const table: Row[] = [];
for (const rate of RATES) {
  const alone = arrivals(rate, 0);
  const several = arrivals(rate, BOTH_SHARE);
  table.push(...rows(rate, 'one mode each', alone, run(alone)), ...rows(rate, 'half in both', several, run(several)));
}
console.log('players/s | run           | who      | players | wait p50 s | wait p95 s | matched');
for (const r of table) {
  const cells = [
    String(r.rate).padEnd(9),
    r.run.padEnd(13),
    r.who.padEnd(8),
    String(r.players).padStart(7),
    seconds(r.waitP50).padStart(10),
    seconds(r.waitP95).padStart(10),
    `${(r.matchedShare * 100).toFixed(1)} %`.padStart(7),
  ];
  console.log(cells.join(' | '));
}
writeFileSync(
  new URL('./severalModes.json', import.meta.url),
  `${JSON.stringify({ seed: SEED, durationSeconds: DURATION_SECONDS, measureSeconds: MEASURE_SECONDS, bothShare: BOTH_SHARE, rows: table }, null, 2)}\n`,
);
