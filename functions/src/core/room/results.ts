import { z } from 'zod';
import { fail } from '../errors.js';
import { withOpening } from '../mode/backfill.js';
import type { Ladder } from '../ladder/ladder.js';
import type { Standing } from '../ladder/standing.js';
import { isLive, roomTickets, sideUids, type RatingChange, type Result, type RoomDoc } from './room.js';
import { settlePlacements, settleSides } from '../rating/system.js';
import type { RatingUpdate } from '../rating/update.js';
import { rankMovement, type VisibleRank } from '../ladder/visibleRank.js';

export const resultsConfigSchema = z.strictObject({
  /**
   * When the report deadline passes with reports from one side only: `settle` by them (the other side
   * walked away), or `void` the room.
   */
  oneSidedAtDeadline: z.enum(['settle', 'void']).default('settle'),
  /** The custom claim that marks a trusted game server's account; its report settles at once. */
  gameServerClaim: z.string().min(1).default('gameServer'),
});
export type ResultsConfig = z.infer<typeof resultsConfigSchema>;

/** Checks a reported result against the room it is for: an outcome for teams, every player placed in free-for-all. */
export function validateResult(room: RoomDoc, result: Result): Result {
  if (room.kind === 'team') {
    if (!('outcome' in result))
      fail('invalid-argument', 'This is a team room: report { outcome: "A" | "B" | "draw" }.');
    return result;
  }
  if (!('placements' in result))
    fail('invalid-argument', 'This is a free-for-all room: report { placements: { uid: place } }.');
  const placed = Object.keys(result.placements).sort();
  const players = [...room.memberUids].sort();
  const missing = players.filter((uid) => result.placements[uid] === undefined);
  if (missing.length > 0 && placed.every((uid) => players.includes(uid)) && missing.every((uid) => uid in room.late)) {
    // Well formed, but sent from a view of the room before someone joined it: the game placed them, so must the report.
    const who = missing.map((uid) => room.names[uid] ?? uid).join(', ');
    fail('failed-precondition', `${who} joined the game in progress: placements must name them too.`);
  }
  if (placed.length !== players.length || placed.some((uid, i) => uid !== players[i])) {
    fail('invalid-argument', `Placements must name exactly the room's players: ${players.join(', ')}.`);
  }
  return result;
}

export interface Reporter {
  uid: string;
  /** A trusted game server (custom claim): reports for any room and settles it at once. */
  authoritative: boolean;
}

/**
 * The room with this report recorded, or the very same room when it changes nothing: the room is settled
 * already, or the reporter repeats their report. Refuses a reporter who is not a player (unless authoritative),
 * a room whose ready check is still open or that is over, and a result that does not fit the room.
 */
export function recordReport(room: RoomDoc, reporter: Reporter, reported: Result, nowMs: number): RoomDoc {
  if (!reporter.authoritative && !room.memberUids.includes(reporter.uid)) {
    fail('permission-denied', 'Only the players of a room (or a trusted game server) can report its result.');
  }
  if (room.status === 'settled') return room;
  if (room.status === 'pending')
    fail('failed-precondition', 'The game has not started: the ready check is still open.');
  if (!isLive(room.status)) fail('failed-precondition', `The room is ${room.status}; there is nothing to report.`);
  const result = validateResult(room, reported);
  const previous = room.reports[reporter.uid];
  const repeated =
    previous &&
    JSON.stringify(previous.result) === JSON.stringify(result) &&
    previous.authoritative === reporter.authoritative;
  if (repeated) return room;
  // A report says the game is over: the room takes no more late joiners.
  return withOpening({
    ...room,
    reports: { ...room.reports, [reporter.uid]: { result, at: nowMs, authoritative: reporter.authoritative } },
  });
}

/** Whether two results say the same (placements compared whatever order their players were listed in). */
export const same = (a: Result, b: Result) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
const canonical = (r: Result) =>
  'outcome' in r ? r : Object.fromEntries(Object.entries(r.placements).sort(([a], [b]) => a.localeCompare(b)));

/** The result a strict majority of these reports agree on, if any. */
function majority(reports: Result[]): Result | null {
  for (const candidate of reports) {
    if (reports.filter((r) => same(r, candidate)).length * 2 > reports.length) return candidate;
  }
  return null;
}

