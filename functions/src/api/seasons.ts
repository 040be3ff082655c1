import { z } from 'zod';
import { config } from '../config.js';
import { seasonsOf } from '../store/seasons.js';
import { callable } from './callable.js';

/** The deployment's ladders, read when the callable is defined. */
const ladderIds = () => Object.keys(config.ladders) as [string, ...string[]];

/** A ladder's season calendar now (current, next, past) with the caller's own finish in each past season. */
export const getSeasons = callable(
  () => z.strictObject({ ladder: z.enum(ladderIds()) }),
  (input, caller) => seasonsOf(caller.uid, input.ladder),
);
