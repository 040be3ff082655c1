import { outcomeOf } from './room.js';
import type { QueueStats, RatingChange, Room, Ticket } from './types.js';

interface Base {
  /** The ticket the status is about; it changes when a failed ready check puts the player back in the queue. */
  ticketId: string;
  mode: string;
}

/** Where a queued player's match stands. The first four kinds are live; the last four end the match. */
export type MatchStatus =
  | (Base & {
      kind: 'queued';
      enqueuedAt: number;
      waitedSeconds: number;
      /** The mode's recent median wait (from `pools/{mode}`), null until the matcher has measured one. */
      estimatedWaitSeconds: number | null;
      stats: QueueStats | null;
      expiresAt: number;
      /** Back in the queue after a ready check that others failed; the wait counts from the first enqueue. */
      requeued: boolean;
    })
  | (Base & { kind: 'pending'; room: Room; deadline: number; accepted: string[]; youAccepted: boolean })
  | (Base & { kind: 'active'; room: Room; reportDeadline: number | null })
  | (Base & { kind: 'disputed'; room: Room; reportDeadline: number | null })
  | (Base & {
      kind: 'settled';
      room: Room;
      ratingChange: RatingChange;
      outcome: 'win' | 'loss' | 'draw';
      /** Why the game changed no rating (this player, or another pair, past the daily cap); null when rated. */
      unrated: string | null;
    })
  | (Base & { kind: 'voided'; room: Room; reason: string })
  | (Base & {
      kind: 'cancelled';
      /** The room whose ready check failed, or null when the ticket left the queue. */
      room: Room | null;
      reason: string;
      /** Set when this player declined or missed the ready check: no queueing before it. */
      cooldownUntil: number | null;
    })
  | (Base & { kind: 'expired' });

export type MatchStatusKind = MatchStatus['kind'];
export type EndedStatus = Extract<MatchStatus, { kind: 'settled' | 'voided' | 'cancelled' | 'expired' }>;

const ENDED: ReadonlySet<MatchStatusKind> = new Set(['settled', 'voided', 'cancelled', 'expired']);
export const isEnded = (status: MatchStatus): status is EndedStatus => ENDED.has(status.kind);

/** What the subscription has seen so far. */
export interface MatchFacts {
  uid: string;
  ticketId: string;
  mode: string;
  ticket: Ticket | undefined;
  /** The room the ticket was matched into, once read (or as `enqueue` returned it). */
  room: Room | undefined;
  stats: QueueStats | null;
  /** From the player's state document. */
  cooldownUntil: number | null;
  requeued: boolean;
}

/**
 * The status these documents describe; `requeueing` when a failed ready check is sending this player's
 * ticket back to the pool as a new ticket (the subscription then follows the player's state to it); null
 * while a needed document has not been read yet.
 */
export function deriveStatus(facts: MatchFacts, nowMs: number): MatchStatus | { kind: 'requeueing' } | null {
  const { uid, ticketId, mode, ticket, room } = facts;
  const base = { ticketId, mode };
  const myTicket = room?.sides.flatMap((side) => side.tickets).find((t) => t.ticketId === ticketId);
  if (room && myTicket) {
    switch (room.status) {
      case 'pending': {
        const check = room.readyCheck ?? { deadline: nowMs, accepted: [], declined: [] };
        return {
          ...base,
          kind: 'pending',
          room,
          deadline: check.deadline,
          accepted: check.accepted,
          youAccepted: check.accepted.includes(uid),
        };
      }
      case 'active':
        return { ...base, kind: 'active', room, reportDeadline: room.reportDeadline };
      case 'disputed':
        return { ...base, kind: 'disputed', room, reportDeadline: room.reportDeadline };
      case 'settled': {
        const ratingChange = room.ratingChanges?.[uid];
        const outcome = outcomeOf(room, uid);
        if (!ratingChange || !outcome) return null;
        return { ...base, kind: 'settled', room, ratingChange, outcome, unrated: unratedFor(room, uid) };
      }
      case 'voided':
        return { ...base, kind: 'voided', room, reason: room.endReason ?? 'voided' };
      case 'cancelled': {
        const accepted = new Set(room.readyCheck?.accepted ?? []);
        // The server re-queues exactly the tickets whose members all accepted.
        if (myTicket.members.every((m) => accepted.has(m.uid))) return { kind: 'requeueing' };
        // A decline cools down only the decliner; a timeout everyone who had not accepted.
        const declined = room.readyCheck?.declined ?? [];
        const penalised = declined.length > 0 ? declined.includes(uid) : !accepted.has(uid);
        if (!penalised)
          return { ...base, kind: 'cancelled', room, reason: room.endReason ?? 'cancelled', cooldownUntil: null };
        // The cooldown is written with the room; wait until the state document shows it.
        const cooldown = facts.cooldownUntil;
        if (cooldown === null || cooldown < (room.endedAt ?? nowMs)) return null;
        return { ...base, kind: 'cancelled', room, reason: room.endReason ?? 'cancelled', cooldownUntil: cooldown };
      }
    }
  }
  if (!ticket) return null;
  switch (ticket.status) {
    case 'queued':
      return {
        ...base,
        kind: 'queued',
        enqueuedAt: ticket.enqueuedAt,
        waitedSeconds: Math.max(0, Math.floor((nowMs - ticket.enqueuedAt) / 1000)),
        estimatedWaitSeconds: facts.stats?.recentMatchWaitSeconds?.p50 ?? null,
        stats: facts.stats,
        expiresAt: ticket.expiresAt,
        requeued: facts.requeued,
      };
    case 'matched':
      return null; // the room decides, once read
    case 'cancelled':
      return { ...base, kind: 'cancelled', room: null, reason: ticket.endReason ?? 'cancelled', cooldownUntil: null };
    case 'expired':
      return { ...base, kind: 'expired' };
  }
}

/** An unrated room's reason as its player reads it: the opponent they met too often by name, when it is them. */
export function unratedFor(room: Pick<Room, 'unrated' | 'names'>, uid: string): string | null {
  if (!room.unrated) return null;
  const mine = room.unrated.pairs.find((p) => p.a === uid || p.b === uid);
  if (!mine) return room.unrated.reason;
  const other = mine.a === uid ? mine.b : mine.a;
  return (
    `Unrated: you had already played ${room.names[other] ?? other} ${mine.games} times today, ` +
    'the most games a day against the same opponent that count for rating.'
  );
}
