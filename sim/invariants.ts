/**
 * Reads the whole database and checks every invariant of DESIGN.md, naming the documents that break one.
 * Used by the integration tests and by `npm run simulate`.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { AppConfig } from '../functions/src/core/config.js';
import { violations } from '../functions/src/core/match/index.js';
import { playerSchema, type Player } from '../functions/src/core/player.js';
import { ticketDocSchema, type TicketDoc } from '../functions/src/core/queue.js';
import { coreSides, isLive, roomDocSchema, roomTickets, sideUids, type RoomDoc } from '../functions/src/core/room.js';
import { historyRowSchema } from '../functions/src/store/settlement.js';
import type { z } from 'zod';

export interface InvariantViolation {
  invariant: string;
  documents: string[];
  detail: string;
}

type HistoryRow = z.infer<typeof historyRowSchema> & { uid: string };

export interface Snapshot {
  tickets: TicketDoc[];
  rooms: RoomDoc[];
  players: Player[];
  history: HistoryRow[];
}

export async function readSnapshot(db: Firestore): Promise<Snapshot> {
  const [tickets, rooms, players, history] = await Promise.all([
    db.collectionGroup('tickets').get(),
    db.collection('rooms').get(),
    db.collection('players').get(),
    db.collectionGroup('history').get(),
  ]);
  return {
    tickets: tickets.docs.map((d) => ticketDocSchema.parse(d.data())),
    rooms: rooms.docs.map((d) => roomDocSchema.parse(d.data())),
    players: players.docs.map((d) => playerSchema.parse(d.data())),
    history: history.docs.map((d) => ({ ...historyRowSchema.parse(d.data()), uid: d.ref.parent.parent!.id })),
  };
}

/** Whether every settled room's changes must sum to zero under this configuration (see core/settlement.ts). */
function zeroSum(config: AppConfig, room: RoomDoc): boolean {
  const ladder = config.ladders[room.ladder]!;
  const [a, b] = sideUids(room);
  const equalSides = room.kind === 'team' && a!.length === b!.length;
  return !ladder.floorAtZero && ladder.provisionalK === ladder.k && equalSides;
}

