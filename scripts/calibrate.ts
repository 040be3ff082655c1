/**
 * Computes the calibration documents by hand, against the project or emulator the environment names (the admin
 * SDK's usual credentials, or FIRESTORE_EMULATOR_HOST). Safe to run again at any time: a day is recomputed whole.
 *
 *   npm run calibrate                         yesterday and today (UTC), like the hourly schedule
 *   npm run calibrate -- --day 2026-11-22     one day; --page N rooms per read
 */
import { parseArgs } from 'node:util';
import { dayIdSchema } from '../functions/src/core/ops/calibration.js';
import { envContext } from './ladderContext.js';
import { calibrateRecent } from '../functions/src/jobs/calibrate.js';
import { calibrateDay } from '../functions/src/store/calibration.js';
import { withOpCounts } from '../functions/src/store/firestore/metrics.js';

const { values } = parseArgs({ options: { day: { type: 'string' }, page: { type: 'string', default: '500' } } });
const pageSize = Number(values.page);
if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error('--page must be a whole number above 0');
const day = values.day === undefined ? undefined : dayIdSchema.parse(values.day);

const ctx = envContext();
const started = Date.now();
let ops = { reads: 0, writes: 0 };
const runs = await withOpCounts(
  async () => (day ? [await calibrateDay(ctx, day, pageSize)] : calibrateRecent(ctx, Date.now(), pageSize)),
  async (counted) => {
    ops = counted;
  },
);
console.log(JSON.stringify({ runs, seconds: (Date.now() - started) / 1000, ...ops }, null, 2));
process.exit(0);
