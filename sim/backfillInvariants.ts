/**
 * The invariants late joiners add (core/room/backfill.ts): they join only a free-for-all of humans whose mode has
 * backfill, while its window is open, each whole with its ticket matched into the room at that moment, keeping the
 * room within its players, its spread and its choices; and their game moves no rating unless the mode rates it.
 */
import type { AppConfig } from '../functions/src/core/config.js';
import { acceptedValues } from '../functions/src/core/mode/choices.js';
import { splitPoolId } from '../functions/src/core/mode/pool.js';
import { capAt } from '../functions/src/core/match/widening.js';
import { asFormed } from '../functions/src/core/room/backfill.js';
import { roomTickets, type RoomDoc } from '../functions/src/core/room/room.js';
import type { RoomTicket } from '../functions/src/core/queue/ticket.js';
import type { Snapshot, TicketAt } from './snapshot.js';

type Violation = (invariant: string, documents: string[], detail: string) => void;
type Lookup = (pool: string | null | undefined, id: string) => TicketAt | undefined;

const roomPath = (r: RoomDoc) => `rooms/${r.id}`;
const spread = (scores: number[]) => Math.max(...scores) - Math.min(...scores);

export function checkBackfill(snapshot: Snapshot, config: AppConfig, violation: Violation, ticketAt: Lookup) {
  for (const r of snapshot.rooms) {
    const late = roomTickets(r).filter((t) => t.members.some((m) => r.late[m.uid] !== undefined));
    if (late.length === 0) continue;
    const mode = config.modes[splitPoolId(r.mode).modeId];
    const format = mode?.format.kind === 'ffa' ? mode.format : null;
    if (!format?.backfill || !r.backfill || r.bots.length > 0) {
      violation('late joiners join only a free-for-all with backfill', [roomPath(r)], `mode ${r.mode}`);
      continue;
    }
    if (r.memberUids.length - r.forfeits.length > r.backfill.maxPlayers) {
      violation(
        'a room never plays more than its mode allows',
        [roomPath(r)],
        `${r.memberUids.length} players, ${r.forfeits.length} left`,
      );
    }
    let seated = roomTickets(asFormed(r)).map((t) => t.score);
    for (const t of [...late].sort((a, b) => joinedAt(r, a) - joinedAt(r, b))) {
      const at = joinedAt(r, t);
      const ticket = ticketAt(t.pool ?? r.mode, t.ticketId);
      const path = ticket ? `pools/${ticket.pathMode}/tickets/${ticket.id}` : roomPath(r);
      if (at > r.backfill.until || t.members.some((m) => r.late[m.uid] !== at)) {
        violation('a late joiner joins whole, within the window', [roomPath(r)], `${t.ticketId} at ${at}`);
      }
      if (ticket && (ticket.status !== 'matched' || ticket.roomId !== r.id || ticket.endedAt !== at)) {
        violation('a late joiner is matched into the room as it joins', [roomPath(r), path], ticket.status);
      }
      const waited = (at - t.enqueuedAt) / 1000;
      if (spread([...seated, t.score]) > Math.max(capAt(mode!.spreadCap, waited), spread(seated))) {
        violation('a late joiner keeps the room within its spread', [roomPath(r)], `${t.ticketId} scores ${t.score}`);
      }
      seated = [...seated, t.score];
      const disagrees = Object.entries(mode!.choices ?? {}).some(
        ([name, choice]) => !acceptedValues(choice, ticket?.choices[name], waited).includes(r.agreed[name] ?? ''),
      );
      if (ticket && disagrees) {
        violation("a late joiner accepts the room's choices", [roomPath(r), path], JSON.stringify(r.agreed));
      }
    }
    const moved = late.flatMap((t) => t.members).filter((m) => (r.ratingChanges?.[m.uid]?.delta ?? 0) !== 0);
    if (!r.backfill.rated && moved.length) {
      violation("an unrated late joiner's rating does not move", [roomPath(r)], moved.map((m) => m.uid).join(', '));
    }
  }
}

const joinedAt = (r: RoomDoc, t: RoomTicket) => r.late[t.members[0]!.uid]!;
