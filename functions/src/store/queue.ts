import { FieldPath } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { matchNowAvoiding } from '../core/fairplay/avoidance.js';
import { waitsForSweep } from '../core/match/index.js';
import { matchNowChoosing } from '../core/match/choices.js';
import { gameBeatPaid, inPlay } from '../core/fairplay/leaving.js';
import type { Pool, PoolId } from '../core/mode/pool.js';
import { assertNotBanned } from '../core/ops/ban.js';
import type { Party } from '../core/player/party.js';
import type { Presence } from '../core/queue/presence.js';
import type { PlayerState } from '../core/player/player.js';
import { rememberedDodges } from '../core/fairplay/dodging.js';
import { assertCanQueue, candidatePlan, topUpDirection } from '../core/queue/enqueue.js';
import type { Rtts } from '../core/mode/regions.js';
import type { RoomDoc } from '../core/room/room.js';
import {
  extendedExpiry,
  hasExpired,
  matchedTicket,
  queuedTicket,
  ticketGuard,
  toCoreTicket,
  type TicketDoc,
} from '../core/queue/ticket.js';
import { type Counted, countQueryReads } from './firestore/metrics.js';
import { readPlayersWithPresence, readPresence } from './presence.js';
import { gameBeatRef, type On, partyRef, playerStateRef, ticketRef, ticketsRef } from './firestore/refs.js';
import { backfills, joinInProgress } from './backfill.js';
import { breaksRules, formRoom } from './rooms.js';
import { transaction, type Tx } from './firestore/tx.js';
import { countedBucket } from './rateLimit.js';
import { declineAsksByQueueing } from './rematch.js';
import { waitingInPool } from './poolSize.js';
import { endQueueing, readSiblings } from './siblings.js';
import { alsoInFor } from '../core/queue/siblings.js';
import type { RateLimitConfig } from '../core/fairplay/rateLimit.js';
import type { LadderContext } from '../context.js';

/**
 * Puts the caller (or, for a party leader, the whole party) into a mode's pool, or several modes' pools at once
 * (`also`), and matches the ticket at once if a neighbourhood allows it: one transaction over the ticket, every
 * member's state and the party, once core agrees that they may queue, and over the room and its other tickets
 * when it matches. A ticket matched at once is written once, already matched, and no other pool's is written.
 */
export function enqueue(
  ctx: LadderContext,
  uid: string,
  pool: Pool,
  asked: Asked = {},
): Promise<{ ticket: TicketDoc; room: RoomDoc | null }> {
  let attempts = 0;
  const wanted = [{ pool, rtts: asked.rtts ?? null, choices: asked.choices ?? {} }, ...(asked.also ?? [])];
  return transaction(ctx, async (tx) => {
    attempts++;
    const { tickets, party, members, players } = await admit(tx, uid, wanted, asked.limit ?? null);
    const declineAsks = await declineAsksByQueueing(tx, players, members, tickets[0]!.enqueuedAt);
    // The room's reads come after the ticket's and before any write; without a room the ticket waits, queued. A
    // retried attempt (it lost a race, likely for the same neighbours) leaves the match to the matcher rather
    // than paying for the neighbourhood again.
    const matched = attempts === 1 ? await matchInTurn(tx, wanted, tickets) : null;
    if (!matched) for (const t of tickets) tx.create(ticketRef(ctx, t.mode, t.id), t);
    const ticket = matched?.ticket ?? tickets[0]!;
    for (const member of members) players.updateState(member, { mode: ticket.mode, ticketId: ticket.id });
    if (party)
      tx.set(partyRef(ctx, party.id), { ...party, mode: ticket.mode, ticketId: ticket.id, updatedAt: ctx.clock.now() });
    declineAsks();
    players.write();
    return matched
      ? // Stamped as written: a new room's creation, or the moment a game in progress took the ticket.
        { ticket: matchedTicket(ticket, matched.room.id, matched.room.updatedAt), room: matched.room }
      : { ticket, room: null };
  });
}

