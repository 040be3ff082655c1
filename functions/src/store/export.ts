import type { AuditRow } from '../core/ops/audit.js';
import type { Party } from '../core/player/party.js';
import type { Player, PlayerState } from '../core/player/player.js';
import type { TicketDoc } from '../core/queue/ticket.js';
import type { HistoryRow } from '../core/room/history.js';
import type { RoomDoc } from '../core/room/room.js';
import type { ReviewFlag } from '../core/fairplay/reportAbuse.js';
import type { SeasonArchive } from '../core/ladder/season.js';
import { countQueryReads, countReads } from './firestore/metrics.js';
import {
  auditsRef,
  historyOf,
  partyRef,
  playerRef,
  playerStateRef,
  reviewFlagRef,
  roomRef,
  seasonArchivesOf,
  ticketRef,
} from './firestore/refs.js';
import { database } from './firestore/db.js';

/** Everything stored about one player, as one JSON document (`exportMyData`). */
export interface MyData {
  uid: string;
  exportedAt: number;
  profile: Player | null;
  state: PlayerState | null;
  history: (HistoryRow & { id: string })[];
  seasons: SeasonArchive[];
  party: Party | null;
  ticket: TicketDoc | null;
  rooms: RoomDoc[];
  reviewFlag: ReviewFlag | null;
  /** What operators did to the account (bans, adjustments), with their reasons. */
  audit: AuditRow[];
}

/** Reads the player's documents, the rooms their history names, and the operators' actions on them. */
export async function exportMyData(uid: string): Promise<MyData> {
  const [profile, state, history, seasons, flag, audit] = await Promise.all([
    playerRef(uid).get(),
    playerStateRef(uid).get(),
    historyOf(uid).get(),
    seasonArchivesOf(uid).get(),
    reviewFlagRef(uid).get(),
    auditsRef().where('target', '==', uid).get(),
  ]);
  countReads(1, 'players');
  countReads(1, 'playerStates');
  countReads(1, 'reviewFlags');
  countQueryReads(history.size, 'history');
  countQueryReads(seasons.size, 'seasons');
  countQueryReads(audit.size, 'audit');
  const s = state.data() ?? null;
  const roomIds = [...new Set(history.docs.flatMap((d) => d.data().roomId ?? []))];
  const [party, ticket, rooms] = await Promise.all([
    s?.partyId ? partyRef(s.partyId).get() : null,
    s?.ticketId && s.mode ? ticketRef(s.mode, s.ticketId).get() : null,
    roomIds.length ? database().getAll(...roomIds.map(roomRef)) : [],
  ]);
  countReads(roomIds.length, 'rooms');
  countReads(party ? 1 : 0, 'parties');
  countReads(ticket ? 1 : 0, 'tickets');
  return {
    uid,
    exportedAt: Date.now(),
    profile: profile.data() ?? null,
    state: s,
    history: history.docs.map((d) => ({ id: d.id, ...d.data() })),
    seasons: seasons.docs.map((d) => d.data()),
    party: party?.data() ?? null,
    ticket: ticket?.data() ?? null,
    rooms: rooms.flatMap((r) => r.data() ?? []),
    reviewFlag: flag.data() ?? null,
    audit: audit.docs.map((d) => d.data()).sort((a, b) => a.at - b.at),
  };
}
