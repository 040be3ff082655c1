/**
 * Joining a free-for-all in progress: a room in play with open seats (core/mode/backfill.ts) takes queued tickets
 * that fit it, each whole. A late joiner skips the ready check (the game has started) and is listed in `late`, which
 * tells their client it joined a game in progress and settlement whether their game is rated.
 */
import { clash } from '../fairplay/avoidance.js';
import { tooSoon, type FarmingConfig } from '../fairplay/rematchWindow.js';
import { openSeats, withOpening } from '../mode/backfill.js';
import { acceptedValues } from '../mode/choices.js';
import type { Mode } from '../mode/modes.js';
import { waitSeconds } from '../match/ticket.js';
import { capAt } from '../match/widening.js';
import type { GuardedTicket, RoomTicket, TicketDoc, TicketGuard } from '../queue/ticket.js';
import { roomTickets, type RoomDoc } from './room.js';

/** A room in play with what its players keep away (their block lists and recent opponents, read from their states). */
export interface OpenRoom {
  room: RoomDoc;
  guard: TicketGuard;
}

const seatedMembers = (room: RoomDoc) => roomTickets(room).flatMap((t) => t.members);

/** Whether the room's players, as one side, would face the ticket too soon after meeting (rematch rules). */
function metTooSoon(open: OpenRoom, ticket: GuardedTicket, farming: FarmingConfig, nowMs: number): boolean {
  const players = { members: seatedMembers(open.room), enqueuedAt: ticket.enqueuedAt, recent: open.guard.recent };
  return tooSoon(ticket, players, farming, nowMs);
}

/** The spread of the room's scores with the ticket's, within what the ticket's wait allows or the room had already. */
function withinSpread(room: RoomDoc, ticket: GuardedTicket, mode: Mode, nowMs: number): boolean {
  const scores = roomTickets(room).map((t) => t.score);
  const spread = (all: number[]) => Math.max(...all) - Math.min(...all);
  const allowed = Math.max(capAt(mode.spreadCap, waitSeconds(ticket, nowMs)), spread(scores));
  return spread([...scores, ticket.score]) <= allowed;
}

/** Whether the ticket accepts, at its wait, every value its room agreed on. */
function acceptsAgreed(room: RoomDoc, ticket: GuardedTicket, mode: Mode, nowMs: number): boolean {
  const waited = waitSeconds(ticket, nowMs);
  return Object.entries(mode.choices ?? {}).every(([name, choice]) =>
    acceptedValues(choice, ticket.choices?.[name], waited).includes(room.agreed[name] ?? ''),
  );
}

/**
 * Whether a queued ticket may join this room now: the room has seats for its whole party until its window ends, no
 * player on either side keeps the other away, and the ticket keeps the room within its caps and choices.
 */
export function fitsLate(open: OpenRoom, ticket: GuardedTicket, mode: Mode, farming: FarmingConfig, nowMs: number) {
  const { room } = open;
  if (openSeats(room) < ticket.members.length || room.backfill!.until <= nowMs) return false;
  if (ticket.members.some((m) => room.memberUids.includes(m.uid))) return false;
  const players = { members: seatedMembers(room), avoid: open.guard.avoid };
  if (clash(ticket, players) || metTooSoon(open, ticket, farming, nowMs)) return false;
  return withinSpread(room, ticket, mode, nowMs) && acceptsAgreed(room, ticket, mode, nowMs);
}

const mean = (room: RoomDoc) => {
  const scores = roomTickets(room).map((t) => t.score);
  return scores.reduce((sum, s) => sum + s, 0) / scores.length;
};

/** Of the rooms the ticket fits, the one whose players' mean score is nearest its own; null when none fits. */
export function roomForLate(
  rooms: readonly OpenRoom[],
  ticket: GuardedTicket,
  mode: Mode,
  farming: FarmingConfig,
  nowMs: number,
): OpenRoom | null {
  const fitting = rooms.filter((open) => fitsLate(open, ticket, mode, farming, nowMs));
  const distance = (open: OpenRoom) => Math.abs(mean(open.room) - ticket.score);
  return fitting.reduce<OpenRoom | null>((best, o) => (best && distance(best) <= distance(o) ? best : o), null);
}

