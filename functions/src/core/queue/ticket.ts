import { z } from 'zod';
import { poolIdSchema, type PoolId } from '../mode/pool.js';
import { avoidedBy } from '../fairplay/block.js';
import {
  recentOpponentSchema,
  recentOpponents,
  type FarmingConfig,
  type RecentOpponent,
} from '../fairplay/rematchWindow.js';
import { matchingScore, type Ticket } from '../match/ticket.js';
import type { Mode } from '../mode/modes.js';
import type { TicketChoices } from '../mode/choices.js';
import { standingOn, type Player, type PlayerState } from '../player/player.js';
import type { StandingRules } from '../ladder/standing.js';
import { rttsSchema, type Rtts } from '../mode/regions.js';
import { visibleRankSchema, type VisibleRank } from '../ladder/visibleRank.js';

/** A ticket as it was matched: the party (or solo player) with the ratings it was matched on. */
export const roomTicketSchema = z.object({
  ticketId: z.string(),
  partyId: z.string().nullable(),
  ownerUid: z.string(),
  score: z.number(),
  enqueuedAt: z.number().int(),
  members: z.array(z.object({ uid: z.string(), rating: z.number().int() })).min(1),
  /**
   * The pool the ticket was queued in: in a regional mode, its players' own region, which may not be the
   * room's. A ticket sent back after a failed ready check returns there. Absent in older documents.
   */
  pool: poolIdSchema.optional(),
});
export type RoomTicket = z.infer<typeof roomTicketSchema>;

/**
 * The matcher's ticket with the players it must not share a room with (its members' block lists) and the
 * opponents it must not face again yet (fairplay/rematchWindow.ts), carried on the ticket so that checking a candidate
 * costs no read.
 */
export interface GuardedTicket extends Ticket {
  avoid: readonly string[];
  recent?: readonly RecentOpponent[];
  /** What the ticket's players chose (core/mode/choices.ts): a room seats only tickets that agree. */
  choices?: TicketChoices;
}

export const ticketStatusSchema = z.enum(['queued', 'matched', 'cancelled', 'expired']);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/**
 * `pools/{mode}/tickets/{id}`: one solo player or party in a mode's pool. Only `status`, `expiresAt` and the
 * end fields ever change after creation, and `status` leaves `queued` exactly once (matched, cancelled or
 * expired), which is what lets a commit re-check a ticket by its status alone.
 */
export const ticketDocSchema = z.object({
  id: z.string(),
  mode: poolIdSchema,
  members: z.array(z.object({ uid: z.string(), rating: z.number().int() })).min(1),
  memberUids: z.array(z.string()).min(1),
  names: z.record(z.string(), z.string()),
  /** Each member's visible rank when queueing, for the room to show. */
  ranks: z.record(z.string(), visibleRankSchema),
  /** The party-adjusted matching score. */
  score: z.number(),
  partyId: z.string().nullable(),
  /** Who queued it: the solo player or the party leader. */
  ownerUid: z.string(),
  /** Milliseconds since the epoch; a ticket returned to the pool after a failed ready check keeps the original. */
  enqueuedAt: z.number().int(),
  /** Refreshed by heartbeats; a queued ticket past it is expired by the matcher run. */
  expiresAt: z.number().int(),
  /**
   * The mode's time-to-live when the ticket was made, so every member's client (not only the one that queued)
   * beats at its pace (55 % of it); absent in older documents.
   */
  ttlSeconds: z.number().positive().nullable().default(null),
  status: ticketStatusSchema,
  roomId: z.string().nullable(),
  endedAt: z.number().int().nullable(),
  endReason: z.string().nullable(),
  createdAt: z.number().int(),
  /**
   * Players the members blocked, who must not be in the room; set at queueing (and when a member blocks
   * someone while queued). Absent in older documents.
   */
  avoid: z.array(z.string()).default([]),
  /** Opponents the members met lately, kept from facing them again for a while (core/fairplay/rematchWindow.ts); absent in older documents. */
  recent: z.array(recentOpponentSchema).default([]),
  /** In a regional mode, the round-trip times the client measured to the regions, which bound where it may play. */
  rtts: rttsSchema.nullable().default(null),
  /** The values it accepts of each of its mode's choices it named (core/mode/choices.ts); absent in older documents. */
  choices: z.record(z.string(), z.array(z.string())).default({}),
  /**
   * The other pools the same queueing waits in, each holding a ticket of this id (core/queue/siblings.ts): the
   * first to be matched seats it, and the rest follow it into that room in the same transaction. Absent in older
   * documents.
   */
  alsoIn: z.array(poolIdSchema).default([]),
});
export type TicketDoc = z.infer<typeof ticketDocSchema>;

