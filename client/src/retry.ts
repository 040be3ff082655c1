import { backoffDelay, sleep } from './backoff.js';
import type { Invoke } from './contract.js';
import { toLadderError, unsendable } from './errors.js';

const ABORTED_ATTEMPTS = 3;

/** Repeats a call the server gave up on for contention (`aborted`: it changed nothing), refusing unsendable input. */
export function retrying(invoke: Invoke): Invoke {
  return async (name, ...args) => {
    const refused = unsendable(name, args[0]);
    if (refused) throw refused;
    for (let attempt = 0; ; attempt++) {
      try {
        return await invoke(name, ...args);
      } catch (error) {
        const failure = toLadderError(error);
        if (failure.code !== 'aborted' || attempt + 1 >= ABORTED_ATTEMPTS) throw failure;
        await sleep(backoffDelay(attempt, { baseMs: 200 }));
      }
    }
  };
}
