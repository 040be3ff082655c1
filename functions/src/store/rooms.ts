import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/v2';
import { proposalTickets, violations, type BotRoomProposal, type MatchProposal } from '../core/match/index.js';
import type { BotSeat } from '../core/mode/bots.js';
import { agreement } from '../core/mode/choices.js';
import type { Pool, PoolId } from '../core/mode/pool.js';
import { newRoom, requireRoom, type RoomDoc } from '../core/room/room.js';
import {
  answerReadyCheck,
  expireReadyCheck,
  readyCheckOpenTo,
  readyCheckOverdue,
  silentPlayers,
  type Cancellation,
  type ReadyCheckStep,
} from '../core/room/readyCheck.js';
import { firstClash } from '../core/fairplay/avoidance.js';
import { readStates } from './blocks.js';
import { dodge } from '../core/fairplay/dodging.js';
import type { PlayerState } from '../core/player/player.js';
import {
  matchedTicket,
  requeuedTicket,
  stillQueued,
  ticketGuard,
  type RoomTicket,
  type TicketDoc,
} from '../core/queue/ticket.js';
import { alsoInFor, followersInto, revivedSibling } from '../core/queue/siblings.js';
import { readSiblings } from './siblings.js';
import { countReads, countWrites } from './firestore/metrics.js';
import { modePauseRef, partyRef, playerStateRef, readyCheckSeenRef, roomRef, ticketRef } from './firestore/refs.js';
import { poolPauseTargets, requeuesOpen } from '../core/mode/pause.js';
import { changeDocument, type Decision } from './firestore/optimistic.js';
import { transaction, type Tx } from './firestore/tx.js';
import { seasonNow } from './extension.js';
import type { LadderContext } from '../context.js';

/**
 * Commits a proposal as a room, in one short transaction that re-reads exactly the proposal's tickets: if
 * any is no longer queued (matched elsewhere, cancelled, expired) it gives up and returns null, so a
 * ticket is matched at most once whoever proposes it. Player states are not written: a player's ticket,
 * now pointing at the room, already says where they are. In a regional mode, `poolOf` names the pool of each
 * ticket that came from a neighbouring region's pool.
 */
export function commitMatch(
  ctx: LadderContext,
  pool: Pool,
  proposal: MatchProposal,
  poolOfTicket: (ticketId: string) => PoolId = () => pool.id,
): Promise<RoomDoc | null> {
  return breaksRules(pool, proposal) ? Promise.resolve(null) : commitRoom(ctx, pool, proposal, [], poolOfTicket);
}

/** The core never proposes a match that breaks its mode's rules; refusing one keeps a bug from reaching players. */
export function breaksRules(pool: Pool, proposal: MatchProposal): boolean {
  const broken = violations(pool.mode, proposal, pool.partyBonusPerMember);
  if (broken.length === 0) return false;
  logger.error("matcher proposed a match that breaks its mode's rules; not committed", { poolId: pool.id, broken });
  return true;
}

/**
 * Commits the room of one long-waiting ticket and its bots (core/match/botFill.ts), in the same transaction as
 * a match of humans: it gives up and returns null if the ticket is no longer queued.
 */
export const commitBotRoom = (ctx: LadderContext, pool: Pool, proposal: BotRoomProposal): Promise<RoomDoc | null> =>
  commitRoom(ctx, pool, proposal, proposal.bots);

function commitRoom(
  ctx: LadderContext,
  pool: Pool,
  proposal: Pick<MatchProposal, 'proposedAt' | 'sides' | 'quality'>,
  bots: BotSeat[],
  poolOfTicket: (ticketId: string) => PoolId = () => pool.id,
): Promise<RoomDoc | null> {
  return transaction(ctx, (tx) => formRoom(tx, pool, proposal, { bots, poolOfTicket }));
}

/** What `formRoom` needs beyond the proposal. */
interface RoomForming {
  bots?: BotSeat[];
  poolOfTicket?: (ticketId: string) => PoolId;
  /** A ticket of the proposal this transaction creates itself (an enqueue's own): not read, created matched. */
  fresh?: TicketDoc;
}

/**
 * Forms a proposal's room in the caller's transaction: re-reads the proposal's tickets (all but a fresh one), gives
 * up with null if any is no longer queued or its players now block one another, else writes the room and every
 * ticket matched into it. Its reads come first, so the caller may read before it and write after it.
 */