/** Tries each pool's immediate match in the order the player named them; the first room found seats the ticket. */
async function matchInTurn(tx: Tx, wanted: Wanted[], tickets: TicketDoc[]) {
  for (const [i, { pool }] of wanted.entries()) {
    const room = await matchNow(tx, pool, tickets[i]!);
    if (room) return { room, ticket: tickets[i]! };
  }
  return null;
}

/** One pool a queueing waits in, with what its ticket there carries. */
export interface Wanted {
  pool: Pool;
  /** In a regional mode, the round trips the client measured. */
  rtts: Rtts | null;
  /** The values the ticket accepts of its mode's choices, checked against the mode. */
  choices: Record<string, string[]>;
}

/** What a queueing carries beyond the pool. */
export interface Asked {
  /** In a regional mode, the round trips the client measured. */
  rtts?: Rtts | null;
  /** The values the ticket accepts of its mode's choices, checked against the mode. */
  choices?: Record<string, string[]>;
  /** Other pools to wait in at the same time (core/queue/siblings.ts). */
  also?: Wanted[];
  /** Counts the call in the caller's bucket, on the state queueing writes anyway. */
  limit?: RateLimitConfig | null;
}

/**
 * Reads the caller, their party and its members, and makes their tickets (one per pool, of one id, naming one
 * another) if core agrees that they may queue in every pool.
 */
async function admit(tx: Tx, uid: string, wanted: Wanted[], limit: RateLimitConfig | null) {
  const callerState = await tx.get(playerStateRef(tx, uid));
  const partyId = callerState.data()?.partyId ?? null;
  const party: Party | null = partyId ? ((await tx.get(partyRef(tx, partyId))).data() ?? null) : null;
  const members = party ? party.memberUids : [uid];
  const { players, presenceOf } = await readPlayersWithPresence(tx, members, party ? [party] : [], {
    statesRead: new Map([[uid, callerState]]),
    caller: uid,
  });
  // Taken after the reads: a ticket these reads saw end was ended no later, so the new one never seems to
  // start before the old one stopped.
  const now = tx.ctx.clock.now();
  if (limit) players.updateState(uid, { calls: countedBucket(tx.ctx, uid, players.get(uid).state, limit, now) });
  const queuers = members.map((m) => {
    const { player, state } = players.get(m);
    return {
      uid: m,
      displayName: player.displayName,
      presence: presenceOf(m),
      cooldownUntil: state.cooldownUntil,
      dodges: rememberedDodges(state.dodges, tx.ctx.config.fairPlay.dodging, now),
    };
  });
  for (const m of members) {
    const { player, state } = players.get(m);
    assertNotBanned(state.ban, 'queue', now, m === uid ? undefined : `Party member ${player.displayName}`);
  }
  for (const { pool } of wanted) assertCanQueue(pool, uid, party, queuers, now);
  const guard = ticketGuard(
    members.map((m) => players.get(m).state),
    tx.ctx.config.fairPlay.farming,
    now,
  );
  const id = randomUUID();
  const owner = { uid, partyId: party?.id ?? null };
  const pools = wanted.map((w) => w.pool.id);
  // Every ticket of the queueing beats at the pace of the shortest time-to-live among its pools.
  const ttlSeconds = Math.min(...wanted.map((w) => w.pool.mode.ticketTtlSeconds));
  const tickets = wanted.map(({ pool, rtts, choices }) => {
    const ticket = queuedTicket(
      id,
      pool,
      owner,
      members.map((m) => players.get(m).player),
      guard,
      now,
      rtts,
      choices,
    );
    return { ...ticket, ttlSeconds, alsoIn: alsoInFor(pools, pool.id) };
  });
  return { tickets, party, members, players };
}

/**
 * The queued tickets nearest a new ticket's score, from both directions: a bounded read (about one
 * document per missing player), never the pool. Ordering by score and then document id and starting
 * after the ticket itself leaves it out without paying a read for it.
 */
