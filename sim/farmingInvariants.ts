/**
 * The invariants farming adds, from the rooms alone: no pair of opponents plays a rated game past the daily
 * cap (nor an unrated one below it), and no room puts two opponents against each other again inside the window
 * that was left of it when the room was proposed, unless every player asked for it (a rematch).
 */
import type { AppConfig } from '../functions/src/core/config.js';
import { utcDay } from '../functions/src/core/fairplay/rematchWindow.js';
import { opponentsIn } from '../functions/src/core/fairplay/pairCap.js';
import type { RoomDoc } from '../functions/src/core/room/room.js';

type Violation = (invariant: string, documents: string[], detail: string) => void;

const roomPath = (r: RoomDoc) => `rooms/${r.id}`;
const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

/** Each pair of opponents in a room, once. */
const facingPairs = (room: RoomDoc): [string, string][] =>
  room.memberUids.flatMap((a) => opponentsIn(room, a).flatMap((b): [string, string][] => (a < b ? [[a, b]] : [])));

export function checkFarming(rooms: readonly RoomDoc[], config: AppConfig, violation: Violation) {
  const rules = config.fairPlay.farming;
  // Games against bots count towards no pair and no window (sim/botInvariants.ts checks them).
  const settled = rooms
    .filter((r) => r.status === 'settled' && r.bots.length === 0)
    .sort((x, y) => x.endedAt! - y.endedAt! || x.id.localeCompare(y.id));

  // Games settled between each pair per UTC day, in the order they settled: rated up to the cap, unrated past it.
  const count = new Map<string, number>();
  for (const r of settled) {
    const day = utcDay(r.endedAt!);
    const before = facingPairs(r).map(([a, b]) => count.get(`${day}\n${pairKey(a, b)}`) ?? 0);
    const pastCap = rules.dailyPairCap !== null && before.some((games) => games >= rules.dailyPairCap!);
    if (pastCap !== (r.unrated !== null)) {
      violation(
        pastCap ? 'no rated game between a pair past the daily cap' : 'a game is unrated only past the daily cap',
        [roomPath(r)],
        `pairs had played ${Math.max(0, ...before)} games on ${day}; unrated: ${r.unrated?.reason ?? 'no'}`,
      );
    }
    for (const [a, b] of facingPairs(r))
      count.set(`${day}\n${pairKey(a, b)}`, (count.get(`${day}\n${pairKey(a, b)}`) ?? 0) + 1);
  }

  // No room formed while two of its opponents were inside what was left of their window (by the minutes since
  // their last settled game against each other, or the games either played since).
  const gamesOf = new Map<string, number[]>();
  for (const r of settled) for (const uid of r.memberUids) gamesOf.set(uid, [...(gamesOf.get(uid) ?? []), r.endedAt!]);
  const lastMet = (a: string, b: string, beforeMs: number) =>
    settled.findLast((r) => r.endedAt! < beforeMs && facingPairs(r).some(([x, y]) => pairKey(x, y) === pairKey(a, b)));
  // A rematch every player of a settled room asked for (rematchOf) is allowed inside the window.
  for (const r of rooms.filter((room) => room.rematchOf === null)) {
    const enqueuedAt = new Map(
      r.sides.flatMap((s) => s.tickets.flatMap((t) => t.members.map((m) => [m.uid, t.enqueuedAt]))),
    );
    for (const [a, b] of facingPairs(r)) {
      const met = lastMet(a, b, r.proposedAt);
      if (!met) continue;
      const wait = (r.proposedAt - Math.min(enqueuedAt.get(a)!, enqueuedAt.get(b)!)) / 1000;
      const share = Math.max(0, 1 - wait / rules.relaxAfterSeconds);
      const since = (uid: string) =>
        (gamesOf.get(uid) ?? []).filter((at) => at > met.endedAt! && at <= r.proposedAt).length;
      const sinceMs = r.proposedAt - met.endedAt!;
      const games = Math.min(since(a), since(b));
      if (sinceMs < share * rules.rematchMinutes * 60_000 || games < share * rules.rematchGames) {
        violation(
          'no rematch inside the window',
          [roomPath(r), roomPath(met)],
          `${a} and ${b} met ${(sinceMs / 60_000).toFixed(2)} min and ${games} games before, after a ${wait.toFixed(1)} s wait`,
        );
      }
    }
  }
}
