/**
 * Reads the whole database and checks every invariant of docs/design.md, naming the documents that break one.
 * Used by the integration tests, by `npm run simulate` and by `sim/check.ts`.
 */
import { DELETED_NAME, tombstoneSchema } from '../functions/src/core/player/deletion.js';
import type { Firestore } from 'firebase-admin/firestore';
import type { AppConfig } from '../functions/src/core/config.js';
import { violations } from '../functions/src/core/match/index.js';
import { partySchema, type Party } from '../functions/src/core/player/party.js';
import { playerSchema, playerStateSchema } from '../functions/src/core/player/player.js';
import { ticketDocSchema, type TicketDoc } from '../functions/src/core/queue/ticket.js';
import {
  coreSides,
  isLive,
  roomDocSchema,
  roomTickets,
  sideUids,
  type RoomDoc,
} from '../functions/src/core/room/room.js';
import { historyRowSchema, mergedHistory, type HistoryEntry } from '../functions/src/core/room/history.js';
import { contradictingReporters } from '../functions/src/core/fairplay/reportAbuse.js';
import { forfeitVerdict } from '../functions/src/core/fairplay/leaving.js';
import { splitPoolId } from '../functions/src/core/mode/pool.js';
import { mayPlayIn } from '../functions/src/core/mode/regions.js';
import { agreement } from '../functions/src/core/mode/choices.js';
import { seasonArchiveSchema, seasonCloseSchema } from '../functions/src/core/ladder/season.js';
import { checkBackfill } from './backfillInvariants.js';
import { checkBots } from './botInvariants.js';
import { asFormed, heldFrom } from '../functions/src/core/room/backfill.js';
import { checkFarming } from './farmingInvariants.js';
import { checkSeasons, replayRating } from './seasonInvariants.js';
import { checkBans, checkPauses } from './operatorInvariants.js';
import { auditRowSchema } from '../functions/src/core/ops/audit.js';
import type { HistoryRow, Snapshot, StateDoc, TicketAt } from './snapshot.js';

export interface InvariantViolation {
  invariant: string;
  documents: string[];
  detail: string;
}

/**
 * Every player's history as the product reads it (core/room/history.ts): their stored rows, and the rows their
 * settled rooms hold.
 */
function historyRows(stored: (HistoryEntry & { uid: string })[], rooms: RoomDoc[]): HistoryRow[] {
  const storedOf = new Map<string, HistoryEntry[]>();
  const roomsOf = new Map<string, RoomDoc[]>();
  const add = <T>(map: Map<string, T[]>, uid: string, item: T) => {
    const items = map.get(uid);
    if (items) items.push(item);
    else map.set(uid, [item]);
  };
  for (const row of stored) add(storedOf, row.uid, row);
  for (const room of rooms) for (const uid of room.memberUids) add(roomsOf, uid, room);
  return [...new Set([...storedOf.keys(), ...roomsOf.keys()])].flatMap((uid) =>
    mergedHistory(uid, storedOf.get(uid) ?? [], roomsOf.get(uid) ?? []).map(({ id: _, ...row }) => ({ ...row, uid })),
  );
}

export async function readSnapshot(db: Firestore): Promise<Snapshot> {
  const [tickets, rooms, players, history, states, parties, archives, closes, deleted, audit] = await Promise.all([
    db.collectionGroup('tickets').get(),
    db.collection('rooms').get(),
    db.collection('players').get(),
    db.collectionGroup('history').get(),
    db.collection('playerStates').get(),
    db.collection('parties').get(),
    db.collectionGroup('seasons').get(),
    db.collectionGroup('closes').get(),
    db.collection('deletedPlayers').get(),
    db.collection('audit').get(),
  ]);
  const roomDocs = rooms.docs.map((d) => roomDocSchema.parse(d.data()));
  const stored = history.docs.map((d) => ({
    ...historyRowSchema.parse(d.data()),
    id: d.id,
    uid: d.ref.parent.parent!.id,
  }));
  return {
    tickets: tickets.docs.map((d) => ({ ...ticketDocSchema.parse(d.data()), pathMode: d.ref.parent.parent!.id })),
    rooms: roomDocs,
    players: players.docs.map((d) => playerSchema.parse(d.data())),
    history: historyRows(stored, roomDocs),
    states: states.docs.map((d) => ({ ...playerStateSchema.parse(d.data()), uid: d.id })),
    parties: parties.docs.map((d) => partySchema.parse(d.data())),
    archives: archives.docs.map((d) => seasonArchiveSchema.parse(d.data())),
    closes: closes.docs.map((d) => seasonCloseSchema.parse(d.data())),
    deleted: deleted.docs.map((d) => tombstoneSchema.parse(d.data())),
    audit: audit.docs.map((d) => auditRowSchema.parse(d.data())),
  };
}

