/**
 * Settlement as a plan: given a live room, its result and what the settling transaction read (the players'
 * profiles and private states, the review flags of those whose reports contradict the result), everything
 * the settlement writes. The store reads, asks for the plan and writes it in the same transaction, so the
 * densest rule of the product is tested without an emulator.
 */
import { fail } from '../errors.js';
import type { FairPlayConfig } from '../fairplay/config.js';
import { softenForLeavers } from '../fairplay/leaving.js';
import { cappedPairs, opponentsIn, unratedReason, type CappedPair } from '../fairplay/pairCap.js';
import { afterGame } from '../fairplay/rematchWindow.js';
import { contradictingReporters, flagAfterReport, type ReviewFlag } from '../fairplay/reportAbuse.js';
import type { Ladder } from '../ladder/ladder.js';
import type { SeasonArchive } from '../ladder/season.js';
import type { VisibleRank } from '../ladder/visibleRank.js';
import { standingInSeason, standingOn, type Player, type PlayerState } from '../player/player.js';
import { recordGame, type Standing } from '../ladder/standing.js';
import { pointerAfterSettling } from '../queue/presence.js';
import { BOT_GAME_UNRATED, botGameOutcomes } from './botSettlement.js';
import { settledRoom, settleRoom, unratedLateJoiners, withoutRatingChange, type PlayerOutcome } from './results.js';
import { isLive, type Result, type RoomDoc } from './room.js';

/** What the settling transaction read; a player with no private state yet has the idle one. */
export interface SettlementInput {
  room: RoomDoc;
  result: Result;
  ladder: Ladder;
  fairPlay: FairPlayConfig;
  players: ReadonlyMap<string, Player>;
  states: ReadonlyMap<string, PlayerState>;
  /** The review flags of `contradictingReporters(room, result)`, null where a player has none yet. */
  flags: ReadonlyMap<string, ReviewFlag | null>;
  nowMs: number;
}

/** Everything one settlement writes. */
export interface SettlementPlan {
  room: RoomDoc;
  /** Each player's profile with their standing on the room's ladder after the game. */
  players: Player[];
  /** The fields of each player's private state that change (meetings, false reports), and only those. */
  states: { uid: string; change: Pick<PlayerState, 'meetings' | 'updatedAt'> & Partial<PlayerState> }[];
  /** Standings still in an earlier season, archived before this game counts for the room's season. */
  archives: { uid: string; archive: SeasonArchive }[];
  flags: ReviewFlag[];
}

/** A standing as the room's season needs it: one still in an earlier season is archived and reset first. */
function standingForSeason(uid: string, input: SettlementInput, archives: SettlementPlan['archives']): Standing {
  const { room, ladder, nowMs } = input;
  const standing = standingOn(input.players.get(uid)!, room.ladder, ladder);
  const entered = standingInSeason(uid, room.ladder, standing, ladder, room.season, nowMs);
  if (entered.archive) archives.push({ uid, archive: entered.archive });
  return entered.standing;
}

/** Why the game goes unrated (pairs past the daily cap), or null when it is rated. */
function unratedBy(input: SettlementInput): { reason: string; pairs: CappedPair[] } | null {
  const { room, fairPlay, nowMs } = input;
  const meetings = new Map(room.memberUids.map((uid) => [uid, input.states.get(uid)!.meetings]));
  const pairs = cappedPairs(room, meetings, fairPlay.farming, nowMs);
  return pairs.length ? { reason: unratedReason(pairs, room.names, fairPlay.farming.dailyPairCap!), pairs } : null;
}

/**
 * The rating core's change for every player on the room's ladder (softened for teammates of a leaver), their
 * records, whom each one met (and, where their state points at this room's ticket, no pointer: they are idle),
 * the review flags of false reporters, and the changes on the room for its listeners. The settled room is each
 * player's history row for the game (core/room/history.ts `gameRow`), so no row is written. A pair of opponents
 * past the daily cap makes the game unrated: no rating or record moves, and the room (so the history) says why.
 * Only a live room is settled, and the planned room is not live, so a game is counted once.
 */
