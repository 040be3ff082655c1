import { onSchedule, type ScheduleOptions } from 'firebase-functions/v2/scheduler';
import type { FunctionsConfig } from './core/config.js';

/**
 * A function of the ladder, defined only once the deployment's configuration is known: `onCall` and `onSchedule`
 * read their options (region, memory, App Check) when a function is defined, and the studio's configuration
 * arrives after every module of the package has loaded.
 */
export interface LadderFunction<F> {
  readonly build: (options: FunctionsConfig) => F;
}

export const deferred = <F>(build: (options: FunctionsConfig) => F): LadderFunction<F> => ({ build });

/** What a group of ladder functions becomes once built. */
export type Built<T> = { [K in keyof T]: T[K] extends LadderFunction<infer F> ? F : never };

/** A scheduled job in the deployment's region; its options are read when it is defined. */
export const scheduled = (options: () => ScheduleOptions, handler: () => Promise<void>) =>
  deferred((where) => onSchedule({ region: where.region, memory: where.memory, ...options() }, handler));