/** What the scheduled matcher keeps of a queued ticket between sweeps (and in the pool digest between runs). */
export const poolEntrySchema = ticketDocSchema.pick({
  id: true,
  members: true,
  score: true,
  enqueuedAt: true,
  expiresAt: true,
  avoid: true,
  recent: true,
  rtts: true,
  choices: true,
});
export type PoolEntry = z.infer<typeof poolEntrySchema>;

export function toPoolEntry(doc: TicketDoc): PoolEntry {
  const { id, members, score, enqueuedAt, expiresAt, avoid, recent, rtts, choices } = doc;
  return { id, members, score, enqueuedAt, expiresAt, avoid, recent, rtts, choices };
}

/** The matcher's view of a ticket, with whom it must not meet. */
export function toCoreTicket(entry: PoolEntry): GuardedTicket {
  const { id, members, score, enqueuedAt, avoid, recent, choices } = entry;
  return { id, members, score, enqueuedAt, avoid, recent, choices };
}

/** Whom a ticket keeps away: the players its members blocked, and the opponents they met too recently. */
export interface TicketGuard {
  avoid: string[];
  recent: RecentOpponent[];
}

/** A ticket's guard from its members' private states, as they are when it is queued. */
export function ticketGuard(
  states: readonly Pick<PlayerState, 'blocked' | 'meetings'>[],
  farming: FarmingConfig,
  nowMs: number,
): TicketGuard {
  return {
    avoid: avoidedBy(states),
    recent: states.flatMap((state) => recentOpponents(state.meetings, farming, nowMs)),
  };
}

export function endTicket(
  doc: TicketDoc,
  status: Exclude<TicketStatus, 'queued'>,
  reason: string,
  nowMs: number,
): TicketDoc {
  return { ...doc, status, endedAt: nowMs, endReason: reason };
}

/** A new ticket's fields, named as in the document. */
export interface NewTicket {
  id: string;
  mode: PoolId;
  members: TicketDoc['members'];
  names: Record<string, string>;
  ranks: Record<string, VisibleRank>;
  score: number;
  partyId: string | null;
  ownerUid: string;
  enqueuedAt: number;
  ttlSeconds: number;
  avoid: string[];
  /** None for tickets made outside the queue (the simulation's background load). */
  recent?: RecentOpponent[];
  rtts: Rtts | null;
  /** None for tickets that chose nothing (core/mode/choices.ts). */
  choices?: Record<string, string[]>;
  /** The other pools the queueing waits in; none for a queueing in one pool. */
  alsoIn?: PoolId[];
}

export function newTicket(t: NewTicket, nowMs: number): TicketDoc {
  const { ttlSeconds, recent = [], choices = {}, alsoIn = [], ...fields } = t;
  return {
    ...fields,
    ttlSeconds,
    recent,
    choices,
    alsoIn,
    memberUids: t.members.map((m) => m.uid),
    expiresAt: nowMs + ttlSeconds * 1000,
    status: 'queued',
    roomId: null,
    endedAt: null,
    endReason: null,
    createdAt: nowMs,
  };
}

/**
 * What a ticket needs of its pool: a `Pool` (core/mode/pool.ts) fits. Spelled out here so the ticket does not
 * import the ladder's whole configuration, only the rules a standing is read by.
 */
export interface TicketPool {
  readonly id: PoolId;
  readonly mode: Pick<Mode, 'ticketTtlSeconds'>;
  readonly partyBonusPerMember: number;
  readonly ladderId: string;
  readonly ladder: StandingRules;
}

/**
 * The ticket a solo player or a whole party queues with: each member at their rating on the mode's ladder, the
 * party-adjusted score they match on, their names for the room.
 */
