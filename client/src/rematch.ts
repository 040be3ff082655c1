import { requireDocs, type Services } from './services.js';
import type { LadderError } from './errors.js';
import type { RematchState, Room, Unsubscribe } from './types.js';

/** A settled room's rematch as one of its players sees it. */
export interface RematchStatus {
  kind: 'rematch';
  /** The settled room. */
  roomId: string;
  /**
   * Where the request stands: `none` before anyone asked, `open` while it may form, `formed`, `lapsed` once its
   * deadline passed without everyone, `declined` once a player said no or queued for another game. After
   * `lapsed` or `declined`, asking again starts a fresh request.
   */
  phase: 'none' | 'open' | 'formed' | 'lapsed' | 'declined';
  /** Who has asked to play again, and who has not yet. */
  asked: string[];
  waitingFor: string[];
  youAsked: boolean;
  /** Until when every player may ask (ms since the epoch); null before anyone asked. */
  deadline: number | null;
  /** Who turned the request down, and how (`declined`: said no; `queued`: queued for another game). */
  declined: { uid: string; reason: 'declined' | 'queued' } | null;
  /** Why the rematch would not be rated (the daily cap of games between two players); null when rated. */
  unrated: string | null;
  /** The rematch's room once everyone asked; the Ladder's `onMatch` hands over its Match. */
  rematchRoomId: string | null;
}

function phaseOf(rematch: RematchState | null, nowMs: number): RematchStatus['phase'] {
  if (!rematch) return 'none';
  if (rematch.roomId) return 'formed';
  if (rematch.declined) return 'declined';
  return nowMs > rematch.deadline ? 'lapsed' : 'open';
}

/** The rematch status a settled room's document describes, at `nowMs` (a request lapses by the clock). */
export function rematchStatus(room: Room, uid: string, nowMs = Date.now()): RematchStatus {
  const rematch = room.rematch ?? null;
  const phase = phaseOf(rematch, nowMs);
  const asked = phase === 'open' || phase === 'formed' ? (rematch?.asked ?? []) : [];
  const declined = rematch?.declined ?? null;
  return {
    kind: 'rematch',
    roomId: room.id,
    phase,
    asked,
    waitingFor: phase === 'open' ? room.memberUids.filter((u) => !asked.includes(u)) : [],
    youAsked: asked.includes(uid),
    deadline: rematch?.deadline ?? null,
    declined: phase === 'declined' && declined ? { uid: declined.uid, reason: declined.reason } : null,
    unrated: rematch?.unrated ?? null,
    rematchRoomId: rematch?.roomId ?? null,
  };
}

/** Asks for a rematch of a settled room; the status as the answer leaves it. */
export async function requestRematch(services: Services, uid: string, roomId: string): Promise<RematchStatus> {
  const { room } = await services.call('requestRematch', { roomId });
  return rematchStatus(room, uid);
}

/** Says no to a settled room's open rematch request; the status as the answer leaves it. */
export async function declineRematch(services: Services, uid: string, roomId: string): Promise<RematchStatus> {
  const { room } = await services.call('declineRematch', { roomId });
  return rematchStatus(room, uid);
}

/**
 * Follows a settled room's rematch: every change of who asked, a decline, the new room once it formed, and the
 * lapse: nothing is written when a deadline passes, so a timer tells the listener then.
 */
export function followRematch(
  services: Services,
  uid: string,
  roomId: string,
  listener: (status: RematchStatus) => void,
  onError: (error: LadderError) => void,
): Unsubscribe {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (room: Room) => {
    clearTimeout(timer);
    const status = rematchStatus(room, uid);
    listener(status);
    if (status.phase === 'open' && status.deadline !== null)
      timer = setTimeout(() => show(room), Math.max(0, status.deadline - Date.now()) + 1);
  };
  const stop = requireDocs(services, 'A rematch').listen<Room>(
    `rooms/${roomId}`,
    (room) => room && show(room),
    onError,
  );
  return () => {
    clearTimeout(timer);
    stop();
  };
}
