import type { LadderError } from './errors.js';
import type { Feed, StatePointer } from './services.js';
import type { QueueStats, Room, Ticket, Unsubscribe } from './types.js';

/** What a MatchFeed tells its owner, each time after its own copy of that document changed. */
export interface MatchFeedEvents {
  state(state: StatePointer | null): void;
  ticket(ticket: Ticket | undefined): void;
  room(room: Room): void;
  stats?(stats: QueueStats | null): void;
  /** A listener failed (it listens again by itself); `path` names its document. */
  error(error: LadderError, path: string): void;
  /** Whether the room's listener serves from the device's cache, its stream to the server down (see Feed.room). */
  silent?(silent: boolean): void;
}

/** Newer of two copies of a room (a call's answer may overtake the listener, or lag behind it). */
const newer = (a: Room | undefined, b: Room) => (a && a.id === b.id && a.updatedAt > b.updatedAt ? a : b);

/** A ticket only moves on from `queued`: a copy read by hand must not take an ended ticket back. */
const laterTicket = (a: Ticket | undefined, b: Ticket | undefined) =>
  a && a.id === b?.id && a.status !== 'queued' && b.status === 'queued' ? a : b;

/**
 * One player's match documents as their listeners have them, and the repairs that keep those listeners true:
 * the player's state, the ticket followed, the room that ticket was matched into, and the pool's statistics.
 * Which ticket to follow next (a re-queue, a party's new ticket) is the owner's decision; how a document is
 * followed, and mended when a listener falls silent, is decided here only. The SDK's Match and the simulation's
 * bots both follow their matches through it.
 */
export class MatchFeed {
  state: StatePointer | null = null;
  ticket: Ticket | undefined;
  room: Room | undefined;
  private closed = false;
  private readonly followed = new Set<string>();
  private readonly stopState: Unsubscribe;
  private following: { mode: string; id: string; stop: Unsubscribe } | null = null;
  private roomFollowed: { id: string; stop: Unsubscribe } | null = null;
  private stopStats: Unsubscribe | null = null;

  constructor(
    private readonly feed: Feed,
    uid: string,
    private readonly events: MatchFeedEvents,
  ) {
    const path = `playerStates/${uid}`;
    this.stopState = feed.state(
      uid,
      (state) => {
        if (this.closed) return;
        this.state = state ?? null;
        events.state(this.state);
      },
      (error) => events.error(error, path),
    );
  }

  /** The ticket followed now, if any. */
  get ticketId(): string | null {
    return this.following?.id ?? null;
  }

  get roomId(): string | null {
    return this.roomFollowed?.id ?? null;
  }

  /** Whether this feed has followed (or follows) the ticket. */
  follows(ticketId: string) {
    return this.followed.has(ticketId);
  }

  /** Follows a ticket, and the room it is matched into, instead of the one followed so far. */
  followTicket(mode: string, ticketId: string) {
    if (this.closed || this.following?.id === ticketId) return;
    this.ticket = undefined;
    this.followed.add(ticketId);
    this.listenTicket(mode, ticketId);
  }

  /**
   * Replaces the listener on the followed ticket with a fresh one, keeping what the old one showed until the new
   * one speaks: a listener that started while its ticket was being written can miss that write for good (the
   * emulator has been measured doing so, scripts/listenRace.ts), and a read while that listener is open is
   * answered from the same stale view. Only a new listener, once the old one is gone, hears the ticket as it is.
   */
  relistenTicket(why: string) {
    const following = this.following;
    if (this.closed || !following) return;
    const path = `pools/${following.mode}/tickets/${following.id}`;
    this.feed.note({ path, event: 'reread', detail: why });
    this.listenTicket(following.mode, following.id);
  }

  /**
   * A copy of the followed ticket from elsewhere (a call's answer, the server's match view): kept unless it
   * would take an ended ticket back to queued.
   */
  learnTicket(ticket: Ticket) {
    if (!this.closed && this.following?.id === ticket.id) this.takeTicket(ticket);
  }

  private takeTicket(ticket: Ticket | undefined) {
    this.ticket = laterTicket(this.ticket, ticket);
    if (this.ticket?.roomId) this.followRoom(this.ticket.roomId);
    this.events.ticket(this.ticket);
  }

  private listenTicket(mode: string, id: string) {
    this.following?.stop();
    const path = `pools/${mode}/tickets/${id}`;
    const following = { mode, id, stop: (() => {}) as Unsubscribe };
    this.following = following;
    following.stop = this.feed.ticket(
      mode,
      id,
      (ticket) => {
        if (!this.closed && this.following === following) this.takeTicket(ticket);
      },
      (error) => this.events.error(error, path),
    );
  }

  /**
   * Follows a room: the one the enqueue answer carried (`known`), or the one the followed ticket was matched
   * into. The feed reads the room again by hand while it stays unseen, or unchanged past its deadline (see
   * Feed.room).
   */
  followRoom(roomId: string, known?: Room) {
    if (this.closed || this.roomFollowed?.id === roomId) return;
    this.dropRoom();
    this.room = known?.id === roomId ? known : undefined;
    const path = `rooms/${roomId}`;
    const followed = { id: roomId, stop: (() => {}) as Unsubscribe };
    this.roomFollowed = followed;
    followed.stop = this.feed.room(
      roomId,
      (room) => this.roomFollowed === followed && this.learnRoom(room),
      (error) => this.events.error(error, path),
      (silent) => this.roomFollowed === followed && this.events.silent?.(silent),
    );
  }

  /** A copy of the followed room from elsewhere (a call's answer): kept if it is the newer. */
  learnRoom(room: Room) {
    if (this.closed || this.roomFollowed?.id !== room.id) return;
    this.room = newer(this.room, room);
    this.events.room(this.room);
  }

  /** Stops following the room (a re-queue leaves it behind). */
  dropRoom() {
    if (this.roomFollowed) this.events.silent?.(false);
    this.roomFollowed?.stop();
    this.roomFollowed = null;
    this.room = undefined;
  }

  /** Follows the pool's statistics while `mode` is given (a ticket is queued), and stops when it is null. */
  followStats(mode: string | null) {
    if (mode && !this.stopStats && !this.closed) {
      const path = `pools/${mode}`;
      this.stopStats = this.feed.stats(
        mode,
        (stats) => !this.closed && this.events.stats?.(stats ?? null),
        (error) => this.events.error(error, path),
      );
    } else if (!mode && this.stopStats) {
      this.stopStats();
      this.stopStats = null;
    }
  }

  close() {
    if (this.closed) return;
    this.followStats(null);
    this.closed = true;
    this.stopState();
    this.following?.stop();
    this.roomFollowed?.stop();
  }
}
