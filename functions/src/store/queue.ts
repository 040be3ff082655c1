import { FieldPath } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { partyCapacity } from '../core/config.js';
import { fail } from '../core/errors.js';
import { matchTicketNow } from '../core/match/index.js';
import type { Mode } from '../core/modes.js';
import { requireLeader, type Party } from '../core/party.js';
import { standingOn } from '../core/player.js';
import { endTicket, newTicket, toCoreTicket, type TicketDoc } from '../core/queue.js';
import type { RoomDoc } from '../core/room.js';
import { matchingScore } from '../core/ticket.js';
import { config } from '../config.js';
import { countQueryReads } from './metrics.js';
import { playerStateRef } from './players.js';
import { readPlayersWithPresence, readPresence } from './presence.js';
import { partyRef, ticketRef, ticketsRef } from './refs.js';
import { commitMatch } from './rooms.js';
import { transaction } from './tx.js';

export function modeById(modeId: string): Mode {
  const mode = config.modes[modeId];
  if (!mode)
    fail('invalid-argument', `Unknown mode "${modeId}"; configured modes: ${Object.keys(config.modes).join(', ')}.`);
  return mode;
}

const secondsLeft = (untilMs: number, nowMs: number) => Math.ceil((untilMs - nowMs) / 1000);

/**
 * Puts the caller (or, for a party leader, the whole party) into a mode's pool: one transaction over the
 * ticket, every member's state and the party, after checking that nobody is queued, in a live room or
 * cooling down.
 */
export function createTicket(uid: string, modeId: string): Promise<TicketDoc> {
  const mode = modeById(modeId);
  return transaction(async (tx) => {
    const now = Date.now();
    const callerState = await tx.get(playerStateRef(uid));
    const partyId = callerState.data()?.partyId ?? null;
    let party: Party | null = null;
    if (partyId) {
      party = (await tx.get(partyRef(partyId))).data() ?? null;
      if (party) requireLeader(party, uid, 'queue the party');
    }
    const members = party ? party.memberUids : [uid];
    const { players, presenceOf } = await readPlayersWithPresence(tx, members, party ? [party] : [], {
      statesRead: new Map([[uid, callerState]]),
    });

    const capacity = partyCapacity(mode);
    if (members.length > capacity) {
      fail(
        'failed-precondition',
        `A party of ${members.length} cannot queue for ${modeId}: at most ${capacity} players per ticket.`,
      );
    }
    for (const member of members) {
      const { player, state } = players.get(member);
      const who = member === uid ? 'You are' : `${player.displayName} is`;
      const presence = presenceOf(member);
      if (presence.kind === 'queued') fail('failed-precondition', `${who} already queued for ${presence.mode}.`);
      if (presence.kind === 'inRoom') fail('failed-precondition', `${who} in a live ${presence.mode} room.`);
      if (state.cooldownUntil && state.cooldownUntil > now) {
        fail(
          'failed-precondition',
          `${who} cooling down after a missed ready check: ${secondsLeft(state.cooldownUntil, now)} s left.`,
          {
            cooldownUntil: state.cooldownUntil,
          },
        );
      }
    }

    const ladder = config.ladders[mode.ladder]!;
    const ratings = members.map((m) => ({
      uid: m,
      rating: standingOn(players.get(m).player, mode.ladder, ladder.initialRating).rating,
    }));
    const ticket = newTicket(
      {
        id: randomUUID(),
        mode: modeId,
        members: ratings,
        names: Object.fromEntries(members.map((m) => [m, players.get(m).player.displayName])),
        score: matchingScore(
          ratings.map((r) => r.rating),
          mode,
        ),
        partyId: party?.id ?? null,
        ownerUid: uid,
        enqueuedAt: now,
        ttlSeconds: mode.ticketTtlSeconds,
      },
      now,
    );
    tx.create(ticketRef(modeId, ticket.id), ticket);
    for (const member of members) players.updateState(member, { mode: modeId, ticketId: ticket.id });
    if (party) tx.set(partyRef(party.id), { ...party, mode: modeId, ticketId: ticket.id, updatedAt: now });
    players.write();
    return ticket;
  });
}

/** How many players a new ticket still needs around it: the whole room but itself. */
function playersWanted(mode: Mode, ticket: TicketDoc): number {
  const room = mode.format.kind === 'team' ? 2 * mode.format.teamSize : mode.format.maxPlayers;
  return room - ticket.members.length;
}

