/**
 * Peak memory of sweeping a 100,000-player 5v5 pool, measured in a process of its own so that nothing
 * else the benchmark holds counts towards it. Prints one line of JSON for bench/run.ts.
 */
import { sweepPool } from '../functions/src/core/match/index.js';
import { defaultModes } from '../functions/src/core/mode/modes.js';
import { PARTY_MIX, TicketFactory } from './pools.js';
import { Random } from '../tools/random.js';

const [seed = '1', players = '100000', nowMs = '0', repetitions = '5'] = process.argv.slice(2);
const mode = defaultModes['5v5'];
if (!mode) throw new Error('5v5 is a default mode');
const pool = new TicketFactory(new Random(Number(seed))).pool({
  players: Number(players),
  mix: PARTY_MIX,
  maxAgeSeconds: 30,
  nowMs: Number(nowMs),
});
const beforeSweepMiB = process.memoryUsage().rss / 2 ** 20;
let proposals = 0;
for (let i = 0; i < Number(repetitions); i++) proposals = sweepPool(mode, pool, Number(nowMs)).proposals.length;
console.log(JSON.stringify({ peakRssMiB: process.resourceUsage().maxRSS / 1024, beforeSweepMiB, proposals }));
