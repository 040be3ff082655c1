import type { AuditRow } from '../core/ops/audit.js';
import type { Party } from '../core/player/party.js';
import type { Player, PlayerState } from '../core/player/player.js';
import type { TicketDoc } from '../core/queue/ticket.js';
import type { HistoryEntry } from '../core/room/history.js';
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
  seasonArchivesOf,
  ticketRef,
} from './firestore/refs.js';
import { historyFrom, roomsOf } from './history.js';
import type { LadderContext } from '../context.js';

/** Everything stored about one player, as one JSON document (`exportMyData`). */
export interface MyData {
  uid: string;
  exportedAt: number;
  profile: Player | null;
  state: PlayerState | null;
  history: HistoryEntry[];
  seasons: SeasonArchive[];
  party: Party | null;
  ticket: TicketDoc | null;
  rooms: RoomDoc[];
  reviewFlag: ReviewFlag | null;
  /** What operators did to the account (bans, adjustments), with their reasons. */
  audit: AuditRow[];
}

/** Reads the player's documents, every room they sat in (their games' history rows among them), and the operators' actions on them. */
export async function exportMyData(ctx: LadderContext, uid: string): Promise<MyData> {
  const [profile, state, history, rooms, seasons, flag, audit] = await Promise.all([
    playerRef(ctx, uid).get(),
    playerStateRef(ctx, uid).get(),
    historyOf(ctx, uid).get(),
    roomsOf(ctx, uid).get(),
    seasonArchivesOf(ctx, uid).get(),
    reviewFlagRef(ctx, uid).get(),
    auditsRef(ctx).where('target', '==', uid).get(),
  ]);
  countReads(ctx, 1, 'players');
  countReads(ctx, 1, 'playerStates');
  countReads(ctx, 1, 'reviewFlags');
  countQueryReads(ctx, history.size, 'history');
  countQueryReads(ctx, rooms.size, 'rooms');
  countQueryReads(ctx, seasons.size, 'seasons');
  countQueryReads(ctx, audit.size, 'audit');
  const s = state.data() ?? null;
  const [party, ticket] = await Promise.all([
    s?.partyId ? partyRef(ctx, s.partyId).get() : null,
    s?.ticketId && s.mode ? ticketRef(ctx, s.mode, s.ticketId).get() : null,
  ]);
  countReads(ctx, party ? 1 : 0, 'parties');
  countReads(ctx, ticket ? 1 : 0, 'tickets');
  return {
    uid,
    exportedAt: ctx.clock.now(),
    profile: profile.data() ?? null,
    state: s,
    history: historyFrom(uid, history, rooms),
    seasons: seasons.docs.map((d) => d.data()),
    party: party?.data() ?? null,
    ticket: ticket?.data() ?? null,
    rooms: rooms.docs.map((d) => d.data()).sort((a, b) => a.createdAt - b.createdAt),
    reviewFlag: flag.data() ?? null,
    audit: audit.docs.map((d) => d.data()).sort((a, b) => a.at - b.at),
  };
}
