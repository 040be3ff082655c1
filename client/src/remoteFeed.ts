import { backoffDelay, sleep } from './backoff.js';
import { type Cancel, cancellation } from './cancel.js';
import type { Invoke } from './contract.js';
import { type LadderError, toLadderError } from './errors.js';
import type { Feed, OpenStream } from './services.js';
import type { MatchView, QueueStats, Room, Ticket, Unsubscribe } from './types.js';

type OnError = (error: LadderError) => void;
type State = NonNullable<MatchView['state']>;
type Sub =
  | { kind: 'state'; fn: (state: State | undefined) => void; onError: OnError }
  | { kind: 'ticket'; mode: string; id: string; fn: (ticket: Ticket | undefined) => void; onError: OnError }
  | { kind: 'room'; id: string; fn: (room: Room) => void; onError: OnError }
  | { kind: 'stats'; mode: string; fn: (stats: QueueStats) => void; onError: OnError };

export interface RemoteFeedOptions {
  /** Opens a `watchMatch` stream; without one the feed long-polls `getMatchState`. */
  open?: OpenStream | undefined;
  /** How long one long-poll may wait on the server (under a mini-game request's 60 s limit). */
  waitMs?: number;
}

/**
 * The match's documents from the server's match view: one `watchMatch` stream (or one long-poll after another)
 * per Ladder, whatever number of Matches and `onMatch` follow it. A ticket the player's state has moved past
 * (a re-queue, a new enqueue) is read once by name, so a Match still sees how its own ticket ended.
 */
export class RemoteFeed implements Feed {
  private view: MatchView | null = null;
  private readonly subs = new Set<Sub>();
  private stop: ReturnType<typeof cancellation> | null = null;
  /** A newer stream of this player took over (another device or tab): long-poll from then on. */
  private replaced = false;
  private readonly readByName = new Set<string>();
  private readonly waitMs: number;

  constructor(
    private readonly call: Invoke,
    private readonly options: RemoteFeedOptions = {},
  ) {
    this.waitMs = options.waitMs ?? 20_000;
  }

  state(_uid: string, fn: (state: State | undefined) => void, onError: OnError) {
    return this.add({ kind: 'state', fn, onError });
  }

  ticket(mode: string, id: string, fn: (ticket: Ticket | undefined) => void, onError: OnError) {
    return this.add({ kind: 'ticket', mode, id, fn, onError });
  }

  room(id: string, fn: (room: Room) => void, onError: OnError) {
    return this.add({ kind: 'room', id, fn, onError });
  }

  stats(mode: string, fn: (stats: QueueStats) => void, onError: OnError) {
    return this.add({ kind: 'stats', mode, fn, onError });
  }

  note() {}

  private add(sub: Sub): Unsubscribe {
    this.subs.add(sub);
    // Later, as a listener's first snapshot comes: the subscriber may not have finished setting up. (A promise
    // job rather than queueMicrotask, which mini-game runtimes lack.)
    void Promise.resolve().then(() => this.view && this.deliverTo(sub, this.view, true));
    if (!this.stop) {
      this.stop = cancellation();
      void this.run(this.stop);
    }
    return () => {
      this.subs.delete(sub);
      if (this.subs.size > 0) return;
      this.stop?.cancel();
      this.stop = null;
    };
  }

  private async run(stop: Cancel) {
    for (let failures = 0; !stop.cancelled; ) {
      try {
        const since = this.view?.version ?? 0;
        if (this.options.open && !this.replaced) {
          const end = await this.options.open({ sinceVersion: since }, (view) => this.accept(view), stop);
          if (end.reason === 'replaced') this.replaced = true;
        } else {
          const waitMs = this.view ? this.waitMs : 0;
          const view = await this.call(
            'getMatchState',
            { sinceVersion: since, waitMs },
            { timeoutMs: waitMs + 20_000 },
          );
          if (!stop.cancelled) this.accept(view);
        }
        failures = 0;
      } catch (error) {
        if (stop.cancelled) return;
        const failure = toLadderError(error);
        for (const sub of this.subs) sub.onError(failure);
        await sleep(backoffDelay(failures++, { baseMs: 500 }));
      }
    }
  }

  private accept(view: MatchView) {
    if (this.view && view.version <= this.view.version) return;
    this.view = view;
    for (const sub of [...this.subs]) this.deliverTo(sub, view, true);
  }

  /** `current` views follow the player's state; the others are one ticket read by name. */
  private deliverTo(sub: Sub, view: MatchView, current: boolean) {
    if (!this.subs.has(sub)) return;
    switch (sub.kind) {
      case 'state':
        if (current) sub.fn(view.state ?? undefined);
        return;
      case 'ticket':
        if (view.ticket?.id === sub.id) return sub.fn(view.ticket);
        if (current) this.readByNameOnce(sub);
        return;
      case 'room':
        if (view.room?.id === sub.id) sub.fn(view.room);
        return;
      case 'stats':
        if (view.stats && view.ticket?.mode === sub.mode) sub.fn(view.stats);
    }
  }

  /** Reads a ticket the state no longer points at, once per version of the view (its fate is final by then). */
  private readByNameOnce(sub: Extract<Sub, { kind: 'ticket' }>) {
    const key = `${sub.mode}/${sub.id}@${this.view?.version ?? 0}`;
    if (this.readByName.has(key)) return;
    this.readByName.add(key);
    this.call('getMatchState', { ticket: { mode: sub.mode, id: sub.id } }).then(
      (view) => {
        if (!view.ticket) sub.fn(undefined);
        for (const other of [...this.subs]) if (other.kind !== 'state') this.deliverTo(other, view, false);
      },
      (error) => {
        const refused = toLadderError(error);
        // A named ticket that does not exist is gone for good, as a view without it was before.
        if (refused.code === 'not-found') return sub.fn(undefined);
        // Another attempt at the next version of the view.
        this.readByName.delete(key);
        sub.onError(refused);
      },
    );
  }
}
