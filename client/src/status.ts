import { modeOfPool } from './pool.js';
import { outcomeOf } from './room.js';
import type { BandEdge, QueueStats, RatingChange, Room, Ticket, WaitReason } from './types.js';

interface Base {
  /** The ticket the status is about; it changes when a failed ready check puts the player back in the queue. */
  ticketId: string;
  /** The mode queued for (`duel`). */
  mode: string;
  /** The pool the ticket waits in (`duel@eu`). */
  pool: string;
}

/** Where a queued player's match stands. The first four kinds are live; the last four end the match. */
export type MatchStatus =
  | (Base & {
      kind: 'queued';
      enqueuedAt: number;
      waitedSeconds: number;
      /**
       * The recent median wait of the player's rating band (from `pools/{mode}`), or of the whole mode while the
       * band has no recent match; null until the matcher has measured one.
       */
      estimatedWaitSeconds: number | null;
      /** The ticket's rating band (a tier id), from its players' mean rating; null before the statistics are read. */
      band: string | null;
      /** Why the band's tickets were still waiting at the matcher's latest sweep (its most common reason), if any. */
      waitingBecause: WaitReason | null;
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
  /** The pool id: the ticket is `pools/{mode}/tickets/{ticketId}`. */
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
  const base = { ticketId, mode: modeOfPool(mode), pool: mode };
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
        ...bandWait(facts.stats, ticket),
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

/**
 * An unrated game's reason as its player reads it: the opponent they met too often by name, when it is them; that they
 * joined in progress, when the mode does not rate late joiners.
 */
export function unratedFor(room: Pick<Room, 'unrated' | 'names' | 'late' | 'backfill'>, uid: string): string | null {
  // Absent `late` in rooms written before late joiners existed.
  if (!room.unrated && room.late?.[uid] !== undefined && !room.backfill?.rated)
    return 'Unrated: you joined this game in progress.';
  if (!room.unrated) return null;
  const mine = room.unrated.pairs.find((p) => p.a === uid || p.b === uid);
  if (!mine) return room.unrated.reason;
  const other = mine.a === uid ? mine.b : mine.a;
  return (
    `Unrated: you had already played ${room.names[other] ?? other} ${mine.games} times today, ` +
    'the most games a day against the same opponent that count for rating.'
  );
}

/** The band of a mean rating: the highest whose minimum it reaches (the lowest holds everything below). */
export function bandOfRatings(edges: readonly BandEdge[], ratings: readonly number[]): string | null {
  const mean = ratings.reduce((sum, r) => sum + r, 0) / Math.max(1, ratings.length);
  let band = edges[0]?.id ?? null;
  for (const edge of edges) if (mean >= edge.minRating) band = edge.id;
  return band;
}

/** The queued player's band, its usual wait and why it waits, from the statistics the status already follows. */
function bandWait(stats: QueueStats | null, ticket: Ticket) {
  // A document written before bands existed has neither field until the matcher next rewrites it.
  const edges: readonly BandEdge[] = stats?.bandEdges ?? [];
  const band = bandOfRatings(
    edges,
    ticket.members.map((m) => m.rating),
  );
  const figures = band === null ? undefined : stats?.bands?.[band];
  const reasons = Object.entries(figures?.waitingBecause ?? {}).filter(([, n]) => n > 0);
  const [most] = reasons.sort(([, a], [, b]) => b - a);
  return {
    band,
    estimatedWaitSeconds: (figures?.recentMatchWaitSeconds ?? stats?.recentMatchWaitSeconds)?.p50 ?? null,
    waitingBecause: (most?.[0] as WaitReason | undefined) ?? null,
  };
}
