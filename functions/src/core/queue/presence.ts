import type { PlayerState } from '../player/player.js';
import { splitPoolId, type PoolId } from '../mode/pool.js';
import type { TicketDoc } from './ticket.js';

export type RoomLiveness = { id: string; live: boolean; mode?: PoolId };

/**
 * Where a player is, derived from the documents their state points at rather than stored, so matching and
 * settlement need not rewrite every member's state: queued while their ticket is queued, in a room while the
 * room their ticket was matched into is live, idle otherwise.
 */
export type Presence =
  | { kind: 'idle' }
  | { kind: 'queued'; ticketId: string; mode: PoolId }
  | { kind: 'inRoom'; roomId: string; mode: PoolId };

export function presenceOf(
  state: Pick<PlayerState, 'ticketId'>,
  ticket: TicketDoc | undefined,
  room: RoomLiveness | undefined,
): Presence {
  if (!state.ticketId || !ticket || ticket.id !== state.ticketId) return { kind: 'idle' };
  if (ticket.status === 'queued') return { kind: 'queued', ticketId: ticket.id, mode: ticket.mode };
  if (ticket.status === 'matched' && ticket.roomId && room?.id === ticket.roomId && room.live) {
    // A ticket that waited in several modes leads to the room of whichever matched: the presence names its mode.
    const elsewhere = room.mode && splitPoolId(room.mode).modeId !== splitPoolId(ticket.mode).modeId;
    return { kind: 'inRoom', roomId: ticket.roomId, mode: elsewhere ? room.mode! : ticket.mode };
  }
  return { kind: 'idle' };
}

/**
 * The pointer a settlement leaves in a player's state, which it writes anyway: none when it pointed at one of the
 * room's tickets (the player is idle from now on either way), so their next call reads no ended ticket and room
 * to learn it; untouched when it points elsewhere (a player who left and queued again).
 */
export function pointerAfterSettling(
  state: Pick<PlayerState, 'ticketId'>,
  roomTicketIds: readonly string[],
): Pick<PlayerState, 'mode' | 'ticketId'> | null {
  return state.ticketId && roomTicketIds.includes(state.ticketId) ? { mode: null, ticketId: null } : null;
}
