/**
 * Runs the season close by hand, against the project or emulator the environment names (the admin SDK's
 * usual credentials, or FIRESTORE_EMULATOR_HOST). Safe to run at any time and again after it dies: a close
 * goes on where it stopped and never resets a player twice.
 *
 *   npm run season:close                              every ended season not yet closed, like the schedule
 *   npm run season:close -- --ladder solo --season s1 one season, with --batch N players per transaction
 */
import { parseArgs } from 'node:util';
import { envContext } from './ladderContext.js';
import { closeEndedSeasons } from '../functions/src/jobs/seasonClose.js';
import { withOpCounts } from '../functions/src/store/firestore/metrics.js';
import { closeSeason } from '../functions/src/store/seasons.js';

const { values } = parseArgs({
  options: { ladder: { type: 'string' }, season: { type: 'string' }, batch: { type: 'string', default: '200' } },
});
const batchSize = Number(values.batch);
if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('--batch must be a whole number above 0');
if (!values.ladder !== !values.season) throw new Error('give both --ladder and --season, or neither');

const ctx = envContext();
const started = Date.now();
let ops = { reads: 0, writes: 0 };
const result = await withOpCounts<unknown>(
  () =>
    values.ladder && values.season
      ? closeSeason(ctx, values.ladder, values.season, { batchSize })
      : closeEndedSeasons(ctx, Number.POSITIVE_INFINITY, batchSize),
  async (counted) => {
    ops = counted;
  },
);
console.log(JSON.stringify({ result, seconds: (Date.now() - started) / 1000, ...ops }, null, 2));
process.exit(0);
