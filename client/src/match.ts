import { LadderError, toLadderError } from './errors.js';
import { Heartbeat } from './heartbeat.js';
import { MatchFeed } from './matchFeed.js';
import { modeOfPool } from './pool.js';
import { declineRematch, followRematch, requestRematch, type RematchStatus } from './rematch.js';
import { teamResultFor } from './room.js';
import { ReadsWhileSilent } from './silence.js';
import type { Services } from './services.js';
import {
  deriveStatus,
  isEnded,
  type EndedStatus,
  type MatchFacts,
  type MatchStatus,
  type MatchStatusKind,
} from './status.js';
import type { BotSeat, Result, Room, Ticket, Unsubscribe } from './types.js';

export interface MatchOptions {
  /** How often a `queued` status is re-emitted with the updated wait; 0 turns that off. Default 1000 ms. */
  tickMs?: number;
}

/**
 * A live view of one queued player's match, from the ticket through the ready check and the game to the
 * rating change, built on Firestore listeners or the server's match view (the `transport`). While the ticket is queued it sends heartbeats. It follows
 * the player to a new ticket when a ready check that others failed sends them back to the queue.
 *
 * Lifetime: a Match runs until it ends (settled, voided, cancelled, expired), `close()` is called, or its Ladder
 * is closed or signed out, whether it came from `queue` or was handed over by `onMatch` (unsubscribing from
 * `onMatch` stops new hand-overs only). Removing an `onStatus`/`onError` listener removes only that listener.
 */
export interface Match {
  /** The mode queued for (`duel`); queued for several, the one whose room seated the player once one did. */
  readonly mode: string;
  /** The pool the ticket waits in: the mode, with its region and build group where it has them (`duel@eu`). */
  readonly pool: string;
  /** The other pools the ticket waits in (`alsoModes`); empty when it waits in one, or once it is seated. */
  readonly alsoIn: readonly string[];
  /** The current ticket (a new one after a re-queue). */
  readonly ticketId: string;
  /** The latest status, or null before the first documents arrive. */
  readonly status: MatchStatus | null;
  /** True once the match has ended (settled, voided, cancelled, expired) or was closed. */
  readonly ended: boolean;
  /**
   * The bots seated in the room after a long wait (the mode's `bots`): the game plays them, and only the humans
   * report. Empty before a room, and in a room of humans.
   */
  readonly bots: BotSeat[];
  /** Calls `listener` with the current status (if any) and every new one. */
  onStatus(listener: (status: MatchStatus) => void): Unsubscribe;
  /** Transient problems the subscription recovers from itself (a failed heartbeat, a listener error). */
  onError(listener: (error: LadderError) => void): Unsubscribe;
  /** Resolves with the first status of one of these kinds, or with the status that ends the match. */
  until<K extends MatchStatusKind>(...kinds: K[]): Promise<Extract<MatchStatus, { kind: K }> | EndedStatus>;
  accept(): Promise<Room>;
  decline(): Promise<Room>;
  /** Takes the ticket (the whole party's) out of the queue; false if it was no longer queued. */
  cancel(): Promise<boolean>;
  report(result: Result): Promise<Room>;
  /** Reports a team game from this player's side: 'win' means their side won. */
  reportOutcome(outcome: 'win' | 'loss' | 'draw'): Promise<Room>;
  /**
   * After the game settled: asks to play it again with the same players. Once every player has asked within
   * the mode's window the new room forms at once, and the Ladder's `onMatch` hands over its Match.
   */
  requestRematch(): Promise<RematchStatus>;
  /** Says no to the settled room's open rematch request: the players who asked see it declined. */
  declineRematch(): Promise<RematchStatus>;
  /** Follows the settled room's rematch: who has asked, until when, whether it would be rated, the new room. */
  onRematch(listener: (status: RematchStatus) => void): Unsubscribe;
  /** Stops listening and heartbeating (the ticket stays queued: `cancel` leaves the queue). */
  close(): void;
}

interface Waiter {
  wants: (status: MatchStatus) => boolean;
  resolve: (status: MatchStatus) => void;
  reject: (error: LadderError) => void;
}

/** Listener exceptions are the caller's bugs: surface them without breaking the subscription. */
const rethrowLater = (error: unknown) =>
  setTimeout(() => {
    throw error;
  });