/** The room with a late joiner seated: its ticket, players, names and ranks added, `late` recording when. */
export function withLateJoiner(room: RoomDoc, ticket: TicketDoc, nowMs: number): RoomDoc {
  const { id, partyId, ownerUid, score, enqueuedAt, members, mode } = ticket;
  const seated = { ticketId: id, partyId, ownerUid, score, enqueuedAt, members, pool: mode };
  return withSeated(room, seated, { names: ticket.names, ranks: ticket.ranks }, nowMs);
}

function withSeated(room: RoomDoc, seated: RoomTicket, shown: Pick<RoomDoc, 'names' | 'ranks'>, nowMs: number) {
  const uids = seated.members.map((m) => m.uid);
  const [side, ...others] = room.sides;
  return withOpening({
    ...room,
    sides: [{ tickets: [...side!.tickets, seated] }, ...others],
    memberUids: [...room.memberUids, ...uids],
    names: { ...room.names, ...shown.names },
    ranks: { ...room.ranks, ...shown.ranks },
    late: { ...room.late, ...Object.fromEntries(uids.map((uid) => [uid, nowMs])) },
    updatedAt: nowMs,
  });
}

/** The room as a sweep plans it, with a queued ticket in it (the ticket itself is read when the plan is committed). */
const planned = (room: RoomDoc, t: GuardedTicket, nowMs: number) =>
  withSeated(
    room,
    {
      ticketId: t.id,
      partyId: null,
      ownerUid: t.members[0]!.uid,
      score: t.score,
      enqueuedAt: t.enqueuedAt,
      members: t.members,
    },
    { names: {}, ranks: {} },
    nowMs,
  );

/** What a joiner brings to the room's guard: whom it keeps away counts for later joiners too. */
const guardWith = (guard: TicketGuard, t: GuardedTicket): TicketGuard => ({
  avoid: [...guard.avoid, ...t.avoid],
  recent: [...guard.recent, ...(t.recent ?? [])],
});

/**
 * A sweep's late joiners: the queued tickets the sweep left, longest waiting first, each into the fitting room
 * nearest its score, each room's seats and guard updated as it fills. Returns the ids of the tickets planned for
 * each room.
 */
export function planBackfill(
  rooms: readonly OpenRoom[],
  tickets: readonly GuardedTicket[],
  mode: Mode,
  farming: FarmingConfig,
  nowMs: number,
): Map<string, string[]> {
  const current = new Map(rooms.map((open) => [open.room.id, open]));
  const plan = new Map<string, string[]>();
  for (const ticket of [...tickets].sort((a, b) => a.enqueuedAt - b.enqueuedAt)) {
    const open = roomForLate([...current.values()], ticket, mode, farming, nowMs);
    if (!open) continue;
    current.set(open.room.id, { room: planned(open.room, ticket, nowMs), guard: guardWith(open.guard, ticket) });
    plan.set(open.room.id, [...(plan.get(open.room.id) ?? []), ticket.id]);
  }
  return plan;
}

/**
 * The room with as many of these tickets as still fit, in order, re-checked on what the committing transaction read;
 * the tickets seated are returned with it.
 */
export function seatLate(
  open: OpenRoom,
  tickets: readonly TicketDoc[],
  mode: Mode,
  farming: FarmingConfig,
  nowMs: number,
): { room: RoomDoc; seated: TicketDoc[] } {
  let current = open;
  const seated: TicketDoc[] = [];
  for (const ticket of tickets) {
    if (!fitsLate(current, ticket, mode, farming, nowMs)) continue;
    current = { room: withLateJoiner(current.room, ticket, nowMs), guard: guardWith(current.guard, ticket) };
    seated.push(ticket);
  }
  return { room: current.room, seated };
}

/** The room as it formed, without its late joiners: what the matcher's rules judge it by. */
export function asFormed(room: RoomDoc): RoomDoc {
  if (Object.keys(room.late).length === 0) return room;
  const joinedLate = (t: RoomTicket) => t.members.some((m) => room.late[m.uid] !== undefined);
  return {
    ...room,
    sides: room.sides.map((side) => ({ tickets: side.tickets.filter((t) => !joinedLate(t)) })),
    memberUids: room.memberUids.filter((uid) => room.late[uid] === undefined),
  };
}

/** When a player started to be held by the room: when they joined late, else when it formed. */
export const heldFrom = (room: Pick<RoomDoc, 'late' | 'createdAt'>, uid: string) => room.late[uid] ?? room.createdAt;