async function readCandidates(on: On & Counted, pool: Pool, ticket: TicketDoc): Promise<TicketDoc[]> {
  const plan = candidatePlan(pool, ticket);
  const queued = ticketsRef(on, pool.id).where('status', '==', 'queued');
  const upward = queued
    .where('score', '>=', ticket.score)
    .where('score', '<=', plan.range.max)
    .orderBy('score')
    .orderBy(FieldPath.documentId());
  const downward = queued
    .where('score', '<=', ticket.score)
    .where('score', '>=', plan.range.min)
    .orderBy('score', 'desc')
    .orderBy(FieldPath.documentId(), 'desc');
  const nearest = (query: typeof upward) => query.startAfter(ticket.score, ticket.id).limit(plan.perDirection).get();
  const [above, below] = await Promise.all([nearest(upward), nearest(downward)]);
  countQueryReads(on, above.size, 'tickets');
  countQueryReads(on, below.size, 'tickets');
  const docs = [...above.docs, ...below.docs];
  const missing = plan.wanted - docs.length;
  const direction = topUpDirection(plan, above.size, below.size);
  const topUp =
    direction === 'down'
      ? { query: downward, after: below.docs.at(-1) }
      : direction === 'up'
        ? { query: upward, after: above.docs.at(-1) }
        : null;
  if (missing > 0 && topUp?.after) {
    const more = await topUp.query.startAfter(topUp.after).limit(missing).get();
    countQueryReads(on, more.size, 'tickets');
    docs.push(...more.docs);
  }
  return docs.map((d) => d.data());
}

/**
 * Seats a ticket about to be created, in its transaction: in a new room if one can form now, else, in a mode with
 * backfill, in a game in progress with a seat for it (store/backfill.ts).
 */
async function matchNow(tx: Tx, pool: Pool, ticket: TicketDoc): Promise<RoomDoc | null> {
  const room = await formNow(tx, pool, ticket);
  return room ?? (backfills(pool) ? joinInProgress(tx, pool, ticket) : null);
}

/**
 * Forms a room for a ticket about to be created, in its transaction, if its neighbourhood allows one and core
 * does not leave it to the sweep: the candidates are read plainly (a bounded query), the chosen ones again in
 * the transaction.
 */
async function formNow(tx: Tx, pool: Pool, ticket: TicketDoc): Promise<RoomDoc | null> {
  const arrival = toCoreTicket(ticket);
  const [read, queued] = await Promise.all([readCandidates(tx.ctx, pool, ticket), waitingInPool(tx.ctx, pool)]);
  const candidates = read.map(toCoreTicket);
  const now = tx.ctx.clock.now();
  if (waitsForSweep(pool.mode, arrival, candidates, now, queued)) return null;
  const farming = tx.ctx.config.fairPlay.farming;
  const proposal = matchNowChoosing(pool.mode, arrival, candidates, now, (mode, t, c, at) =>
    matchNowAvoiding(mode, t, c, at, farming),
  );
  if (!proposal || breaksRules(pool, proposal)) return null;
  return formRoom(tx, pool, proposal, { fresh: ticket });
}

export interface Cancelled {
  cancelled: boolean;
  presence: Exclude<Presence, { kind: 'queued' }>;
  ticket: TicketDoc | null;
}

/**
 * Leaves the queue: any member may take their ticket (the whole party's) out. Repeating it is harmless. The
 * answer carries the ended ticket, so the caller's screen shows the cancel at once even while its listener is
 * silent.
 */
export function cancelTicket(ctx: LadderContext, uid: string): Promise<Cancelled> {
  return transaction(ctx, async (tx) => {
    const { presence, tickets, siblingsOf } = await readPresence(tx, uid);
    if (presence.kind !== 'queued') return { cancelled: false, presence, ticket: null };
    const ticket = tickets.get(presence.ticketId)!;
    const why = `cancelled by ${uid}`;
    const ended = endQueueing(tx, ticket, siblingsOf(ticket.id), 'cancelled', why, ctx.clock.now());
    return { cancelled: true, presence: { kind: 'idle' as const }, ticket: ended };
  });
}

