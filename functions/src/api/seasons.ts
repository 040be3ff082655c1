import { z } from 'zod';
import type { LadderContext } from '../context.js';
import { seasonsOf } from '../store/seasons.js';
import { callable } from './callable.js';

/** The deployment's ladders, read when the callable is defined. */
const ladderIds = ({ config }: LadderContext) => Object.keys(config.ladders) as [string, ...string[]];

/** A ladder's season calendar now (current, next, past) with the caller's own finish in each past season. */
export const getSeasons = callable(
  (ctx) => z.strictObject({ ladder: z.enum(ladderIds(ctx)) }),

  (input, caller, ctx) => seasonsOf(ctx, caller.uid, input.ladder),
);
