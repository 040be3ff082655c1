/**
 * The invariants bots add: a room with bots holds one ticket that had waited the mode's `afterSeconds`, seated
 * with exactly the bots its mode fills it with; it moves no rating and no record; and bots are no players, so no
 * leaderboard can show one: only the room's humans have rating changes and history rows for it.
 */
import type { AppConfig } from '../functions/src/core/config.js';
import { botSeats } from '../functions/src/core/match/botFill.js';
import { splitPoolId } from '../functions/src/core/mode/pool.js';
import { roomTickets, type RoomDoc } from '../functions/src/core/room/room.js';
import type { Snapshot } from './snapshot.js';

type Violation = (invariant: string, documents: string[], detail: string) => void;

const roomPath = (r: RoomDoc) => `rooms/${r.id}`;

export function checkBots(snapshot: Snapshot, config: AppConfig, violation: Violation) {
  const rowsOf = new Map<string, Snapshot['history']>();
  for (const h of snapshot.history) if (h.roomId) rowsOf.set(h.roomId, [...(rowsOf.get(h.roomId) ?? []), h]);
  for (const r of snapshot.rooms) {
    const rows = (rowsOf.get(r.id) ?? []).filter((h) => h.kind === 'game');
    if (r.bots.length === 0) {
      const marked = rows.filter((h) => h.bots);
      if (marked.length) violation('only a room with bots has bot games', [roomPath(r)], `${marked.length} rows`);
      continue;
    }
    checkSeats(r, config, violation);
    const moved = Object.entries(r.ratingChanges ?? {}).filter(([, c]) => c.delta !== 0);
    const rated = rows.filter((h) => h.delta !== 0 || !h.bots || h.unrated === null);
    if (moved.length || rated.length) {
      violation(
        'a room with bots moves no rating',
        [roomPath(r), ...rated.map((h) => `players/${h.uid}/history/${r.id}`)],
        `${moved.length} rating changes, ${rated.length} history rows that are not unrated bot games`,
      );
    }
    const humans = new Set(r.memberUids);
    const strangers = [...Object.keys(r.ratingChanges ?? {}), ...rows.map((h) => h.uid)].filter((u) => !humans.has(u));
    if (strangers.length) {
      violation('bots have no rating, history nor place on a leaderboard', [roomPath(r)], strangers.join(', '));
    }
  }
}

/** One ticket, waited long enough, with the very bots its mode seats beside it. */
function checkSeats(r: RoomDoc, config: AppConfig, violation: Violation) {
  const mode = config.modes[splitPoolId(r.mode).modeId];
  const tickets = roomTickets(r);
  const [only] = tickets;
  if (!mode?.bots || tickets.length !== 1 || !only) {
    violation('bots seat one ticket of a mode with bots', [roomPath(r)], `${tickets.length} tickets`);
    return;
  }
  const waited = (r.proposedAt - only.enqueuedAt) / 1000;
  if (waited < mode.bots.afterSeconds) {
    violation(
      'no bots before afterSeconds',
      [roomPath(r)],
      `waited ${waited.toFixed(1)} s of ${mode.bots.afterSeconds}`,
    );
  }
  const expected = botSeats(mode, mode.bots, only);
  if (JSON.stringify(expected) !== JSON.stringify(r.bots)) {
    violation('a room with bots has full sides', [roomPath(r)], `bots ${JSON.stringify(r.bots)}`);
  }
}