export class MatchSubscription implements Match {
  private facts: MatchFacts;
  private current: MatchStatus | null = null;
  private emitted = '';
  private closed = false;
  private finished = false;
  private stateTicketId: string | null = null;
  /** The pool the state's ticket waits in: where a ticket sent back after a failed ready check is followed. */
  private statePool: string | null = null;
  private readonly readyChecksShown = new Set<string>();
  private readonly statusListeners = new Set<(status: MatchStatus) => void>();
  private readonly errorListeners = new Set<(error: LadderError) => void>();
  private readonly waiters = new Set<Waiter>();
  private readonly rematchFollowers = new Set<Unsubscribe>();
  private readonly heartbeat: Heartbeat;
  /** Beats during a started game of a mode where a silent player is taken to have left it. */
  private readonly gameBeat: Heartbeat;
  private readonly tickMs: number;
  private ticker: ReturnType<typeof setInterval> | undefined;
  /** The listeners on the state, the ticket, its room and the pool's statistics, and their repairs. */
  private readonly feed: MatchFeed;
  /** The server's match view while the room's listener is cut off from Firestore. */
  private readonly readsWhileSilent = new ReadsWhileSilent(() => this.askServer());

  constructor(
    private readonly services: Services,
    private readonly uid: string,
    /** `ttlSeconds`: the ticket's time-to-live as `enqueue` answered it; heartbeats then run at 55 % of it (`queuedBeatEvery`). */
    start: { ticketId: string; pool: string; room?: Room | null; ttlSeconds?: number },
    options: MatchOptions = {},
    /** Told of every status change; used by `onMatch` to follow the player from match to match. */
    private readonly onChange?: (match: MatchSubscription) => void,
  ) {
    this.facts = {
      uid,
      ticketId: start.ticketId,
      mode: start.pool,
      ticket: undefined,
      room: start.room ?? undefined,
      stats: null,
      cooldownUntil: null,
      requeued: false,
    };
    this.tickMs = options.tickMs ?? 1000;
    // Without the enqueue's answer (a party member's ticket, a restart), the ticket document says it.
    const ttlSeconds = start.ttlSeconds;
    this.heartbeat = new Heartbeat(
      async () => {
        const { expiresAt } = await services.call('heartbeat', {}, { timeoutMs: 10_000 });
        // The server says the player left the queue while the ticket listener still says queued: listen afresh,
        // and take the ticket and its room from the server's match view meanwhile, in case every listener stalls.
        if (expiresAt === null && this.facts.ticket?.status === 'queued' && !this.ended) {
          this.feed.relistenTicket('the server says the ticket is no longer queued: listening afresh');
          void this.askServer();
        }
        return expiresAt;
      },
      ttlSeconds ? ttlSeconds * 1000 : undefined,
      (error) => this.notify(error),
    );
    this.gameBeat = new Heartbeat(
      async () => (await services.call('heartbeat', {}, { timeoutMs: 10_000 })).leftAfter,
      undefined,
      (error) => this.notify(error),
    );
    this.feed = new MatchFeed(services.feed, uid, {
      state: (state) => {
        this.stateTicketId = state?.ticketId ?? null;
        this.statePool = state?.mode ?? null;
        this.facts.cooldownUntil = state?.cooldownUntil ?? null;
        this.refresh();
      },
      ticket: (ticket) => {
        this.facts.ticket = ticket;
        this.refresh();
      },
      room: (room) => {
        this.facts.room = room;
        // Queued for several modes, the player is seated by whichever matched first: the Match is of that mode.
        if (room && modeOfPool(room.mode) !== modeOfPool(this.facts.mode)) this.facts.mode = room.mode;
        this.refresh();
      },
      stats: (stats) => {
        this.facts.stats = stats;
        this.refresh();
      },
      error: (error) => this.notify(error),
      silent: (silent) => this.readsWhileSilent.set(silent),
    });
    this.feed.followTicket(start.pool, start.ticketId);
    if (start.room) this.feed.followRoom(start.room.id, start.room);
    this.refresh();
  }

  get mode() {
    return modeOfPool(this.facts.mode);
  }

  get pool() {
    return this.facts.mode;
  }

  get ticketId() {
    return this.facts.ticketId;
  }

  get status() {
    return this.current;
  }

  get ended() {
    return this.closed || this.finished;
  }

