/**
 * A cancellation the SDK's core can hold where the host has no `AbortController` (WeChat and Douyin mini-games
 * have none); transports that do talk to an `AbortSignal` bridge it there (see contract.ts `streamer`).
 */
export interface Cancel {
  readonly cancelled: boolean;
  /** Runs `fn` once when cancelled (at once if it already is); returns a function that forgets `fn`. */
  onCancel(fn: () => void): () => void;
}

export function cancellation(): Cancel & { cancel(): void } {
  let cancelled = false;
  const listeners = new Set<() => void>();
  return {
    get cancelled() {
      return cancelled;
    },
    onCancel(fn) {
      if (cancelled) {
        fn();
        return () => {};
      }
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    cancel() {
      if (cancelled) return;
      cancelled = true;
      for (const fn of [...listeners]) fn();
      listeners.clear();
    },
  };
}