/** Whether a ladder's configuration makes every equal-sided team game zero-sum (see core/settlement.ts). */
function zeroSumLadder(config: AppConfig, ladderId: string): boolean {
  const ladder = config.ladders[ladderId];
  // OpenSkill moves each belief by its own uncertainty: no sum of displayed ratings is kept.
  return !!ladder && !ladder.floorAtZero && ladder.provisionalK === ladder.k && ladder.rating?.system !== 'openskill';
}

/** A team room a player left, whose staying team-mates lost only part of their loss (fairPlay.leaving). */
const softened = (config: AppConfig, room: RoomDoc) =>
  room.kind === 'team' && room.forfeits.length > 0 && config.fairPlay.leaving.teammateLossShare < 1;

/** Whether every settled room's changes must sum to zero under this configuration. */
function zeroSum(config: AppConfig, room: RoomDoc): boolean {
  const [a, b] = sideUids(room);
  return (
    zeroSumLadder(config, room.ladder) && room.kind === 'team' && a!.length === b!.length && !softened(config, room)
  );
}

const group = <T>(items: T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};
const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
const ticketPath = (t: Pick<TicketDoc, 'mode' | 'id'>) => `pools/${t.mode}/tickets/${t.id}`;
const roomPath = (r: RoomDoc) => `rooms/${r.id}`;
const statePath = (uid: string) => `playerStates/${uid}`;
const partyPath = (p: Party) => `parties/${p.id}`;

/**
 * The ticket a ticket's players first queued with: one sent back to the pool after a failed ready check has
 * the same owner, mode and enqueue time, and must still be bound by where its client measured it can play.
 */
function queuedWith(tickets: readonly TicketDoc[]): (t: TicketDoc) => TicketDoc {
  const key = (t: TicketDoc) => `${splitPoolId(t.mode).modeId}\n${t.ownerUid}\n${t.enqueuedAt}`;
  const first = new Map<string, TicketDoc>();
  for (const t of tickets) {
    const seen = first.get(key(t));
    if (!seen || t.createdAt < seen.createdAt) first.set(key(t), t);
  }
  return (t) => first.get(key(t)) ?? t;
}

/** Tickets by pool and id, for `Check.ticketAt`. */
function atPath(tickets: readonly TicketAt[]): Check['ticketAt'] {
  const byPath = new Map(tickets.map((t) => [ticketPath(t), t]));
  return (pool, id) => (pool ? byPath.get(`pools/${pool}/tickets/${id}`) : undefined);
}

/** What each check reads: the snapshot and configuration, lookups made once, and where it reports. */
interface Check {
  snapshot: Snapshot;
  config: AppConfig;
  violation: Violation;
  /** A ticket by its pool and id: the tickets of a queueing in several pools share an id. */
  ticketAt: (pool: string | null | undefined, id: string) => TicketAt | undefined;
  firstTicket: (t: TicketDoc) => TicketDoc;
  /** Uids whose account was deleted and not signed in again since. */
  deleted: Set<string>;
  /** Whether a document of this uid dated `atMs` belongs to an account deleted since (a later one may share the uid). */
  deletedSince: (uid: string, atMs: number) => boolean;
  statesByUid: Map<string, StateDoc>;
  roomsById: Map<string, RoomDoc>;
  blockedBy: Map<string, StateDoc['blocked']>;
}

type Violation = (invariant: string, documents: string[], detail: string) => void;

/** One function per invariant of docs/design.md, each reporting the documents that break it. */
const INVARIANTS: ((check: Check) => void)[] = [
  oneLiveHoldPerPlayer,
  noOverlappingHolds,
  leavesCountedOnce,
  contradictionsCountedOnce,
  ticketsEndOnce,
  siblingsMoveTogether,
  statesPointAtTickets,
  partiesConsistent,
  settledOnce,
  ratingsReplay,
  ratingSumConserved,
  (check) => {
    for (const r of check.snapshot.rooms) roomKeepsItsRules(check, r);
  },
  roomsAgreeOnChoices,
  checkDeleted,
  ({ snapshot, violation }) => checkBans(snapshot, violation),
  ({ snapshot, violation }) => checkPauses(snapshot, violation),
  ({ snapshot, config, violation }) => checkSeasons(snapshot, config, violation),
  ({ snapshot, config, violation }) => checkFarming(snapshot.rooms, config, violation),
  ({ snapshot, config, violation }) => checkBots(snapshot, config, violation),
  ({ snapshot, config, violation, ticketAt }) => checkBackfill(snapshot, config, violation, ticketAt),
];