export function queuedTicket(
  id: string,
  pool: TicketPool,
  owner: { uid: string; partyId: string | null },
  players: readonly Player[],
  guard: TicketGuard,
  nowMs: number,
  rtts: Rtts | null = null,
  choices: Record<string, string[]> = {},
): TicketDoc {
  const standings = players.map((p) => ({ uid: p.uid, standing: standingOn(p, pool.ladderId, pool.ladder) }));
  const members = standings.map(({ uid, standing }) => ({ uid, rating: standing.rating }));
  return newTicket(
    {
      id,
      mode: pool.id,
      members,
      names: Object.fromEntries(players.map((p) => [p.uid, p.displayName])),
      ranks: Object.fromEntries(standings.map(({ uid, standing }) => [uid, standing.visible])),
      score: matchingScore(
        members.map((m) => m.rating),
        pool.partyBonusPerMember,
      ),
      partyId: owner.partyId,
      ownerUid: owner.uid,
      enqueuedAt: nowMs,
      ttlSeconds: pool.mode.ticketTtlSeconds,
      ...guard,
      rtts,
      choices,
    },
    nowMs,
  );
}

/**
 * A whole, fully accepted ticket of a cancelled room back in the pool it was queued in, with its original
 * enqueue time and round trips, so it reaches exactly as far as it did (in a regional mode its home may not be
 * the room's region), and whom its members keep away now. `original` is the ticket as it was matched (absent
 * only if it cannot be read: it then waits in its pool with no round trips, reaching by hops alone).
 */
export function requeuedTicket(
  id: string,
  pool: Pick<TicketPool, 'id' | 'mode'>,
  matched: RoomTicket,
  room: { names: Record<string, string>; ranks: Record<string, VisibleRank> },
  guard: TicketGuard,
  nowMs: number,
  original?: Pick<TicketDoc, 'mode' | 'rtts' | 'choices' | 'alsoIn'>,
): TicketDoc {
  const { names, ranks } = room;
  return newTicket(
    {
      id,
      mode: original?.mode ?? matched.pool ?? pool.id,
      members: matched.members,
      names: Object.fromEntries(matched.members.map((m) => [m.uid, names[m.uid] ?? m.uid])),
      ranks: Object.fromEntries(
        matched.members.flatMap((m): [string, VisibleRank][] => {
          const rank = ranks[m.uid];
          return rank ? [[m.uid, rank]] : [];
        }),
      ),
      score: matched.score,
      partyId: matched.partyId,
      ownerUid: matched.ownerUid,
      enqueuedAt: matched.enqueuedAt,
      ttlSeconds: pool.mode.ticketTtlSeconds,
      ...guard,
      rtts: original?.rtts ?? null,
      choices: original?.choices ?? {},
      alsoIn: original?.alsoIn ?? [],
    },
    nowMs,
  );
}

/** The proposal's tickets if every one is still queued; null if any was matched, cancelled or expired meanwhile. */
export function stillQueued(docs: readonly (TicketDoc | undefined)[]): TicketDoc[] | null {
  const queued = docs.filter((doc): doc is TicketDoc => doc?.status === 'queued');
  return queued.length === docs.length ? queued : null;
}

export function matchedTicket(ticket: TicketDoc, roomId: string, nowMs: number): TicketDoc {
  return { ...endTicket(ticket, 'matched', `matched into room ${roomId}`, nowMs), roomId };
}

/** A queued ticket whose heartbeats stopped before its expiry; a matched, ended or refreshed one is not. */
export function hasExpired(ticket: TicketDoc | undefined, nowMs: number): ticket is TicketDoc {
  return ticket?.status === 'queued' && ticket.expiresAt <= nowMs;
}

/**
 * The expiry after a heartbeat: pushed out a full time-to-live only once half of it has passed, so beats however
 * frequent cost a write per half time-to-live at most; the SDK's, 55 % of it apart, each move it.
 */
export function extendedExpiry(ticket: Pick<TicketDoc, 'expiresAt'>, ttlSeconds: number, nowMs: number): number {
  const ttlMs = ttlSeconds * 1000;
  return ticket.expiresAt - nowMs < ttlMs / 2 ? nowMs + ttlMs : ticket.expiresAt;
}