export async function formRoom(
  tx: Tx,
  pool: Pool,
  proposal: Pick<MatchProposal, 'proposedAt' | 'sides' | 'quality'>,
  { bots = [], poolOfTicket = () => pool.id, fresh }: RoomForming = {},
): Promise<RoomDoc | null> {
  const ids = proposalTickets(proposal)
    .map((t) => t.id)
    .filter((id) => id !== fresh?.id);
  const snaps = await tx.getAll(ids.map((id) => ticketRef(tx, poolOfTicket(id), id)));
  const queued = stillQueued([...snaps.map((snap) => snap.data() as TicketDoc | undefined), ...(fresh ? [fresh] : [])]);
  if (!queued) return null;
  if (firstClash(queued)) {
    // The matcher leaves such matches out; a block made since its snapshot is caught here.
    logger.warn('proposal holds players who blocked one another; not committed', { poolId: pool.id });
    return null;
  }
  const agreed = agreement(pool.mode.choices, queued, proposal.proposedAt);
  if (!agreed) {
    // The matcher proposes only rooms that agree; tickets are never rewritten with other choices.
    logger.error('proposal holds tickets whose choices disagree; not committed', { poolId: pool.id });
    return null;
  }
  const now = tx.ctx.clock.now();
  // A fresh ticket's siblings are not written yet; any other ticket waiting in several pools brings its siblings,
  // which must all still be queued (another pool's room took them otherwise) and follow it into this room.
  const inSeveral = queued.filter((t) => t !== fresh && t.alsoIn.length > 0);
  const [season, siblings] = await Promise.all([
    seasonNow(tx.ctx, pool.ladderId, now, tx),
    readSiblings(tx, inSeveral),
  ]);
  const roomId = randomUUID();
  const followers = followersInto(inSeveral, siblings, roomId, pool.id, now);
  if (!followers) return null;
  const tickets = new Map(queued.map((t) => [t.id, t]));
  const room = newRoom(roomId, pool, proposal, tickets, now, season, bots, agreed);
  tx.create(roomRef(tx, room.id), room);
  for (const ticket of queued) {
    const matched = matchedTicket(ticket, room.id, now);
    if (ticket === fresh) tx.create(ticketRef(tx, ticket.mode, ticket.id), matched);
    else tx.set(ticketRef(tx, ticket.mode, ticket.id), matched);
  }
  for (const s of followers) tx.set(ticketRef(tx, s.mode, s.id), s);
  return room;
}

/**
 * Sends whole, fully accepted tickets back to the pool with their original enqueue time; cools dodgers down,
 * each one step further than their recent dodges (so their states are read first, before any write).
 */
async function applyCancellation(tx: Tx, room: RoomDoc, pool: Pool, cancellation: Cancellation, nowMs: number) {
  const states = await tx.getAll(cancellation.cooldown.map((id: string) => playerStateRef(tx, id)));
  await requeueAccepted(tx, room, pool, cancellation.requeue, nowMs);
  cancellation.cooldown.forEach((uid, i) => {
    const state = states[i]!.data() as PlayerState | undefined;
    const penalty = dodge(state?.dodges ?? null, tx.ctx.config.fairPlay.dodging, nowMs);
    tx.update(playerStateRef(tx, uid), {
      cooldownUntil: penalty.cooldownUntil,
      dodges: penalty.record,
      updatedAt: nowMs,
    });
  });
}

/**
 * Each accepted ticket goes back to the pool it came from with its round trips, read from the matched ticket
 * rather than copied into the room (which every player of the room can read); one that waited in several pools
 * goes back to each of them, under one new id. A pool paused since the room formed takes nobody back: its waiting
 * tickets were released, and so are these.
 */
async function requeueAccepted(tx: Tx, room: RoomDoc, pool: Pool, accepted: RoomTicket[], nowMs: number) {
  const homeOf = (t: RoomTicket) => t.pool ?? room.mode;
  const originals = (await tx.getAll(accepted.map((t) => ticketRef(tx, homeOf(t), t.ticketId)))).map(
    (snap) => snap.data() as TicketDoc | undefined,
  );
  const found = originals.filter((o): o is TicketDoc => o !== undefined);
  const targets = new Set([...accepted.map(homeOf), ...found.flatMap((o) => o.alsoIn)].flatMap(poolPauseTargets));
  // The room keeps no block lists nor meetings (its players read it): a requeued ticket keeps away whom its
  // members block and met lately as of now.
  const [pauses, siblings, memberStates] = await Promise.all([
    tx.getAll([...targets].map((id: string) => modePauseRef(tx, id))),
    readSiblings(tx, found),
    Promise.all(
      accepted.map((t) =>
        readStates(
          tx,
          t.members.map((m) => m.uid),
        ),
      ),
    ),
  ]);
  const paused = new Set(pauses.filter((p) => p.exists).map((p) => p.id));
  const back = new Set(requeuesOpen(accepted, room.mode, paused));
  for (const [i, matched] of accepted.entries()) {
    if (!back.has(matched)) continue;
    const guard = ticketGuard(memberStates[i]!, tx.ctx.config.fairPlay.farming, nowMs);
    const original = originals[i];
    const open = (original ? siblings.get(original.id)! : []).filter(
      (s): s is TicketDoc => s !== undefined && !poolPauseTargets(s.mode).some((target) => paused.has(target)),
    );
    const id = randomUUID();
    const home = requeuedTicket(id, pool, matched, room, guard, nowMs, original);
    const pools = [home.mode, ...open.map((s) => s.mode)];
    // As at queueing, every ticket of the queueing beats at the pace of its pools' shortest time-to-live.
    const ttlSeconds = Math.min(...pools.map((p) => tx.ctx.poolOf(p).mode.ticketTtlSeconds));
    tx.create(ticketRef(tx, home.mode, id), { ...home, ttlSeconds, alsoIn: alsoInFor(pools, home.mode) });
    for (const s of open)
      tx.create(ticketRef(tx, s.mode, id), revivedSibling(s, id, alsoInFor(pools, s.mode), guard, ttlSeconds, nowMs));
    for (const { uid } of matched.members)
      tx.update(playerStateRef(tx, uid), { mode: home.mode, ticketId: id, updatedAt: nowMs });
    if (matched.partyId) tx.update(partyRef(tx, matched.partyId), { mode: home.mode, ticketId: id, updatedAt: nowMs });
  }
}