/**
 * The deleted accounts. A platform login maps a person to one uid, so one who signs in after deleting starts a new
 * account under the same uid: its profile is created after the tombstone's deletion, and only what predates that
 * deletion must be gone.
 */
function deletions(snapshot: Snapshot): Pick<Check, 'deleted' | 'deletedSince'> {
  const at = new Map((snapshot.deleted ?? []).map((t) => [t.uid, t.at]));
  const reborn = new Set(snapshot.players.filter((p) => p.createdAt > (at.get(p.uid) ?? Infinity)).map((p) => p.uid));
  return {
    deleted: new Set([...at.keys()].filter((uid) => !reborn.has(uid))),
    deletedSince: (uid, atMs) => atMs <= (at.get(uid) ?? -Infinity),
  };
}

export function checkInvariants(snapshot: Snapshot, config: AppConfig): InvariantViolation[] {
  const found: InvariantViolation[] = [];
  const check: Check = {
    snapshot,
    config,
    violation: (invariant, documents, detail) => found.push({ invariant, documents, detail }),
    ticketAt: atPath(snapshot.tickets),
    firstTicket: queuedWith(snapshot.tickets),
    ...deletions(snapshot),
    statesByUid: new Map(snapshot.states.map((s) => [s.uid, s])),
    roomsById: new Map(snapshot.rooms.map((r) => [r.id, r])),
    blockedBy: new Map(snapshot.states.map((s) => [s.uid, s.blocked])),
  };
  for (const invariant of INVARIANTS) invariant(check);
  return found;
}

/**
 * The holds of a player's tickets: the siblings of a queueing in several pools (one id) hold them once, from the
 * first's creation to the last's end.
 */
function queueings(tickets: readonly TicketDoc[]) {
  const byId = new Map<string, { t: TicketDoc; from: number; to: number | null; queued: boolean }>();
  for (const t of tickets) {
    const seen = byId.get(t.id) ?? { t, from: t.createdAt, to: t.endedAt, queued: false };
    const to = seen.to === null || t.endedAt === null ? null : Math.max(seen.to, t.endedAt);
    byId.set(t.id, { t, from: Math.min(seen.from, t.createdAt), to, queued: seen.queued || t.status === 'queued' });
  }
  return [...byId.values()];
}

/** A player is in at most one live ticket or room at any moment. */
function oneLiveHoldPerPlayer({ snapshot, violation }: Check) {
  const holders = new Map<string, string[]>();
  const hold = (uid: string, path: string) => holders.set(uid, [...(holders.get(uid) ?? []), path]);
  for (const { t, queued } of queueings(snapshot.tickets))
    if (queued) for (const uid of t.memberUids) hold(uid, ticketPath(t));
  for (const r of snapshot.rooms) if (isLive(r.status)) for (const uid of r.memberUids) hold(uid, roomPath(r));
  for (const [uid, paths] of holders) {
    if (paths.length > 1)
      violation('one live ticket or room per player', paths, `${uid} is in ${paths.length} at once`);
  }
}

/**
 * A player is in at most one live ticket or room at every moment in the past too: each ticket holds its players from creation to its end, each room from its creation
 * to its end. A match ends the tickets and starts the room in one transaction, as a cancelled ready check ends the
 * room and re-queues in one, so those intervals touch without overlapping; any overlap is two at once.
 */