  get bots() {
    return this.facts.room?.bots ?? [];
  }

  /** Whether the player joined the game of their room in progress (a free-for-all with backfill). */
  get joinedLate(): boolean {
    // Absent from rooms written before late joiners existed.
    return this.facts.room?.late?.[this.uid] !== undefined;
  }

  get alsoIn(): readonly string[] {
    // Absent from tickets written before queueing for several modes existed.
    return (this.facts.ticket?.status === 'queued' && this.facts.ticket.alsoIn) || [];
  }

  /** Whether this subscription has followed (or follows) the ticket. */
  follows(ticketId: string) {
    return this.feed.follows(ticketId);
  }

  onStatus(listener: (status: MatchStatus) => void): Unsubscribe {
    this.statusListeners.add(listener);
    if (this.current) this.deliver(listener, this.current);
    return () => this.statusListeners.delete(listener);
  }

  onError(listener: (error: LadderError) => void): Unsubscribe {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  until<K extends MatchStatusKind>(...kinds: K[]): Promise<Extract<MatchStatus, { kind: K }> | EndedStatus> {
    type Wanted = Extract<MatchStatus, { kind: K }> | EndedStatus;
    const wants = (status: MatchStatus) => (kinds as MatchStatusKind[]).includes(status.kind) || isEnded(status);
    if (this.current && wants(this.current)) return Promise.resolve(this.current as Wanted);
    if (this.closed) return Promise.reject(new LadderError('cancelled', 'This match subscription was closed.'));
    return new Promise<Wanted>((resolve, reject) => {
      this.waiters.add({ wants, resolve: (status) => resolve(status as Wanted), reject });
    });
  }

  async accept(): Promise<Room> {
    const { room } = await this.services.call('acceptMatch', { roomId: this.requireRoomId('accept') });
    this.feed.learnRoom(room);
    return room;
  }

  async decline(): Promise<Room> {
    const { room } = await this.services.call('declineMatch', { roomId: this.requireRoomId('decline') });
    this.feed.learnRoom(room);
    return room;
  }

  async cancel(): Promise<boolean> {
    const { cancelled, ticket } = await this.services.call('cancelQueue', {});
    if (ticket) this.learnTicket(ticket);
    return cancelled;
  }

  /** The followed ticket as a call answered it (a cancel): shown at once, whatever the listener has heard. */
  learnTicket(ticket: Ticket) {
    this.feed.learnTicket(ticket);
  }

  /**
   * Reads the followed ticket, and the room it was matched into, from the server's match view. A listener
   * that missed a write is mended by listening afresh, but a stalled listen stream (the SDK backing off after
   * an error) silences every listener of the app, and a read through the SDK waits on that stream too.
   */
  private async askServer() {
    try {
      const view = await this.services.call('getMatchState', {
        ticket: { mode: this.facts.mode, id: this.facts.ticketId },
      });
      if (view.ticket) this.feed.learnTicket(view.ticket);
      if (view.room) this.feed.learnRoom(view.room);
    } catch (error) {
      this.notify(toLadderError(error));
    }
  }

  requestRematch(): Promise<RematchStatus> {
    return requestRematch(this.services, this.uid, this.requireRoomId('rematch'));
  }

  declineRematch(): Promise<RematchStatus> {
    return declineRematch(this.services, this.uid, this.requireRoomId('rematch'));
  }

  onRematch(listener: (status: RematchStatus) => void): Unsubscribe {
    const stop = followRematch(this.services, this.uid, this.requireRoomId('rematch'), listener, (e) => this.notify(e));
    this.rematchFollowers.add(stop);
    return () => {
      this.rematchFollowers.delete(stop);
      stop();
    };
  }

  report(result: Result): Promise<Room> {
    return this.sendReport(result);
  }

  reportOutcome(outcome: 'win' | 'loss' | 'draw'): Promise<Room> {
    const room = this.facts.room;
    if (!room) return Promise.reject(this.noRoom('report'));
    if (room.kind !== 'team') {
      return Promise.reject(
        new LadderError('invalid-argument', 'This is a free-for-all room: report { placements } with report().'),
      );
    }
    return this.sendReport(teamResultFor(room, this.uid, outcome));
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.teardown();
    for (const stop of this.rematchFollowers) stop();
    this.rematchFollowers.clear();
    for (const waiter of this.waiters)
      waiter.reject(new LadderError('cancelled', 'This match subscription was closed.'));
    this.waiters.clear();
    this.statusListeners.clear();
    this.errorListeners.clear();
  }

  /**
   * A room the client already saw settled takes no more reports (the server answers with it unchanged, and
   * counts the call against the player's rate limit): answered from it, without a call. In a big room the
   * result often settles before the last players report.
   */
  private async sendReport(result: Result): Promise<Room> {
    if (this.facts.room?.status === 'settled') return this.facts.room;
    const { room } = await this.services.call('reportResult', { roomId: this.requireRoomId('report'), ...result });
    this.feed.learnRoom(room);
    return room;
  }

  private requireRoomId(action: string): string {
    const id = this.facts.room?.id ?? this.facts.ticket?.roomId;
    if (!id) throw this.noRoom(action);
    return id;
  }

  private noRoom(action: string) {
    return new LadderError(
      'failed-precondition',
      `Nothing to ${action} yet: the ticket has not been matched into a room.`,
    );
  }

  /** A failed ready check sent this player's ticket back to the pool as a new ticket: follow it. */
  private followRequeue() {
    const next = this.stateTicketId;
    if (!next || next === this.facts.ticketId) return; // the state document has not caught up yet
    this.feed.dropRoom();
    const mode = this.statePool ?? this.facts.mode;
    this.facts = { ...this.facts, mode, ticketId: next, ticket: undefined, room: undefined, requeued: true };
    this.feed.followTicket(mode, next);
  }

  private refresh() {
    if (this.ended) return;
    const derived = deriveStatus(this.facts, Date.now());
    if (derived?.kind === 'requeueing') {
      this.heartbeat.stop();
      this.followRequeue();
      return;
    }
    const queued = derived?.kind === 'queued';
    this.keepQueuedExtras(queued);
    const ttlSeconds = this.facts.ticket?.ttlSeconds;
    if (derived?.kind === 'queued') this.heartbeat.run(derived.expiresAt, ttlSeconds ? ttlSeconds * 1000 : undefined);
    else this.heartbeat.stop();
    const playing = derived?.kind === 'active' || derived?.kind === 'disputed';
    // The first beat goes at once; then each at half the time the server says is left.
    if (playing && derived.room.leaveAfterSilentSeconds !== null && !derived.room.forfeits.includes(this.uid)) {
      this.gameBeat.run(Date.now());
    } else this.gameBeat.stop();
    if (!derived) return;

    const serialised = JSON.stringify(derived);
    if (serialised === this.emitted) return;
    this.emitted = serialised;
    this.current = derived;
    if (derived.kind === 'pending' && !derived.youAccepted) this.confirmReadyCheckShown(derived.room.id);
    if (isEnded(derived)) {
      this.finished = true;
      this.teardown();
    }
    for (const listener of this.statusListeners) this.deliver(listener, derived);
    for (const waiter of this.waiters) {
      if (waiter.wants(derived)) {
        this.waiters.delete(waiter);
        waiter.resolve(derived);
      }
    }
    this.onChange?.(this);
  }

  /** The queue statistics listener and the wait-time ticker run only while queued. */
  private keepQueuedExtras(queued: boolean) {
    this.feed.followStats(queued ? this.facts.mode : null);
    if (queued && !this.ticker && this.tickMs > 0) this.ticker = setInterval(() => this.refresh(), this.tickMs);
    else if (!queued && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }

  private teardown() {
    this.readsWhileSilent.stop();
    this.heartbeat.stop();
    this.gameBeat.stop();
    this.keepQueuedExtras(false);
    this.feed.close();
  }

  /**
   * Tells the server, once per room, that the ready check reached this player: only a player whose client did
   * so is cooled down for letting it run out.
   */
  private confirmReadyCheckShown(roomId: string) {
    if (this.readyChecksShown.has(roomId)) return;
    this.readyChecksShown.add(roomId);
    this.services.call('seeReadyCheck', { roomId }).catch((error) => this.notify(toLadderError(error)));
  }

  private notify(error: LadderError) {
    for (const listener of this.errorListeners) this.deliver(listener, error);
  }

  private deliver<T>(listener: (value: T) => void, value: T) {
    try {
      listener(value);
    } catch (error) {
      rethrowLater(error);
    }
  }
}