/** Who reported on which side: team rooms have two sides, in free-for-all every player is a side of one. */
function reportsBySide(room: RoomDoc): Result[][] {
  const sides = room.kind === 'team' ? sideUids(room) : room.memberUids.map((uid) => [uid]);
  return sides.map((uids) => uids.flatMap((uid) => (room.reports[uid] ? [room.reports[uid].result] : [])));
}

export type Verdict =
  | { kind: 'settle'; result: Result }
  | { kind: 'dispute' }
  | { kind: 'wait' }
  | { kind: 'void'; reason: string };

/**
 * What the reports so far decide. Team rooms settle as soon as both sides' majorities agree, and are
 * disputed when they disagree (more reports can still resolve it). Free-for-all rooms settle once a strict
 * majority of the room's players report the same placements, and so do rooms seated with bots, whose humans all
 * play on one side (bots report nothing).
 */
export function verdictNow(room: RoomDoc): Verdict {
  const authoritative = Object.values(room.reports).find((r) => r.authoritative);
  if (authoritative) return { kind: 'settle', result: authoritative.result };
  const all = Object.values(room.reports).map((r) => r.result);
  if (room.kind === 'ffa' || room.bots.length > 0) {
    const agreed = majority(all);
    if (agreed && all.filter((r) => same(r, agreed)).length * 2 > room.memberUids.length)
      return { kind: 'settle', result: agreed };
    return all.some((r) => !same(r, all[0]!)) ? { kind: 'dispute' } : { kind: 'wait' };
  }
  const verdicts = reportsBySide(room).map((side) =>
    side.length ? { reported: true, result: majority(side) } : { reported: false, result: null },
  );
  if (verdicts.some((v) => v.reported && !v.result)) return { kind: 'dispute' };
  const [a, b] = verdicts;
  if (a?.result && b?.result)
    return same(a.result, b.result) ? { kind: 'settle', result: a.result } : { kind: 'dispute' };
  return { kind: 'wait' };
}

/** How long the sender of the report that made a room settleable is given to settle it before others step in. */
export const SETTLING_GRACE_MS = 10_000;

/**
 * Whether a player's new report can be left unwritten: the reports already in settle the room, this one says the
 * same, and the report that made the room settleable came within SETTLING_GRACE_MS, so its sender is settling it.
 * A report that agrees with a majority keeps it one (k of n agreeing, 2k > n, gives 2(k + 1) > n + 1), so the
 * room settles by the same result with or without it. Past the grace the report is written and settles the room
 * itself (its settling sender may have died).
 */
export function alreadyDecided(room: RoomDoc, reporter: Reporter, reported: Result, nowMs: number): boolean {
  if (reporter.authoritative || !isLive(room.status)) return false;
  const verdict = verdictNow(room);
  if (verdict.kind !== 'settle' || !same(verdict.result, validateResult(room, reported))) return false;
  // The latest report written is the one that made the room settleable: agreeing ones after it are not written.
  const settleableSince = Math.max(...Object.values(room.reports).map((report) => report.at));
  return nowMs - settleableSince <= SETTLING_GRACE_MS;
}

/** What happens at the report deadline: settle what the reports allow, void the rest. */
export function verdictAtDeadline(room: RoomDoc, config: ResultsConfig): Verdict {
  const now = verdictNow(room);
  if (now.kind === 'settle') return now;
  if (now.kind === 'dispute') return { kind: 'void', reason: 'conflicting reports by the deadline' };
  const all = Object.values(room.reports).map((r) => r.result);
  if (all.length === 0) return { kind: 'void', reason: 'no result was reported by the deadline' };
  if (config.oneSidedAtDeadline === 'void') return { kind: 'void', reason: 'only one side reported by the deadline' };
  const agreed = majority(all);
  return agreed
    ? { kind: 'settle', result: agreed }
    : { kind: 'void', reason: 'no majority among the reports by the deadline' };
}

export interface PlayerOutcome {
  uid: string;
  update: RatingUpdate;
  outcome: 'win' | 'loss' | 'draw';
}