function noOverlappingHolds({ snapshot, violation }: Check) {
  const held = new Map<string, { path: string; from: number; to: number }[]>();
  const span = (uid: string, path: string, from: number, to: number | null) =>
    held.set(uid, [...(held.get(uid) ?? []), { path, from, to: to ?? Infinity }]);
  for (const { t, from, to } of queueings(snapshot.tickets))
    for (const uid of t.memberUids) span(uid, ticketPath(t), from, to);
  for (const r of snapshot.rooms) for (const uid of r.memberUids) span(uid, roomPath(r), heldFrom(r, uid), r.endedAt);
  for (const [uid, spans] of held) {
    // Of spans starting at once, the shorter first: on a hand-driven clock a ticket can be matched and its room
    // settled within the millisecond the next ticket starts in, and a span that ends as it starts holds nobody.
    spans.sort((a, b) => a.from - b.from || a.to - b.to);
    let latest = spans[0]!;
    for (const next of spans.slice(1)) {
      if (next.from < latest.to) {
        violation(
          'one live ticket or room per player at every moment',
          [latest.path, next.path],
          `${uid} was in both for ${Math.min(latest.to, next.to) - next.from} ms`,
        );
      }
      if (next.to > latest.to) latest = next;
    }
  }
}

/** A leave is counted exactly once: a player's leave count is the number of rooms they left. */
function leavesCountedOnce({ snapshot, violation }: Check) {
  const leftRooms = new Map<string, number>();
  for (const r of snapshot.rooms) for (const uid of r.forfeits) leftRooms.set(uid, (leftRooms.get(uid) ?? 0) + 1);
  for (const s of snapshot.states) {
    if (s.leaves !== (leftRooms.get(s.uid) ?? 0)) {
      violation(
        'each leave is counted once',
        [statePath(s.uid)],
        `${s.leaves} leaves, ${leftRooms.get(s.uid) ?? 0} rooms left`,
      );
    }
  }
}

/** Each report that contradicted how its room settled is counted exactly once. */
function contradictionsCountedOnce({ snapshot, violation }: Check) {
  const contradicted = new Map<string, number>();
  for (const r of snapshot.rooms) {
    if (r.status !== 'settled' || !r.result) continue;
    for (const uid of contradictingReporters(r, r.result)) contradicted.set(uid, (contradicted.get(uid) ?? 0) + 1);
  }
  for (const s of snapshot.states) {
    if (s.falseReports !== (contradicted.get(s.uid) ?? 0)) {
      violation(
        'each contradicting report is counted once',
        [statePath(s.uid)],
        `${s.falseReports} counted, ${contradicted.get(s.uid) ?? 0} in settled rooms`,
      );
    }
  }
}

/** A ticket is matched at most once, into a room that holds it; every ticket ends in exactly one way. */
function ticketsEndOnce({ snapshot, violation, ticketAt }: Check) {
  const roomsOfTicket = new Map<string, RoomDoc[]>();
  for (const r of snapshot.rooms) {
    for (const t of roomTickets(r)) roomsOfTicket.set(t.ticketId, [...(roomsOfTicket.get(t.ticketId) ?? []), r]);
  }
  for (const t of snapshot.tickets) {
    const rooms = roomsOfTicket.get(t.id) ?? [];
    if (rooms.length > 1)
      violation('a ticket is matched at most once', [ticketPath(t), ...rooms.map(roomPath)], 'in several rooms');
    if (t.status === 'matched' && (rooms.length !== 1 || rooms[0]!.id !== t.roomId)) {
      violation(
        'a matched ticket is in its room',
        [ticketPath(t)],
        `roomId ${t.roomId}, rooms holding it: ${rooms.map((r) => r.id).join(', ') || 'none'}`,
      );
    }
    if (t.status !== 'matched' && (t.roomId !== null || rooms.length > 0)) {
      violation('only matched tickets are in rooms', [ticketPath(t), ...rooms.map(roomPath)], `status ${t.status}`);
    }
    if ((t.status === 'queued') !== (t.endedAt === null) || (t.status === 'queued') !== (t.endReason === null)) {
      violation(
        'a ticket ends exactly once',
        [ticketPath(t)],
        `status ${t.status} with endedAt ${t.endedAt}, endReason ${t.endReason}`,
      );
    }
    if (
      t.pathMode !== t.mode ||
      !sameSet(
        t.memberUids,
        t.members.map((m) => m.uid),
      )
    ) {
      violation(
        'a ticket is what its pool and members say',
        [`pools/${t.pathMode}/tickets/${t.id}`],
        `mode ${t.mode}, memberUids ${t.memberUids.join(', ')}`,
      );
    }
  }
  for (const r of snapshot.rooms) {
    for (const rt of roomTickets(r)) {
      if (ticketAt(rt.pool ?? r.mode, rt.ticketId)?.status !== 'matched') {
        violation('a room holds only matched tickets', [roomPath(r)], `ticket ${rt.ticketId} is not a matched ticket`);
      }
    }
  }
}

