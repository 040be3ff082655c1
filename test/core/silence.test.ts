import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadsWhileSilent } from '../../client/src/silence.js';

afterEach(() => vi.useRealTimers());

describe('reads through the server while a listener is silent', () => {
  it('read at once, again after a backoff, never in two chains, and stop when the listener hears the server', async () => {
    vi.useFakeTimers();
    let reads = 0;
    const pending: (() => void)[] = [];
    const finishAll = () => {
      for (const done of pending.splice(0)) done();
    };
    const reader = new ReadsWhileSilent(() => {
      reads++;
      return new Promise<void>((done) => pending.push(done));
    });
    reader.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    // The listener recovers and falls silent again while that read is still out: the new silence reads at once.
    reader.set(false);
    reader.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(2);
    // Both reads answer; only the current silence reads again, once, while that read is out (a second chain would
    // read again within the 4 s of its own backoff).
    finishAll();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reads).toBe(3);
    reader.set(false);
    finishAll();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reads).toBe(3);
  });
});
