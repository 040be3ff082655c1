import { backoffDelay } from './backoff.js';

/** Reads through the server back off up to this while the listener stays silent. */
const MAX_GAP_MS = 30_000;

/**
 * Reads a match through the server while its room's listener serves from the device's cache: the SDK's stream to
 * Firestore is down (a cut connection, or a garbled stream after which the SDK waits out its longest backoff, about
 * a minute), and every listener of the app hears nothing meanwhile, however the room changes. A call reaches the
 * server by another way. The first read goes at once, then again with backoff, until the listener hears the
 * server again.
 */
export class ReadsWhileSilent {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private silent = false;
  private attempt = 0;
  /** Which silence a read belongs to: one still in flight when the listener recovered starts no second chain. */
  private spell = 0;

  constructor(private readonly read: () => Promise<void>) {}

  set(silent: boolean) {
    if (silent === this.silent) return;
    this.silent = silent;
    if (silent) this.schedule(0);
    else this.stop();
  }

  stop() {
    this.spell++;
    this.silent = false;
    this.attempt = 0;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delayMs: number) {
    const spell = this.spell;
    this.timer = setTimeout(async () => {
      await this.read();
      if (this.silent && spell === this.spell)
        this.schedule(backoffDelay(this.attempt++, { baseMs: 2_000, maxMs: MAX_GAP_MS }));
    }, delayMs);
  }
}
