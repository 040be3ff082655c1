import { fail } from '../errors.js';
import { cappedPairs, unratedReason } from '../fairplay/pairCap.js';
import type { FarmingConfig, Meetings } from '../fairplay/rematchWindow.js';
import { makeProposal, type MatchProposal } from '../match/proposal.js';
import type { Ticket } from '../match/ticket.js';
import type { Presence } from '../queue/presence.js';
import type { RoomDoc } from './room.js';
import type { RematchConfig } from '../mode/modes.js';
import { rematchPhase, type RematchState } from './rematchState.js';

/**
 * A rematch: after a settled game, the same players play again at once, without the queue, when every one of
 * them asks within the mode's window (its configuration and state: rematchState.ts). The queue's rule that
 * keeps recent opponents apart (fairplay/rematchWindow.ts) guards against farming strangers met by chance; a
 * rematch that everyone asked for is allowed past it, while the daily pair cap still decides whether it is rated.
 */

const who = (room: Pick<RoomDoc, 'names'>, uids: readonly string[]) => uids.map((u) => room.names[u] ?? u).join(', ');

/**
 * A player's ask for a rematch of `room`: refused, naming why, unless they played in it, it settled, its mode
 * offers rematches, the rematch has not formed, and either a request is open that they have not joined yet, or
 * none was made and the window after the game is still open, or the last one lapsed or was declined (this ask
 * then starts a fresh request, with a window of its own from now).
 */
export function askRematch(room: RoomDoc, uid: string, config: RematchConfig | null, nowMs: number): RematchState {
  const rules = assertRematchable(room, uid, config);
  const state = room.rematch;
  if (state?.roomId)
    fail('failed-precondition', `The rematch of room ${room.id} already formed: room ${state.roomId}.`);
  const fresh = (deadline: number): RematchState => ({
    asked: [uid],
    deadline,
    roomId: null,
    unrated: null,
    declined: null,
  });
  if (!state) {
    const deadline = (room.endedAt ?? room.updatedAt) + rules.windowSeconds * 1000;
    if (nowMs > deadline)
      fail(
        'failed-precondition',
        `roomId: the rematch window of room ${room.id} closed ${rules.windowSeconds} s after it settled.`,
      );
    return fresh(deadline);
  }
  if (rematchPhase(state, nowMs) !== 'open') return fresh(nowMs + rules.windowSeconds * 1000);
  if (state.asked.includes(uid))
    fail(
      'failed-precondition',
      `You already asked for this rematch; waiting for ${who(room, waitingFor(room, state))}.`,
    );
  return { ...state, asked: [...state.asked, uid] };
}

/** A player of the room saying no to its open rematch request; refused when there is none to say no to. */
export function declineRematch(room: RoomDoc, uid: string, config: RematchConfig | null, nowMs: number): RematchState {
  assertRematchable(room, uid, config);
  const state = room.rematch;
  const phase = state ? rematchPhase(state, nowMs) : null;
  if (!state || phase !== 'open')
    fail('failed-precondition', `roomId: room ${room.id} has no open rematch request${phase ? ` (it ${phase})` : ''}.`);
  return { ...state, declined: { uid, at: nowMs, reason: 'declined' } };
}

/**
 * The room's rematch once `uid`, asked to it, queued for another game: declined, when the request is still the
 * open one they were asked to (`deadline` tells a fresh request from it); otherwise null, nothing to change.
 */
export function declinedByQueueing(room: RoomDoc | undefined, uid: string, deadline: number, nowMs: number) {
  const state = room?.rematch;
  if (!state || state.deadline !== deadline || rematchPhase(state, nowMs) !== 'open') return null;
  return { ...state, declined: { uid, at: nowMs, reason: 'queued' as const } };
}

/** A room whose rematch may be asked for or declined by `uid`: theirs, settled, of a mode with rematches, no bots. */
function assertRematchable(room: RoomDoc, uid: string, config: RematchConfig | null): RematchConfig {
  if (!room.memberUids.includes(uid)) fail('failed-precondition', `roomId: you did not play in room ${room.id}.`);
  if (room.status !== 'settled')
    fail('failed-precondition', `roomId: room ${room.id} is ${room.status}; a rematch follows a settled game.`);
  if (!config) fail('failed-precondition', `roomId: mode ${room.mode} offers no rematch.`);
  // The bots' seats cannot be asked; queueing again gives humans their chance first.
  if (room.bots.length > 0) fail('failed-precondition', `roomId: room ${room.id} had bots; queue again to play.`);
  return config;
}

/** The players of the room who have not asked yet. */
export const waitingFor = (room: Pick<RoomDoc, 'memberUids'>, state: Pick<RematchState, 'asked'>) =>
  room.memberUids.filter((u) => !state.asked.includes(u));

/**
 * Refuses the rematch while one of `players` (the asker; at the last ask, everyone) is busy elsewhere, or while
 * a player of the room blocks another, naming them.
 */
export function assertCanRematch(
  room: Pick<RoomDoc, 'memberUids' | 'names'>,
  players: readonly string[],
  presence: (uid: string) => Presence,
  blocked: (uid: string) => readonly string[],
) {
  for (const uid of players) {
    const where = presence(uid);
    if (where.kind !== 'idle')
      fail(
        'failed-precondition',
        `${who(room, [uid])} ${where.kind === 'queued' ? 'is queued' : 'is in another room'} now.`,
      );
  }
  for (const uid of room.memberUids)
    if (blocked(uid).some((other) => room.memberUids.includes(other)))
      fail('failed-precondition', `${who(room, [uid])} blocked a player of this room: no rematch.`);
}

/** Whether the rematch would be unrated under the daily pair cap, and why; known before it is played. */
export function rematchUnrated(
  room: Pick<RoomDoc, 'kind' | 'sides' | 'memberUids' | 'names'>,
  meetings: ReadonlyMap<string, Meetings | null>,
  farming: FarmingConfig,
  nowMs: number,
): string | null {
  const pairs = cappedPairs(room, meetings, farming, nowMs);
  return pairs.length > 0 && farming.dailyPairCap !== null
    ? unratedReason(pairs, room.names, farming.dailyPairCap)
    : null;
}

/**
 * The rematch's match: the room's sides with each old ticket replaced by the new one of the same players
 * (their ratings as they are now), the two sides swapped where the mode says so.
 */
export function rematchProposal(
  room: Pick<RoomDoc, 'kind' | 'sides'>,
  fresh: ReadonlyMap<string, Ticket>,
  swap: boolean,
  nowMs: number,
): MatchProposal {
  const sides = room.sides.map((side) => side.tickets.map((t) => fresh.get(t.ticketId)!));
  return makeProposal(swap && room.kind === 'team' ? [...sides].reverse() : sides, nowMs);
}