/** Writes a ready-check step in the caller's transaction: the room, and any cancellation's requeues and cooldowns. */
export async function writeStep(tx: Tx, room: RoomDoc, next: ReadyCheckStep, nowMs: number): Promise<RoomDoc> {
  if (next.room === room) return room;
  if (next.cancellation) {
    await applyCancellation(tx, room, tx.ctx.poolOf(room), next.cancellation, nowMs);
  }
  tx.set(roomRef(tx, room.id), next.room);
  return next.room;
}

/**
 * A player's answer to a room's ready check. An acceptance changes the room alone and is written
 * optimistically, so ten players accepting at once don't wait on each other's locks; a decline also requeues
 * tickets and cools the decliner down, so it runs as one transaction. `first` says whether the answer changed
 * the room (a repeat changes nothing): the rate limit counts only repeats (api/callable.ts).
 */
export function respondToReadyCheck(
  ctx: LadderContext,
  uid: string,
  roomId: string,
  accept: boolean,
): Promise<Answered> {
  const answer = (room: RoomDoc, nowMs: number) => answerReadyCheck(room, uid, accept, ctx.poolOf(room).mode, nowMs);
  return changeDocument(
    ctx,
    roomRef(ctx, roomId),
    (current): Decision<RoomDoc, Answered> => {
      const room = requireRoom(current, roomId);
      const next = answer(room, ctx.clock.now());
      if (next.room === room) return { kind: 'unchanged', result: { room, first: false } };
      if (next.cancellation) return { kind: 'transaction' };
      return { kind: 'write', document: next.room, result: { room: next.room, first: true } };
    },
    () =>
      transaction(ctx, async (tx) => {
        const room = requireRoom((await tx.get(roomRef(ctx, roomId))).data(), roomId);
        const now = ctx.clock.now();
        const next = await writeStep(tx, room, answer(room, now), now);
        return { room: next, first: next !== room };
      }),
  );
}

/** A room after a player's answer or report, and whether that was their first (it changed the room). */
export interface Answered {
  room: RoomDoc;
  first: boolean;
}

/**
 * Run by the matcher when a pending room's ready check runs out; harmless if it was answered meanwhile. Who
 * let it run out is penalised only if their client confirmed showing it (`markReadyCheckSeen`).
 */
export function expireOverdueReadyCheck(ctx: LadderContext, roomId: string) {
  return transaction(ctx, async (tx) => {
    const room = (await tx.get(roomRef(ctx, roomId))).data();
    const now = ctx.clock.now();
    if (!room || !readyCheckOverdue(room, now)) return room ?? null;
    const seen = await tx.getAll(silentPlayers(room).map((uid) => readyCheckSeenRef(ctx, room.id, uid)));
    const saw = new Set(seen.filter((s) => s.exists).map((s) => s.id));
    return writeStep(
      tx,
      room,
      expireReadyCheck(room, now, (uid) => saw.has(uid)),
      now,
    );
  });
}

/**
 * Records that the player's client showed them the ready check, beside the room rather than in it, so the
 * room stays free for the answers. Only a check that is still open is recorded; repeating it is harmless.
 */
export async function markReadyCheckSeen(ctx: LadderContext, uid: string, roomId: string): Promise<{ seen: boolean }> {
  const room = requireRoom((await roomRef(ctx, roomId).get()).data(), roomId);
  countReads(ctx, 1, 'rooms');
  if (!readyCheckOpenTo(room, uid)) return { seen: false };
  await readyCheckSeenRef(ctx, roomId, uid).set({ uid, at: ctx.clock.now() });
  countWrites(ctx, 1, 'seen');
  return { seen: true };
}