/**
 * The tickets of one queueing in several pools (one id) name one another's pools, and are queued together or
 * ended together the same way: matched into one room, so nobody queued for several modes is seated twice.
 */
function siblingsMoveTogether({ snapshot, violation }: Check) {
  const byId = new Map<string, TicketDoc[]>();
  for (const t of snapshot.tickets) byId.set(t.id, [...(byId.get(t.id) ?? []), t]);
  for (const [id, group] of byId) {
    const pools = group.map((t) => t.mode);
    const named = group.every((t) => sameSet([t.mode, ...t.alsoIn], pools));
    const alike = group.every((t) => t.status === group[0]!.status && t.roomId === group[0]!.roomId);
    if (group.length > 1 && (!named || !alike)) {
      violation(
        "a queueing's tickets move together",
        group.map(ticketPath),
        `ticket ${id}: ${group.map((t) => `${t.mode} ${t.status} ${t.roomId ?? ''} also ${t.alsoIn.join('+')}`).join('; ')}`,
      );
    }
  }
}

/**
 * A player's state points at the ticket that holds them while they are queued or in a live room: presence is
 * derived from it, so a stale pointer would let them queue a second time.
 */
function statesPointAtTickets({ snapshot, violation, ticketAt, statesByUid }: Check) {
  for (const t of snapshot.tickets) {
    if (t.status !== 'queued') continue;
    for (const uid of t.memberUids) {
      if (statesByUid.get(uid)?.ticketId !== t.id) {
        violation(
          "a queued player's state points at their ticket",
          [ticketPath(t), statePath(uid)],
          `state points at ${statesByUid.get(uid)?.ticketId ?? 'nothing'}`,
        );
      }
    }
  }
  for (const r of snapshot.rooms) {
    if (!isLive(r.status)) continue;
    for (const rt of roomTickets(r)) {
      for (const { uid } of rt.members) {
        if (statesByUid.get(uid)?.ticketId !== rt.ticketId) {
          violation(
            "a player's state points at their live room's ticket",
            [roomPath(r), statePath(uid)],
            `state points at ${statesByUid.get(uid)?.ticketId ?? 'nothing'}, room holds ${rt.ticketId}`,
          );
        }
      }
    }
  }
  for (const s of snapshot.states) {
    if (s.ticketId === null) continue;
    const ticket = ticketAt(s.mode, s.ticketId);
    if (!ticket?.memberUids.includes(s.uid)) {
      violation(
        "a player's state points at a ticket of theirs",
        [statePath(s.uid)],
        `ticket ${s.mode}/${s.ticketId} ${ticket ? 'does not hold them' : 'does not exist'}`,
      );
    }
  }
}

/** Parties: a player in at most one, membership and state agreeing, frozen while queued or playing. */
function partiesConsistent({ snapshot, violation, ticketAt, statesByUid, roomsById }: Check) {
  const partiesOf = new Map<string, Party[]>();
  for (const p of snapshot.parties) {
    const uids = p.members.map((m) => m.uid);
    if (
      !sameSet(p.memberUids, uids) ||
      new Set(uids).size !== uids.length ||
      !uids.includes(p.leader) ||
      uids.length > p.maxSize
    ) {
      violation(
        'a party is consistent',
        [partyPath(p)],
        `members ${uids.join(', ')}, memberUids ${p.memberUids.join(', ')}, leader ${p.leader}, max ${p.maxSize}`,
      );
    }
    for (const uid of p.memberUids) {
      partiesOf.set(uid, [...(partiesOf.get(uid) ?? []), p]);
      if (statesByUid.get(uid)?.partyId !== p.id) {
        violation(
          "a party member's state names the party",
          [partyPath(p), statePath(uid)],
          `state names ${statesByUid.get(uid)?.partyId ?? 'no party'}`,
        );
      }
    }
    const ticket = p.ticketId ? ticketAt(p.mode, p.ticketId) : undefined;
    const room = ticket?.roomId ? roomsById.get(ticket.roomId) : undefined;
    const frozen = ticket && (ticket.status === 'queued' || (room && isLive(room.status)));
    if (frozen && !sameSet(ticket.memberUids, p.memberUids)) {
      violation(
        'a party is frozen while queued or playing',
        [partyPath(p), ticketPath(ticket)],
        `party ${p.memberUids.join(', ')}, ticket ${ticket.memberUids.join(', ')}`,
      );
    }
  }
  for (const [uid, parties] of partiesOf) {
    if (parties.length > 1)
      violation('a player is in at most one party', parties.map(partyPath), `${uid} is in ${parties.length} parties`);
  }
  for (const s of snapshot.states) {
    if (s.partyId && !(partiesOf.get(s.uid) ?? []).some((p) => p.id === s.partyId)) {
      violation("a player's state names a party that holds them", [statePath(s.uid)], `party ${s.partyId}`);
    }
  }
}

