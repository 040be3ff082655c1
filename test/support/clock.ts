import type { Clock } from '../../functions/src/context.js';

/** A clock a test moves by hand: it stays where it was set until `advance` or `set` moves it. */
export interface HandClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export function handClock(startMs: number): HandClock {
  let now = startMs;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    set: (ms) => {
      now = ms;
    },
  };
}