/**
 * Keeps the caller's ticket alive; core decides when the expiry moves (and so when it costs a write). In a
 * started game of a mode that counts silence as leaving, it records the caller's beat instead, in a document
 * of their own beside the room (`leftAfter`: when they would be taken to have left without another).
 *
 * `paid` says whether the call needs no counting beyond what this did. A beat that moves the expiry writes the
 * ticket anyway and is free: core moves it at most once per half time-to-live. So is a game beat a quarter of the
 * silence allowance after the last (core `gameBeatPaid`); an earlier one is counted here, with a `limit`, on the
 * state this read, before its beat is written (a refusal aborts the transaction). Any other beat wrote nothing
 * and is left to the caller to count.
 */
export function heartbeat(ctx: LadderContext, uid: string, limit: RateLimitConfig | null = null) {
  return transaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const { state, presence, tickets, rooms, siblingsOf } = await readPresence(tx, uid);
    if (presence.kind !== 'queued') {
      const room = presence.kind === 'inRoom' ? rooms.get(presence.roomId)! : null;
      const seconds = room && inPlay(room) && !room.forfeits.includes(uid) ? room.leaveAfterSilentSeconds : null;
      const leftAfter = seconds === null ? null : await recordGameBeat(tx, room!.id, uid, state, seconds, limit, now);
      return { presence, expiresAt: null, leftAfter, paid: seconds !== null };
    }
    // A queueing in several pools keeps each ticket on its own pool's time-to-live (a write per pool per half
    // time-to-live at most) and answers the soonest expiry, which the next beat must come before.
    const queueing = [tickets.get(presence.ticketId)!, ...siblingsOf(presence.ticketId).filter((s) => s !== undefined)];
    const beaten = queueing.map((t) => ({ t, expiresAt: extendedExpiry(t, ctx.poolOf(t).mode.ticketTtlSeconds, now) }));
    const moved = beaten.filter(({ t, expiresAt }) => expiresAt !== t.expiresAt);
    for (const { t, expiresAt } of moved) tx.set(ticketRef(ctx, t.mode, t.id), { ...t, expiresAt });
    const expiresAt = Math.min(...beaten.map((b) => b.expiresAt));
    return { presence, expiresAt, leftAfter: null, paid: moved.length > 0 };
  });
}

/**
 * Records a player's beat in a started game and says when they would be taken to have left without another. A beat
 * sooner than its pace (core `gameBeatPaid`) is counted here, with a `limit`, on the state already read, before the
 * beat is written: a refusal aborts the transaction.
 */
async function recordGameBeat(
  tx: Tx,
  roomId: string,
  uid: string,
  state: PlayerState,
  silentSeconds: number,
  limit: RateLimitConfig | null,
  now: number,
) {
  const last = (await tx.get(gameBeatRef(tx, roomId, uid))).data();
  if (!gameBeatPaid(last?.at ?? null, silentSeconds, now) && limit)
    tx.update(playerStateRef(tx, uid), { calls: countedBucket(tx.ctx, uid, state, limit, now) });
  tx.set(gameBeatRef(tx, roomId, uid), { uid, at: now });
  return now + silentSeconds * 1000;
}

/** Ends a queued ticket whose heartbeats stopped; a no-op if it was matched, cancelled or refreshed meanwhile. */
export function expireTicket(ctx: LadderContext, poolId: PoolId, ticketId: string) {
  return transaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const ticket = (await tx.get(ticketRef(ctx, poolId, ticketId))).data();
    if (!hasExpired(ticket, now)) return false;
    const siblings = (await readSiblings(tx, [ticket])).get(ticket.id)!;
    endQueueing(tx, ticket, siblings, 'expired', 'no heartbeat before the time-to-live ran out', now);
    return true;
  });
}