export function planSettlement(input: SettlementInput): SettlementPlan {
  const { room, result, ladder, fairPlay, nowMs } = input;
  if (!isLive(room.status)) fail('failed-precondition', `The room is ${room.status}: it cannot be settled again.`);
  if (room.bots.length > 0) return planBotSettlement(input);
  const archives: SettlementPlan['archives'] = [];
  const standings = new Map(room.memberUids.map((uid) => [uid, standingForSeason(uid, input, archives)]));
  const unrated = unratedBy(input);
  const rated = softenForLeavers(room, settleRoom(room, result, standings, ladder), fairPlay.leaving);
  const outcomes = unrated ? rated.map(withoutRatingChange) : rated;
  const lateUnrated = unratedLateJoiners(room);
  const { falseReports, flags } = reportsAgainst(input);
  const ranks = new Map<string, { before: VisibleRank; after: VisibleRank }>();
  const ticketIds = room.sides.flatMap((side) => side.tickets.map((t) => t.ticketId));
  const plan: SettlementPlan = { room, players: [], states: [], archives, flags };
  for (const outcome of outcomes) {
    const before = standings.get(outcome.uid)!;
    const standing = unrated || lateUnrated.has(outcome.uid) ? before : afterOutcome(before, outcome, ladder, nowMs);
    ranks.set(outcome.uid, { before: before.visible, after: standing.visible });
    const player = input.players.get(outcome.uid)!;
    plan.players.push({ ...player, ladders: { ...player.ladders, [room.ladder]: standing }, updatedAt: nowMs });
    const opponents = opponentsIn(room, outcome.uid).map((uid) => ({ uid, displayName: room.names[uid] ?? uid }));
    const meetings = afterGame(input.states.get(outcome.uid)!.meetings, opponents, fairPlay.farming, nowMs);
    plan.states.push({
      uid: outcome.uid,
      change: {
        meetings,
        ...counted(falseReports, outcome.uid),
        ...pointerAfterSettling(input.states.get(outcome.uid)!, ticketIds),
        updatedAt: nowMs,
      },
    });
  }
  plan.room = { ...settledRoom(room, result, outcomes, ranks, nowMs), unrated };
  return plan;
}

/**
 * Each player whose own report contradicts the result, with their count of such reports after this one, and
 * the review flags those counts reach. Every settlement counts them, a game against bots too: a report is
 * false whoever the opponents were.
 */
function reportsAgainst(input: SettlementInput): { falseReports: Map<string, number>; flags: ReviewFlag[] } {
  const { room, result, fairPlay, nowMs } = input;
  const falseReports = new Map(
    contradictingReporters(room, result).map((uid) => [uid, input.states.get(uid)!.falseReports + 1]),
  );
  const flags = [...falseReports].flatMap(([uid, count]) => {
    const flag = flagAfterReport(uid, count, room.id, input.flags.get(uid) ?? null, fairPlay.reportAbuse, nowMs);
    return flag ? [flag] : [];
  });
  return { falseReports, flags };
}

/** The change to a player's count of false reports, if this settlement raised it. */
const counted = (falseReports: ReadonlyMap<string, number>, uid: string): Partial<PlayerState> => {
  const count = falseReports.get(uid);
  return count === undefined ? {} : { falseReports: count };
};

/**
 * A game against bots settles unrated for its humans: no standing, record, season or placement moves (so no
 * profile is written), their meetings stay as they were (bots count towards no pair cap nor rematch rule), and
 * the room reads in each one's history as a bot game; their pointers to the room's tickets are cleared and their false
 * reports counted, as after any game.
 */
function planBotSettlement(input: SettlementInput): SettlementPlan {
  const { room, result, ladder, nowMs } = input;
  const standings = new Map(
    room.memberUids.map((uid) => [uid, standingOn(input.players.get(uid)!, room.ladder, ladder)]),
  );
  const outcomes = botGameOutcomes(room, result, standings);
  const ranks = new Map(
    outcomes.map(({ uid }) => [uid, { before: standings.get(uid)!.visible, after: standings.get(uid)!.visible }]),
  );
  const ticketIds = room.sides.flatMap((side) => side.tickets.map((t) => t.ticketId));
  const { falseReports, flags } = reportsAgainst(input);
  return {
    room: { ...settledRoom(room, result, outcomes, ranks, nowMs), unrated: { reason: BOT_GAME_UNRATED, pairs: [] } },
    players: [],
    states: room.memberUids.map((uid) => {
      const state = input.states.get(uid)!;
      const pointer = pointerAfterSettling(state, ticketIds);
      return { uid, change: { meetings: state.meetings, ...counted(falseReports, uid), ...pointer, updatedAt: nowMs } };
    }),
    archives: [],
    flags,
  };
}

const afterOutcome = (before: Standing, outcome: PlayerOutcome, ladder: Ladder, nowMs: number): Standing =>
  recordGame(before, outcome.update.after, outcome.outcome, ladder, nowMs, outcome.update.skill);
