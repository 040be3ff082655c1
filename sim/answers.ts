/**
 * `npm run simulate:answers [-- --rooms 8 --pairs 8]`: players who answer at the same moment. Pairs of 1v1 players
 * accept their ready check together; two 5-stacks per 5v5 room accept within a few milliseconds of each other and
 * then all report the same result together, on the default configuration. Prints the distribution of the answers' latencies
 * (the reports in all, the first answered in each room, and the nine after it, beside the same ten players reading
 * their own profiles together: the floor for ten calls at once on this machine), the refusals
 * and the emulator's "Transaction lock timeout" warnings; writes sim/answers.json. Measures, asserts nothing.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallName } from '@ladder/client';
import { percentile } from '../functions/src/core/ops/percentile.js';
import { BotClient, CallLog, errorCode, Limiter } from './client.js';
import { simulationStack } from './stack.js';

const OUT = fileURLToPath(new URL('./answers.json', import.meta.url));
const LOGS = fileURLToPath(new URL('../.emulators', import.meta.url));

const flag = (args: string[], name: string, fallback: number) => {
  const i = args.indexOf(name);
  const value = i < 0 ? fallback : Number(args[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number, got ${args[i + 1]}`);
  return value;
};

/** Lock timeouts the Firestore emulator has logged so far. */
const lockTimeouts = () =>
  readdirSync(LOGS)
    .filter((f) => f.endsWith('.log'))
    .reduce((n, f) => n + (readFileSync(join(LOGS, f), 'utf8').match(/Transaction lock timeout/g)?.length ?? 0), 0);

interface Sample {
  ms: number;
  code: string | null;
}

async function timed(samples: Sample[], work: () => Promise<unknown>) {
  const started = performance.now();
  try {
    await work();
    samples.push({ ms: performance.now() - started, code: null });
  } catch (error) {
    samples.push({ ms: performance.now() - started, code: errorCode(error) });
  }
}

function summary(name: string, samples: Sample[]) {
  const ms = samples.map((s) => s.ms);
  const refusals: Record<string, number> = {};
  for (const s of samples) if (s.code) refusals[s.code] = (refusals[s.code] ?? 0) + 1;
  const at = (p: number) => Math.round(percentile(ms, p) ?? 0);
  return { name, calls: samples.length, p50: at(50), p95: at(95), max: at(100), refusals };
}

type Bot = (name: string) => Promise<BotClient>;

/** Pairs of 1v1 players, matched at once, accept their ready check together. */
async function duelAccepts(bot: Bot, pairs: number): Promise<Sample[]> {
  const accepts: Sample[] = [];
  for (let i = 0; i < pairs; i++) {
    const [a, b] = await Promise.all([bot(`duel-${i}-a`), bot(`duel-${i}-b`)]);
    await a!.call('enqueue', { mode: '1v1' });
    const { room } = await b!.call('enqueue', { mode: '1v1' });
    if (!room) throw new Error('a 1v1 pair queued one after the other did not match at once');
    await Promise.all([a, b].map((p) => timed(accepts, () => p!.call('acceptMatch', { roomId: room.id }))));
  }
  return accepts;
}

/** Rooms of two 5-stacks accept together, then report the same result together. */
async function teamAnswers(bot: Bot, rooms: number) {
  const out = {
    profiles: [] as Sample[],
    accepts: [] as Sample[],
    reports: [] as Sample[],
    first: [] as Sample[],
    later: [] as Sample[],
  };
  for (let i = 0; i < rooms; i++) {
    const stacks = await Promise.all(
      ['a', 'b'].map(async (side) => {
        const members = await Promise.all(Array.from({ length: 5 }, (_, m) => bot(`room-${i}-${side}${m}`)));
        const { party } = await members[0]!.call('createParty');
        for (const member of members.slice(1)) await member.call('joinParty', { code: party.code });
        return members;
      }),
    );
    await stacks[0]![0]!.call('enqueue', { mode: '5v5' });
    const { room } = await stacks[1]![0]!.call('enqueue', { mode: '5v5' });
    if (!room) throw new Error('two 5-stacks queued one after the other did not match at once');
    const everyone = stacks.flat();
    // The floor: ten simultaneous calls that contend on no shared document (each reads the caller's own profile).
    await Promise.all(everyone.map((p) => timed(out.profiles, () => p.call('getProfile'))));
    await Promise.all(everyone.map((p) => timed(out.accepts, () => p.call('acceptMatch', { roomId: room.id }))));
    const reports: Sample[] = [];
    await Promise.all(
      everyone.map((p) => timed(reports, () => p.call('reportResult', { roomId: room.id, outcome: 'A' }))),
    );
    // Per room, the report answered first and the nine others: the first never waits for anyone.
    reports.sort((a, b) => a.ms - b.ms);
    out.reports.push(...reports);
    out.first.push(reports[0]!);
    out.later.push(...reports.slice(1));
  }
  return out;
}

/**
 * Loads every function's code first: a cold emulator worker would be measured otherwise. The emulator starts a
 * worker per concurrent request: as many as will answer at once, for the answers.
 */
async function warmUp(bot: Bot) {
  const warm = await bot('warm-up');
  const workers: [CallName, number][] = [
    ['enqueue', 2],
    ['createParty', 2],
    ['joinParty', 2],
    ['getProfile', 10],
    ['acceptMatch', 10],
    ['reportResult', 10],
  ];
  for (const [name, count] of workers) await Promise.all(Array.from({ length: count }, () => warm.warm(name)));
}

async function main() {
  const args = process.argv.slice(2);
  const rooms = flag(args, '--rooms', 8);
  const pairs = flag(args, '--pairs', 8);
  // The default configuration, as a studio's players meet it: every mode, 1v1 included, has a ready check.
  const defaults = join(mkdtempSync(join(tmpdir(), 'ladder-answers-')), 'ladder.config.json');
  writeFileSync(defaults, '{}\n');
  process.env.LADDER_CONFIG = defaults;
  const stack = await simulationStack(console.log);
  const log = new CallLog();
  const limiter = new Limiter(64);
  const bots: BotClient[] = [];
  const bot: Bot = async (name) => {
    const client = new BotClient(stack, limiter, log);
    bots.push(client);
    await client.signIn(name);
    return client;
  };
  try {
    console.log('Warming the functions up…');
    await warmUp(bot);
    const locksBefore = lockTimeouts();
    console.log(`${pairs} pairs of 1v1 players accept together…`);
    const duels = await duelAccepts(bot, pairs);
    console.log(`${rooms} rooms of two 5-stacks accept together, then report together…`);
    const team = await teamAnswers(bot, rooms);
    const rows = [
      summary(`1v1 accepts (${pairs} pairs)`, duels),
      summary(`5v5 players' own profiles, read together (${rooms} rooms)`, team.profiles),
      summary(`5v5 accepts (${rooms} rooms)`, team.accepts),
      summary(`5v5 reports (${rooms} rooms)`, team.reports),
      summary(`5v5 first report of each room (${rooms} rooms)`, team.first),
      summary(`5v5 nine later reports of each room (${rooms} rooms)`, team.later),
    ];
    const locks = lockTimeouts() - locksBefore;
    console.table(rows.map((r) => ({ ...r, refusals: JSON.stringify(r.refusals) })));
    console.log(`Transaction lock timeouts logged by the Firestore emulator meanwhile: ${locks}`);
    writeFileSync(OUT, `${JSON.stringify({ at: new Date().toISOString(), rows, lockTimeouts: locks }, null, 2)}\n`);
    console.log(`Wrote ${OUT}`);
  } finally {
    await Promise.all(bots.map((b) => b.close()));
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