/** A room is settled at most once and its rating changes applied exactly once. */
function settledOnce({ snapshot, config, violation, deletedSince }: Check) {
  const historyByRoom = group(snapshot.history, (h) => h.roomId ?? '');
  for (const r of snapshot.rooms) {
    const all = historyByRoom.get(r.id) ?? [];
    const rows = all.filter((h) => h.kind === 'game');
    if (r.status !== 'settled') {
      if (all.length)
        violation(
          'only settled rooms change ratings',
          [roomPath(r)],
          `${r.status} room has ${all.length} history rows`,
        );
      continue;
    }
    const changes = r.ratingChanges ?? {};
    // A deleted player's rows went with their account; the room keeps their uid under a tombstone name.
    for (const uid of r.memberUids.filter((u) => !deletedSince(u, r.createdAt))) {
      const mine = rows.filter((h) => h.uid === uid);
      if (mine.length !== 1 || !changes[uid] || mine[0]!.delta !== changes[uid]!.delta) {
        violation(
          'a settled room changes each rating exactly once',
          [roomPath(r), `players/${uid}/history/${r.id}`],
          `${mine.length} rows`,
        );
      }
    }
    checkVoid(r, all, deletedSince, violation);
    if (zeroSum(config, r)) {
      const total = Object.values(changes).reduce((sum, c) => sum + c.delta, 0);
      if (total !== 0)
        violation('settlement is zero-sum where configured so', [roomPath(r)], `changes sum to ${total}`);
    }
  }
}

/** Every rating is its initial value plus the changes of its settled games, and the record counts them. */
function ratingsReplay({ snapshot, config, violation }: Check) {
  const historyByPlayerLadder = group(snapshot.history, (h) => `${h.uid}\n${h.ladder}`);
  for (const p of snapshot.players) {
    for (const [ladderId, standing] of Object.entries(p.ladders)) {
      const ladder = config.ladders[ladderId];
      if (!ladder) continue;
      const rows = historyByPlayerLadder.get(`${p.uid}\n${ladderId}`) ?? [];
      // Each delta is after − before (a floor at zero shows in it), so they chain from the initial rating,
      // through each season's soft reset, applied once.
      const seasons = snapshot.archives.filter((a) => a.uid === p.uid && a.ladder === ladderId);
      const { rating: expected, broken } = replayRating(ladder.initialRating, rows, seasons);
      if (standing.rating !== expected || broken) {
        violation(
          'rating changes and season resets are applied exactly once',
          [`players/${p.uid}`],
          `${ladderId}: rating ${standing.rating}, history and seasons say ${broken ?? expected}`,
        );
      }
      // An unrated game (a pair past the daily cap) has its history row but is not in the record.
      // Nor is a game an operator voided, nor an adjustment or a void's reversal, which are no games.
      const rated = rows.filter((h) => h.kind === 'game' && h.unrated === null && h.voidedAt === null);
      const count = (o: string) => rated.filter((h) => h.outcome === o).length;
      if (
        standing.games !== rated.length ||
        standing.wins !== count('win') ||
        standing.losses !== count('loss') ||
        standing.draws !== count('draw')
      ) {
        violation(
          'records count every settled game once',
          [`players/${p.uid}`],
          `${ladderId}: ${JSON.stringify(standing)} vs ${rated.length} rated history rows`,
        );
      }
    }
  }
}

/**
 * The rating sum of a zero-sum ladder is conserved: it drifts only by the rounding of free-for-all (and unequal-
 * sided) rooms, which settlement bounds by |total| ≤ players − 2 per room.
 */
