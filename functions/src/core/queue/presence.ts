import type { PlayerState } from '../player/player.js';
import type { TicketDoc } from './ticket.js';

export type RoomLiveness = { id: string; live: boolean };

/**
 * Where a player is, derived from the documents their state points at rather than stored, so matching and
 * settlement need not rewrite every member's state: queued while their ticket is queued, in a room while the
 * room their ticket was matched into is live, idle otherwise.
 */
export type Presence =
  | { kind: 'idle' }
  | { kind: 'queued'; ticketId: string; mode: string }
  | { kind: 'inRoom'; roomId: string; mode: string };

export function presenceOf(
  state: Pick<PlayerState, 'ticketId'>,
  ticket: TicketDoc | undefined,
  room: RoomLiveness | undefined,
): Presence {
  if (!state.ticketId || !ticket || ticket.id !== state.ticketId) return { kind: 'idle' };
  if (ticket.status === 'queued') return { kind: 'queued', ticketId: ticket.id, mode: ticket.mode };
  if (ticket.status === 'matched' && ticket.roomId && room?.id === ticket.roomId && room.live) {
    return { kind: 'inRoom', roomId: ticket.roomId, mode: ticket.mode };
  }
  return { kind: 'idle' };
}
