/**
 * What a bot knows, from the listeners a real client keeps: its own `playerStates` document, the ticket that
 * names (its latest), and the room that ticket was matched into. Nothing else is read: a party member learns of
 * the party's ticket, and anyone of a re-queued ticket, through the state document.
 */
import type { PlayerState } from '../functions/src/core/player/player.js';
import type { TicketDoc } from '../functions/src/core/queue/ticket.js';
import type { RoomDoc } from '../functions/src/core/room/room.js';
import type { BotClient } from './client.js';

type Waiter = () => void;

export class PlayerView {
  state: PlayerState | null = null;
  ticket: TicketDoc | null = null;
  room: RoomDoc | null = null;
  /** When each room's document first reached this client's listener (ms since the epoch). */
  readonly roomSeenAt = new Map<string, number>();
  /** Listeners the backend refused or dropped: path and error code. */
  readonly listenerErrors: string[] = [];
  private readonly followedTickets = new Set<string>();
  private followingTicket: string | null = null;
  private followingRoom: string | null = null;
  private stopState: (() => void) | null = null;
  private stopTicket: (() => void) | null = null;
  private stopRoom: (() => void) | null = null;
  private readonly waiters = new Set<Waiter>();

  constructor(private readonly client: BotClient) {}

  start() {
    this.stopState = this.client.listen(
      `playerStates/${this.client.uid}`,
      (data) => {
        this.state = (data as PlayerState | undefined) ?? null;
        // Earlier tickets are never followed again: a late snapshot must not pull the view back to one.
        if (this.state?.ticketId && this.state.mode && !this.followedTickets.has(this.state.ticketId)) {
          this.followTicket(this.state.mode, this.state.ticketId);
        }
        this.changed();
      },
      this.failed(`playerStates/${this.client.uid}`),
    );
  }

  /** Follows a ticket the client just created (the enqueue answer), ahead of the state listener. */
  followTicket(mode: string, ticketId: string) {
    if (this.followingTicket === ticketId) return;
    this.followingTicket = ticketId;
    this.followedTickets.add(ticketId);
    this.listenTicket(mode, ticketId);
  }

  /**
   * Replaces the listener on the followed ticket with a fresh one, keeping what the old one showed until the new
   * one speaks: a listener the emulator started during a write to its document can miss that write for good
   * (see docs/CONTRIBUTING.md), and only a new listener hears of it.
   */
  relistenTicket() {
    const ticket = this.ticket;
    if (!ticket || this.followingTicket !== ticket.id) return;
    this.listenTicket(ticket.mode, ticket.id);
    this.ticket = ticket;
  }

  private listenTicket(mode: string, ticketId: string) {
    this.stopTicket?.();
    this.ticket = null;
    this.stopTicket = this.client.listen(
      `pools/${mode}/tickets/${ticketId}`,
      (data) => {
        const ticket = data as TicketDoc | undefined;
        if (!ticket) return;
        this.ticket = ticket;
        if (ticket.status === 'matched' && ticket.roomId) this.followRoom(ticket.roomId);
        this.changed();
      },
      this.failed(`pools/${mode}/tickets/${ticketId}`),
    );
  }

  /** Follows a room: the one the enqueue answer carried, or the one the followed ticket was matched into. */
  followRoom(roomId: string) {
    if (this.followingRoom === roomId) return;
    this.followingRoom = roomId;
    this.stopRoom?.();
    this.room = null;
    this.stopRoom = this.client.listen(
      `rooms/${roomId}`,
      (data) => {
        const room = data as RoomDoc | undefined;
        if (!room) return;
        if (!this.roomSeenAt.has(room.id)) this.roomSeenAt.set(room.id, Date.now());
        this.room = room;
        this.changed();
      },
      this.failed(`rooms/${roomId}`),
    );
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
    for (const stop of [this.stopState, this.stopTicket, this.stopRoom]) stop?.();
    for (const waiter of this.waiters) waiter();
  }

  private changed() {
    for (const waiter of [...this.waiters]) waiter();
  }

  private failed(path: string) {
    return (error: Error) => {
      this.listenerErrors.push(`${path}: ${(error as { code?: string }).code ?? error.message}`);
      this.changed();
    };
  }
}
