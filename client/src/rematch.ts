import { requireDocs, type Services } from './services.js';
import type { LadderError } from './errors.js';
import type { Room, Unsubscribe } from './types.js';

/** A settled room's rematch as one of its players sees it. */
export interface RematchStatus {
  kind: 'rematch';
  /** The settled room. */
  roomId: string;
  /** Who has asked to play again, and who has not yet. */
  asked: string[];
  waitingFor: string[];
  youAsked: boolean;
  /** Until when every player may ask (ms since the epoch); null before anyone asked. */
  deadline: number | null;
  /** Why the rematch would not be rated (the daily cap of games between two players); null when rated. */
  unrated: string | null;
  /** The rematch's room once everyone asked; the Ladder's `onMatch` hands over its Match. */
  rematchRoomId: string | null;
}

/** The rematch status a settled room's document describes. */
export function rematchStatus(room: Room, uid: string): RematchStatus {
  const asked = room.rematch?.asked ?? [];
  return {
    kind: 'rematch',
    roomId: room.id,
    asked,
    waitingFor: room.memberUids.filter((u) => !asked.includes(u)),
    youAsked: asked.includes(uid),
    deadline: room.rematch?.deadline ?? null,
    unrated: room.rematch?.unrated ?? null,
    rematchRoomId: room.rematch?.roomId ?? null,
  };
}

/** Asks for a rematch of a settled room; the status as the answer leaves it. */
export async function requestRematch(services: Services, uid: string, roomId: string): Promise<RematchStatus> {
  const { room } = await services.call('requestRematch', { roomId });
  return rematchStatus(room, uid);
}

/** Follows a settled room's rematch: every change of who asked, and the new room once it formed. */
export function followRematch(
  services: Services,
  uid: string,
  roomId: string,
  listener: (status: RematchStatus) => void,
  onError: (error: LadderError) => void,
): Unsubscribe {
  return requireDocs(services, 'A rematch').listen<Room>(
    `rooms/${roomId}`,
    (room) => room && listener(rematchStatus(room, uid)),
    onError,
  );
}