function ratingSumConserved({ snapshot, config, violation }: Check) {
  for (const ladderId of Object.keys(config.ladders)) {
    if (!zeroSumLadder(config, ladderId)) continue;
    const initial = config.ladders[ladderId]!.initialRating;
    // Soft resets move ratings outside any game: what each took away is added back.
    const resets = snapshot.archives
      .filter((a) => a.ladder === ladderId)
      .reduce((sum, a) => sum + a.rating - a.resetTo, 0);
    const drift =
      resets +
      (snapshot.deleted ?? []).reduce((sum, t) => sum + (t.drift[ladderId] ?? 0), 0) +
      snapshot.players.reduce((sum, p) => sum + (p.ladders[ladderId] ? p.ladders[ladderId].rating - initial : 0), 0);
    // Operators' adjustments move ratings outside any game; a voided room's reversal cancels its changes.
    let rounding = snapshot.history
      .filter((h) => h.ladder === ladderId && h.kind === 'adjustment')
      .reduce((sum, h) => sum + h.delta, 0);
    for (const r of snapshot.rooms) {
      if (r.ladder !== ladderId || r.status !== 'settled' || zeroSum(config, r) || r.voided) continue;
      const total = Object.values(r.ratingChanges ?? {}).reduce((sum, c) => sum + c.delta, 0);
      if (!softened(config, r) && Math.abs(total) > Math.max(0, r.memberUids.length - 2)) {
        violation(
          'free-for-all rounding stays within its bound',
          [roomPath(r)],
          `changes sum to ${total} for ${r.memberUids.length} players`,
        );
      }
      rounding += total;
    }
    if (drift !== rounding) {
      violation(
        'the rating sum of a zero-sum ladder is conserved',
        [`players (ladder ${ladderId})`],
        `ratings drifted by ${drift}, settled rooms and adjustments account for ${rounding}`,
      );
    }
  }
}

/**
 * Every room within its caps and premade policy (re-checked by the matcher core's own rules), its players those
 * of its tickets, and its status, result and end agreeing.
 */
function roomKeepsItsRules({ config, violation, ticketAt, firstTicket, blockedBy }: Check, r: RoomDoc) {
  const { modeId, region } = splitPoolId(r.mode);
  const mode = config.modes[modeId];
  if (!mode || (mode.regions === null) !== (region === null) || region !== r.region) {
    violation('every room has a configured mode', [roomPath(r)], `mode ${r.mode}, region ${r.region}`);
    return;
  }
  // Judged by the region and round trips the players queued with, however often their ticket was sent back.
  for (const rt of mode.regions ? r.sides.flatMap((side) => side.tickets) : []) {
    const ticket = ticketAt(rt.pool ?? r.mode, rt.ticketId);
    const first = ticket && firstTicket(ticket);
    const home = first ? splitPoolId(first.mode).region : null;
    const wait = (r.proposedAt - rt.enqueuedAt) / 1000;
    if (first && (home === null || !mayPlayIn(mode.regions!, { home, rtts: first.rtts }, region!, wait))) {
      violation(
        'every player of a regional room may play in its region',
        [...new Set([roomPath(r), ticketPath(ticket), ticketPath(first)])],
        `queued in ${home} measuring ${JSON.stringify(first.rtts)}, room in ${region} after ${wait.toFixed(1)} s`,
      );
    }
  }
  if (r.status === 'settled' && forfeitVerdict(r)?.kind === 'void') {
    violation('a game every side left moves no rating', [roomPath(r)], `left by ${r.forfeits.join(', ')}`);
  }
  // A rematch replays a room that met the caps, with the ratings its game moved: its players chose it.
  // A room with bots is judged by the bots' rules instead (sim/botInvariants.ts).
  const checked =
    r.rematchOf === null && r.bots.length === 0
      ? violations(
          mode,
          { proposedAt: r.proposedAt, sides: coreSides(asFormed(r)), quality: r.quality },
          config.advanced.partyBonusPerMember,
        )
      : [];
  for (const broken of checked) {
    violation('every room within its caps and premade policy', [roomPath(r)], JSON.stringify(broken));
  }
  // Players who blocked one another before the room formed are never in it (a party's own members aside).
  for (const t of roomTickets(r)) {
    for (const m of t.members) {
      for (const b of blockedBy.get(m.uid) ?? []) {
        const together = b.at < Math.max(heldFrom(r, m.uid), heldFrom(r, b.uid)) && r.memberUids.includes(b.uid);
        if (together && !t.members.some((o) => o.uid === b.uid)) {
          violation('blocked players never share a room', [roomPath(r), statePath(m.uid)], `${m.uid} blocked ${b.uid}`);
        }
      }
    }
  }
  if (!sameSet(r.memberUids, sideUids(r).flat()) || new Set(r.memberUids).size !== r.memberUids.length) {
    violation("a room's players are its tickets' members", [roomPath(r)], `memberUids ${r.memberUids.join(', ')}`);
  }
  const ended = !isLive(r.status);
  const settled = r.status === 'settled';
  if (ended !== (r.endedAt !== null) || settled !== (r.result !== null && r.ratingChanges !== null)) {
    violation(
      "a room's status, result and end agree",
      [roomPath(r)],
      `status ${r.status}, endedAt ${r.endedAt}, result ${JSON.stringify(r.result)}`,
    );
  }
}