export function checkInvariants(snapshot: Snapshot, config: AppConfig): InvariantViolation[] {
  const found: InvariantViolation[] = [];
  const violation = (invariant: string, documents: string[], detail: string) => found.push({ invariant, documents, detail });
  const ticketPath = (t: TicketDoc) => `pools/${t.mode}/tickets/${t.id}`;
  const roomPath = (r: RoomDoc) => `rooms/${r.id}`;

  // A player is in at most one live ticket or room at any moment.
  const holders = new Map<string, string[]>();
  const hold = (uid: string, path: string) => holders.set(uid, [...(holders.get(uid) ?? []), path]);
  for (const t of snapshot.tickets) if (t.status === 'queued') t.memberUids.forEach((uid) => hold(uid, ticketPath(t)));
  for (const r of snapshot.rooms) if (isLive(r.status)) r.memberUids.forEach((uid) => hold(uid, roomPath(r)));
  for (const [uid, paths] of holders) {
    if (paths.length > 1) violation('one live ticket or room per player', paths, `${uid} is in ${paths.length} at once`);
  }

  // A ticket is matched at most once, into a room that holds it; every ticket ends in exactly one way.
  const roomsOfTicket = new Map<string, RoomDoc[]>();
  for (const r of snapshot.rooms) {
    for (const t of roomTickets(r)) roomsOfTicket.set(t.ticketId, [...(roomsOfTicket.get(t.ticketId) ?? []), r]);
  }
  for (const t of snapshot.tickets) {
    const rooms = roomsOfTicket.get(t.id) ?? [];
    if (rooms.length > 1) violation('a ticket is matched at most once', [ticketPath(t), ...rooms.map(roomPath)], 'in several rooms');
    if (t.status === 'matched' && (rooms.length !== 1 || rooms[0]!.id !== t.roomId)) {
      violation('a matched ticket is in its room', [ticketPath(t)], `roomId ${t.roomId}, rooms holding it: ${rooms.map((r) => r.id).join(', ') || 'none'}`);
    }
    if (t.status !== 'matched' && (t.roomId !== null || rooms.length > 0)) {
      violation('only matched tickets are in rooms', [ticketPath(t), ...rooms.map(roomPath)], `status ${t.status}`);
    }
    if ((t.status === 'queued') !== (t.endedAt === null)) violation('a ticket ends exactly once', [ticketPath(t)], `status ${t.status} with endedAt ${t.endedAt}`);
  }
  for (const r of snapshot.rooms) {
    for (const rt of roomTickets(r)) {
      if (!snapshot.tickets.some((t) => t.id === rt.ticketId && t.status === 'matched')) {
        violation('a room holds only matched tickets', [roomPath(r)], `ticket ${rt.ticketId} is not a matched ticket`);
      }
    }
  }

  // Every room within its caps and premade policy (re-checked by the matcher core's own rules).
  for (const r of snapshot.rooms) {
    const mode = config.modes[r.mode];
    if (!mode) {
      violation('every room has a configured mode', [roomPath(r)], `mode ${r.mode}`);
      continue;
    }
    for (const broken of violations(mode, { proposedAt: r.proposedAt, sides: coreSides(r), quality: r.quality })) {
      violation('every room within its caps and premade policy', [roomPath(r)], JSON.stringify(broken));
    }
  }

  // A room is settled at most once and its rating changes applied exactly once.
  const historyByRoom = new Map<string, HistoryRow[]>();
  for (const h of snapshot.history) historyByRoom.set(h.roomId, [...(historyByRoom.get(h.roomId) ?? []), h]);
  for (const r of snapshot.rooms) {
    const rows = historyByRoom.get(r.id) ?? [];
    if (r.status !== 'settled') {
      if (rows.length) violation('only settled rooms change ratings', [roomPath(r)], `${r.status} room has ${rows.length} history rows`);
      continue;
    }
    const changes = r.ratingChanges ?? {};
    for (const uid of r.memberUids) {
      const mine = rows.filter((h) => h.uid === uid);
      if (mine.length !== 1 || !changes[uid] || mine[0]!.delta !== changes[uid]!.delta) {
        violation('a settled room changes each rating exactly once', [roomPath(r), `players/${uid}/history/${r.id}`], `${mine.length} rows`);
      }
    }
    if (zeroSum(config, r)) {
      const total = Object.values(changes).reduce((sum, c) => sum + c.delta, 0);
      if (total !== 0) violation('settlement is zero-sum where configured so', [roomPath(r)], `changes sum to ${total}`);
    }
  }

  // Every rating is its initial value plus the changes of its settled games, and the record counts them.
  for (const p of snapshot.players) {
    for (const [ladderId, standing] of Object.entries(p.ladders)) {
      const ladder = config.ladders[ladderId];
      if (!ladder) continue;
      const rows = snapshot.history.filter((h) => h.uid === p.uid && h.ladder === ladderId);
      // Each delta is after − before (a floor at zero shows in it), so they chain from the initial rating.
      const expected = rows.reduce((rating, h) => rating + h.delta, ladder.initialRating);
      if (standing.rating !== expected) {
        violation('rating changes are applied exactly once', [`players/${p.uid}`], `${ladderId}: rating ${standing.rating}, history says ${expected}`);
      }
      const count = (o: string) => rows.filter((h) => h.outcome === o).length;
      if (standing.games !== rows.length || standing.wins !== count('win') || standing.losses !== count('loss') || standing.draws !== count('draw')) {
        violation('records count every settled game once', [`players/${p.uid}`], `${ladderId}: ${JSON.stringify(standing)} vs ${rows.length} history rows`);
      }
    }
  }
  return found;
}
