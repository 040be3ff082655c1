/**
 * The fair-play penalties a run left in the database, for the report: dodges remembered, leaves and the rooms
 * they decided, reports that contradicted a settled result and the players flagged for review, and what the
 * farming rules did to the farming pair (and to everyone else).
 */
import type { AppConfig } from '../functions/src/core/config.js';
import { forfeitVerdict } from '../functions/src/core/fairplay/leaving.js';
import type { Snapshot } from './snapshot.js';

export interface Penalties {
  /** Players whose last dodge is on record, and the highest cooldown step any of them reached. */
  dodgers: number;
  highestDodgeStep: number;
  /** Players cooling down when the run ended. */
  coolingDownAtEnd: number;
  leaves: number;
  leavers: number;
  /** Settled rooms a whole side (or all but one free-for-all player) left. */
  roomsDecidedByLeaving: number;
  falseReports: number;
  flaggedForReview: number;
  /** Tickets of the farming pair that carried the partner as a recent opponent (kept from meeting at once). */
  farmerTicketsHeldApart: number;
  /** Of those, tickets matched with the partner anyway, once the window had shrunk away with the wait. */
  farmerTicketsMetPartnerLater: number;
  /** Settled games between the farming pair, and how many of them were unrated (past the daily cap). */
  farmerGames: number;
  farmerGamesUnrated: number;
  /** Settled rooms, anyone's, that were unrated. */
  unratedRooms: number;
}

export function penalties(
  snapshot: Snapshot,
  config: AppConfig,
  endedAt: number,
  farmers: readonly [string, string] | null,
): Penalties {
  const states = snapshot.states;
  const settled = snapshot.rooms.filter((r) => r.status === 'settled');
  const partner = new Map<string, string>(farmers ? [farmers, [farmers[1], farmers[0]]] : []);
  const heldApart = snapshot.tickets.filter((t) =>
    t.memberUids.some((uid) => partner.has(uid) && t.recent.some((r) => r.uid === partner.get(uid))),
  );
  const rooms = new Map(snapshot.rooms.map((r) => [r.id, r]));
  const theirs = (memberUids: readonly string[]) => !!farmers && farmers.every((uid) => memberUids.includes(uid));
  return {
    dodgers: states.filter((s) => (s.dodges?.count ?? 0) > 0).length,
    highestDodgeStep: Math.max(0, ...states.map((s) => s.dodges?.count ?? 0)),
    coolingDownAtEnd: states.filter((s) => (s.cooldownUntil ?? 0) > endedAt).length,
    leaves: states.reduce((sum, s) => sum + s.leaves, 0),
    leavers: states.filter((s) => s.leaves > 0).length,
    roomsDecidedByLeaving: snapshot.rooms.filter((r) => r.status === 'settled' && forfeitVerdict(r) !== null).length,
    falseReports: states.reduce((sum, s) => sum + s.falseReports, 0),
    flaggedForReview: states.filter((s) => s.falseReports >= config.fairPlay.reportAbuse.flagAfter).length,
    farmerTicketsHeldApart: heldApart.length,
    farmerTicketsMetPartnerLater: heldApart.filter((t) => t.roomId && theirs(rooms.get(t.roomId)?.memberUids ?? []))
      .length,
    farmerGames: settled.filter((r) => theirs(r.memberUids)).length,
    farmerGamesUnrated: settled.filter((r) => theirs(r.memberUids) && r.unrated).length,
    unratedRooms: settled.filter((r) => r.unrated).length,
  };
}
