import { onSchedule, type ScheduleOptions } from 'firebase-functions/v2/scheduler';
import type { LadderContext } from './context.js';

/**
 * A function of the ladder, defined only once the deployment's context is known: `onCall` and `onSchedule` read
 * their options (region, memory, App Check) when a function is defined, and every handler runs with the context
 * of the ladder it was built for.
 */
export interface LadderFunction<F> {
  readonly build: (ctx: LadderContext) => F;
}

export const deferred = <F>(build: (ctx: LadderContext) => F): LadderFunction<F> => ({ build });

/** What a group of ladder functions becomes once built. */
export type Built<T> = { [K in keyof T]: T[K] extends LadderFunction<infer F> ? F : never };

/** A scheduled job in the deployment's region, run with the ladder's context; its options are read when it is defined. */
export const scheduled = (
  options: (ctx: LadderContext) => ScheduleOptions,
  handler: (ctx: LadderContext) => Promise<void>,
) =>
  deferred((ctx) =>
    onSchedule({ region: ctx.config.functions.region, memory: ctx.config.functions.memory, ...options(ctx) }, () =>
      handler(ctx),
    ),
  );
