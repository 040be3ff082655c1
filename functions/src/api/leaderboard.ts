import { z } from 'zod';
import { config } from '../config.js';
import { leaderboard } from '../store/leaderboard.js';
import { callable } from './callable.js';

/** The deployment's ladders, read when the callable is defined. */
const ladderIds = () => Object.keys(config.ladders) as [string, ...string[]];

/** The top `limit` players of a ladder and the caller's rank on it (null before their first game there). */
export const getLeaderboard = callable(
  () => z.strictObject({ ladder: z.enum(ladderIds()), limit: z.number().int().min(1).max(100).default(20) }),
  (input, caller) => leaderboard(input.ladder, input.limit, caller.uid),
);
