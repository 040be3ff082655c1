/**
 * What a bot knows, from the listeners a real client keeps: its own `playerStates` document, the ticket that
 * names (its latest), and the room that ticket was matched into. The documents are followed, and their listeners
 * mended, by the SDK's own MatchFeed over the bot's web-SDK Firestore; this adds only what the simulation measures
 * (when each room first reached the bot, the listener errors) and a way to wait on the view. A party member
 * learns of the party's ticket, and anyone of a re-queued ticket, through the state document.
 */
import { firestoreFeed } from '../client/src/firestoreFeed.js';
import { MatchFeed } from '../client/src/matchFeed.js';
import type { TicketDoc } from '../functions/src/core/queue/ticket.js';
import type { RoomDoc } from '../functions/src/core/room/room.js';
import type { BotClient } from './client.js';

type Waiter = () => void;

export class PlayerView {
  /** When each room's document first reached this client (ms since the epoch). */
  readonly roomSeenAt = new Map<string, number>();
  /** Listeners the backend refused or dropped (each listens again by itself): path and error code. */
  readonly listenerErrors: string[] = [];
  private readonly feed: MatchFeed;
  private readonly waiters = new Set<Waiter>();

  /** Starts listening: the bot has signed in. */
  constructor(client: BotClient) {
    this.feed = new MatchFeed(firestoreFeed(client.db), client.uid, {
      state: (state) => {
        // Every ticket the state names is followed (a party's, a re-queue's), earlier ones never again: a late
        // snapshot must not pull the view back to one.
        if (state?.ticketId && state.mode && !this.feed.follows(state.ticketId))
          this.feed.followTicket(state.mode, state.ticketId);
        this.changed();
      },
      ticket: () => this.changed(),
      room: (room) => {
        if (!this.roomSeenAt.has(room.id)) this.roomSeenAt.set(room.id, Date.now());
        this.changed();
      },
      error: (error, path) => {
        this.listenerErrors.push(`${path}: ${error.code}`);
        this.changed();
      },
    });
  }

  get state() {
    return this.feed.state;
  }

  // The feed's documents are the SDK's client types; the simulation reads them as the server's documents.
  get ticket() {
    return (this.feed.ticket ?? null) as TicketDoc | null;
  }

  get room() {
    return (this.feed.room ?? null) as RoomDoc | null;
  }

  /** Follows a ticket the client just created (the enqueue answer), ahead of the state listener. */
  followTicket(mode: string, ticketId: string) {
    this.feed.followTicket(mode, ticketId);
  }

  /** Follows the room the enqueue answer carried. */
  followRoom(roomId: string) {
    this.feed.followRoom(roomId);
  }

  /** The server contradicted the ticket's listener: listen to it afresh (MatchFeed.relistenTicket). */
  relistenTicket() {
    this.feed.relistenTicket('the server says the ticket is no longer queued');
  }

  /** Resolves true once `holds` is true of the view, or false after `timeoutMs`. */
  until(holds: (view: PlayerView) => boolean, timeoutMs: number): Promise<boolean> {
    if (holds(this)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const check: Waiter = () => {
        if (!holds(this)) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(
        () => {
          this.waiters.delete(check);
          resolve(holds(this));
        },
        Math.max(0, timeoutMs),
      );
      this.waiters.add(check);
    });
  }

  close() {
    this.feed.close();
    for (const waiter of this.waiters) waiter();
  }

  private changed() {
    for (const waiter of [...this.waiters]) waiter();
  }
}