/**
 * The queued tickets nearest a new ticket's score, from both directions: a bounded read (about one
 * document per missing player), never the pool. Ordering by score and then document id and starting
 * after the ticket itself leaves it out without paying a read for it. When one direction runs short (say
 * everyone is still at the initial rating), the other makes up the difference.
 */
export async function readCandidates(mode: Mode, ticket: TicketDoc): Promise<TicketDoc[]> {
  const wanted = playersWanted(mode, ticket);
  const perDirection = Math.ceil((wanted + 1) / 2);
  const queued = ticketsRef(ticket.mode).where('status', '==', 'queued');
  const upward = queued
    .where('score', '>=', ticket.score)
    .where('score', '<=', ticket.score + mode.spreadCap.hard)
    .orderBy('score')
    .orderBy(FieldPath.documentId());
  const downward = queued
    .where('score', '<=', ticket.score)
    .where('score', '>=', ticket.score - mode.spreadCap.hard)
    .orderBy('score', 'desc')
    .orderBy(FieldPath.documentId(), 'desc');
  const nearest = (query: typeof upward) => query.startAfter(ticket.score, ticket.id).limit(perDirection).get();
  const [above, below] = await Promise.all([nearest(upward), nearest(downward)]);
  countQueryReads(above.size);
  countQueryReads(below.size);
  const docs = [...above.docs, ...below.docs];
  const missing = wanted + 1 - docs.length; // the candidates wanted, plus one to choose from
  const aboveRanDry = above.size < perDirection;
  const belowRanDry = below.size < perDirection;
  const topUp =
    aboveRanDry && !belowRanDry
      ? { query: downward, after: below.docs.at(-1) }
      : belowRanDry && !aboveRanDry
        ? { query: upward, after: above.docs.at(-1) }
        : null;
  if (missing > 0 && topUp?.after) {
    const more = await topUp.query.startAfter(topUp.after).limit(missing).get();
    countQueryReads(more.size);
    docs.push(...more.docs);
  }
  return docs.map((d) => d.data());
}

/** Matches a freshly queued ticket at once if its neighbourhood allows it, as the original did. */
export async function matchNow(mode: Mode, ticket: TicketDoc): Promise<RoomDoc | null> {
  const candidates = await readCandidates(mode, ticket);
  const proposal = matchTicketNow(mode, toCoreTicket(ticket), candidates.map(toCoreTicket), Date.now());
  return proposal ? commitMatch(ticket.mode, proposal) : null;
}

/** Leaves the queue: any member may take their ticket (the whole party's) out. Repeating it is harmless. */
export function cancelTicket(uid: string) {
  return transaction(async (tx) => {
    const { presence, tickets } = await readPresence(tx, uid);
    if (presence.kind !== 'queued') return { cancelled: false, presence };
    const ticket = tickets.get(presence.ticketId)!;
    tx.set(ticketRef(ticket.mode, ticket.id), endTicket(ticket, 'cancelled', `cancelled by ${uid}`, Date.now()));
    return { cancelled: true, presence: { kind: 'idle' as const } };
  });
}

/**
 * Keeps the caller's ticket alive. The expiry is pushed out only once half of the time-to-live has passed,
 * so a client heartbeating every third of it costs a write per half time-to-live, not per call.
 */
export function heartbeat(uid: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const { presence, tickets } = await readPresence(tx, uid);
    if (presence.kind !== 'queued') return { presence, expiresAt: null };
    const ticket = tickets.get(presence.ticketId)!;
    const ttlMs = modeById(ticket.mode).ticketTtlSeconds * 1000;
    let expiresAt = ticket.expiresAt;
    if (expiresAt - now < ttlMs / 2) {
      expiresAt = now + ttlMs;
      tx.set(ticketRef(ticket.mode, ticket.id), { ...ticket, expiresAt });
    }
    return { presence, expiresAt };
  });
}

/** Ends a queued ticket whose heartbeats stopped; a no-op if it was matched, cancelled or refreshed meanwhile. */
export function expireTicket(modeId: string, ticketId: string) {
  return transaction(async (tx) => {
    const now = Date.now();
    const ticket = (await tx.get(ticketRef(modeId, ticketId))).data();
    if (ticket?.status !== 'queued' || ticket.expiresAt > now) return false;
    tx.set(
      ticketRef(modeId, ticketId),
      endTicket(ticket, 'expired', 'no heartbeat before the time-to-live ran out', now),
    );
    return true;
  });
}