/**
 * The rating core's changes for every player of a settled room, with the record each gets: in free-for-all,
 * sole first place is a win, a shared first place a draw, anything else a loss.
 */
export function settleRoom(
  room: RoomDoc,
  result: Result,
  standings: Map<string, Standing>,
  ladder: Ladder,
): PlayerOutcome[] {
  const rated = (uid: string) => {
    const standing = standings.get(uid);
    if (!standing) throw new Error(`no standing read for ${uid}`);
    return { uid, rating: standing.rating, gamesPlayed: standing.games, skill: standing.skill };
  };
  if ('outcome' in result) {
    const [sideA, sideB] = sideUids(room).map((uids) => uids.map(rated));
    const updates = settleSides({ sideA: sideA!, sideB: sideB!, outcome: result.outcome }, ladder);
    const onA = new Set(sideA!.map((p) => p.uid));
    return updates.map((update) => ({
      uid: update.uid,
      update,
      outcome: result.outcome === 'draw' ? 'draw' : (result.outcome === 'A') === onA.has(update.uid) ? 'win' : 'loss',
    }));
  }
  const players = roomTickets(room).flatMap((t) =>
    t.members.map((m) => ({ ...rated(m.uid), placement: result.placements[m.uid]! })),
  );
  const best = Math.min(...players.map((p) => p.placement));
  const firsts = players.filter((p) => p.placement === best).length;
  const outcomeOf = (uid: string) => {
    const placement = result.placements[uid]!;
    return placement !== best ? 'loss' : firsts === 1 ? 'win' : 'draw';
  };
  // Late joiners playing unrated are left out of the rating: the others are rated among those who started.
  const unrated = unratedLateJoiners(room);
  const starters = players.filter((p) => !unrated.has(p.uid));
  const updates = new Map(settlePlacements({ players: starters }, ladder).map((u) => [u.uid, u]));
  return players.map(({ uid, rating }) => ({
    uid,
    update: updates.get(uid) ?? { uid, before: rating, after: rating, delta: 0 },
    outcome: outcomeOf(uid),
  }));
}

/** The room's late joiners whose game is unrated (its mode's backfill is not rated). */
export const unratedLateJoiners = (room: Pick<RoomDoc, 'backfill' | 'late'>): ReadonlySet<string> =>
  new Set(room.backfill?.rated ? [] : Object.keys(room.late));

/** An unrated game's outcome: won, lost or drawn as played, with no rating change. */
export const withoutRatingChange = (o: PlayerOutcome): PlayerOutcome => ({
  ...o,
  update: { ...o.update, after: o.update.before, delta: 0 },
});

/** The room after a verdict that needs no ratings: voided, disputed, or still waiting for reports. */
export function roomAfterVerdict(room: RoomDoc, verdict: Exclude<Verdict, { kind: 'settle' }>, nowMs: number): RoomDoc {
  switch (verdict.kind) {
    case 'void':
      return { ...room, status: 'voided', updatedAt: nowMs, endedAt: nowMs, endReason: verdict.reason };
    case 'dispute':
      return { ...room, status: 'disputed', updatedAt: nowMs };
    case 'wait':
      return { ...room, status: 'active', updatedAt: nowMs };
  }
}

/** The settled room, carrying every player's rating change for its listeners. */
export function settledRoom(
  room: RoomDoc,
  result: Result,
  outcomes: readonly PlayerOutcome[],
  ranks: ReadonlyMap<string, { before: VisibleRank; after: VisibleRank }>,
  nowMs: number,
): RoomDoc {
  const ratingChanges = Object.fromEntries(
    outcomes.map(({ uid, update, outcome }): [string, RatingChange] => {
      const rank = ranks.get(uid);
      if (!rank) throw new Error(`no rank computed for ${uid}`);
      const { before, after, delta } = update;
      return [
        uid,
        {
          before,
          after,
          delta,
          rankBefore: rank.before,
          rankAfter: rank.after,
          movement: rankMovement(rank.before, rank.after),
          outcome,
        },
      ];
    }),
  );
  return { ...room, status: 'settled', result, ratingChanges, updatedAt: nowMs, endedAt: nowMs, endReason: 'settled' };
}
