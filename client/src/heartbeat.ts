import { backoffDelay } from './backoff.js';
import { toLadderError, type LadderError } from './errors.js';

const MIN_BEAT_MS = 250;

/**
 * The pace of a queued ticket's beats when its time-to-live is known: 55 % of it after the previous answer. The
 * server moves the expiry only once half the time-to-live has run, so each beat at this pace moves it (and a beat
 * that moves it is not counted against the player's rate limit), while a failed one leaves 45 % of the
 * time-to-live to be retried in. Measured on the client's own clock from the last answer, so a client whose clock
 * is off by any amount keeps the same pace.
 */
export const queuedBeatEvery = (ttlMs: number) => ttlMs * 0.55;

/**
 * When the next heartbeat is due: at `queuedBeatEvery` when the caller knows the mode's time-to-live, otherwise
 * once half the time left before `expiresAt` has passed (the server extends a ticket only in the second half
 * of its time-to-live, so this keeps at least a quarter of it in hand).
 */
export function nextBeatIn(nowMs: number, expiresAt: number, ttlMs: number | undefined): number {
  if (ttlMs) return queuedBeatEvery(ttlMs);
  return Math.max(MIN_BEAT_MS, (expiresAt - nowMs) / 2);
}

/** After `failures` failed beats in a row: back off, but never wait longer than a regular beat would. */
export function retryIn(failures: number, nowMs: number, expiresAt: number, ttlMs: number | undefined): number {
  return Math.min(backoffDelay(failures - 1), nextBeatIn(nowMs, expiresAt, ttlMs));
}

/**
 * Keeps a queued ticket alive. `beat` calls the heartbeat callable and returns the ticket's new expiry, or
 * null when the player is no longer queued. A failed beat is reported and retried; only `stop` ends it.
 */
export class Heartbeat {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private running = false;
  private failures = 0;
  private expiresAt = 0;

  constructor(
    private readonly beat: () => Promise<number | null>,
    private ttlMs: number | undefined,
    private readonly onError: (error: LadderError) => void,
  ) {}

  /**
   * Starts beating for a ticket that expires at `expiresAt`, or tells a running heartbeat the latest expiry;
   * `ttlMs`, once the ticket says it, sets the pace.
   */
  run(expiresAt: number, ttlMs?: number) {
    this.expiresAt = Math.max(this.expiresAt, expiresAt);
    this.ttlMs = ttlMs ?? this.ttlMs;
    if (this.running) return;
    this.running = true;
    this.failures = 0;
    this.schedule(nextBeatIn(Date.now(), this.expiresAt, this.ttlMs));
  }

  stop() {
    this.running = false;
    this.generation++;
    this.expiresAt = 0;
    clearTimeout(this.timer);
  }

  private schedule(ms: number) {
    const generation = this.generation;
    this.timer = setTimeout(() => void this.fire(generation), ms);
  }

  private async fire(generation: number) {
    try {
      const expiresAt = await this.beat();
      if (generation !== this.generation) return;
      this.failures = 0;
      if (expiresAt === null) {
        // Not queued any more: the ticket listener (or the match view the beat asked for) brings the news.
        this.running = false;
        return;
      }
      this.expiresAt = Math.max(this.expiresAt, expiresAt);
      this.schedule(nextBeatIn(Date.now(), this.expiresAt, this.ttlMs));
    } catch (error) {
      if (generation !== this.generation) return;
      this.failures++;
      this.onError(toLadderError(error));
      this.schedule(retryIn(this.failures, Date.now(), this.expiresAt, this.ttlMs));
    }
  }
}