/**
 * Every room from the queue seats tickets that agree on each of its mode's choices when it formed, and plays the
 * value they agreed on (a rematch plays its room's; a room with bots, its one ticket's).
 */
function roomsAgreeOnChoices({ snapshot, config, violation, ticketAt }: Check) {
  for (const r of snapshot.rooms) {
    const mode = config.modes[splitPoolId(r.mode).modeId];
    if (!mode?.choices || r.rematchOf !== null) continue;
    // Late joiners are held to the value agreed (sim/backfillInvariants.ts).
    const tickets = roomTickets(asFormed(r)).map((t) => ticketAt(t.pool ?? r.mode, t.ticketId));
    if (tickets.some((t) => !t)) continue;
    const agreed = agreement(mode.choices, tickets as TicketDoc[], r.proposedAt);
    if (JSON.stringify(agreed) !== JSON.stringify(r.agreed)) {
      violation("a room's tickets agree on its mode's choices", [roomPath(r)], `agreed ${JSON.stringify(agreed)}`);
    }
  }
}

/**
 * A deleted player appears nowhere but in tombstones: no profile, state, history, archive or block list names
 * them. A new account under the same uid has its own; what the deleted one left is still gone.
 */
function checkDeleted({ snapshot, deleted, deletedSince, violation }: Check) {
  const left = [
    ...snapshot.players.filter((p) => deleted.has(p.uid)).map((p) => `players/${p.uid}`),
    ...snapshot.states.filter((s) => deleted.has(s.uid)).map((s) => `playerStates/${s.uid}`),
    ...snapshot.history
      .filter((h) => deleted.has(h.uid) || deletedSince(h.uid, h.settledAt))
      .map((h) => `players/${h.uid}/history/${h.roomId}`),
    ...snapshot.archives
      .filter((a) => deleted.has(a.uid) || deletedSince(a.uid, a.closedAt))
      .map((a) => `players/${a.uid}/seasons/${a.season}`),
    ...snapshot.states.filter((s) => s.blocked.some((b) => deleted.has(b.uid))).map((s) => `playerStates/${s.uid}`),
    ...snapshot.parties.filter((p) => p.memberUids.some((u) => deleted.has(u))).map((p) => `parties/${p.id}`),
    ...snapshot.rooms
      .filter(
        (r) =>
          r.status === 'settled' &&
          r.memberUids.some((u) => deletedSince(u, r.createdAt) && r.names[u] !== DELETED_NAME),
      )
      .map((r) => roomPath(r)),
  ];
  if (left.length) violation('a deleted player appears nowhere but in tombstones', left, `${left.length} documents`);
}

/**
 * A room an operator voided is reversed exactly once: each player's game row is marked voided and one `void` row
 * takes back its change. A room not voided has no reversal.
 */
function checkVoid(
  room: RoomDoc,
  rows: readonly HistoryRow[],
  deletedSince: Check['deletedSince'],
  violation: (invariant: string, documents: string[], detail: string) => void,
) {
  for (const uid of room.memberUids.filter((u) => !deletedSince(u, room.createdAt))) {
    const game = rows.find((h) => h.uid === uid && h.kind === 'game');
    const reversals = rows.filter((h) => h.uid === uid && h.kind === 'void');
    const reversed = room.voided
      ? reversals.length === 1 && game?.voidedAt !== null && reversals[0]!.delta === -(game?.delta ?? 0)
      : reversals.length === 0 && game?.voidedAt === null;
    if (!reversed) {
      violation(
        'a voided room is reversed exactly once, and only a voided room',
        [roomPath(room), `players/${uid}/history/void:${room.id}`],
        `voided ${room.voided !== null}, ${reversals.length} reversals, game row voidedAt ${game?.voidedAt}`,
      );
    }
  }
}

/** One line per violation: the invariant, the documents that break it, and what was found. */
export function describeViolations(found: InvariantViolation[]): string {
  return found.map((v) => `✗ ${v.invariant}: ${v.documents.join(', ')} (${v.detail})`).join('\n');
}
