/**
 * The whole database as the invariant checker reads it (sim/invariants.ts `readSnapshot`): its own module, so the
 * checks that take one (bots, operators, penalties) need not import the checker that calls them.
 */
import type { Tombstone } from '../functions/src/core/player/deletion.js';
import type { Party } from '../functions/src/core/player/party.js';
import type { Player, PlayerState } from '../functions/src/core/player/player.js';
import type { TicketDoc } from '../functions/src/core/queue/ticket.js';
import type { RoomDoc } from '../functions/src/core/room/room.js';
import type { historyRowSchema } from '../functions/src/core/room/history.js';
import type { SeasonArchive, SeasonClose } from '../functions/src/core/ladder/season.js';
import type { AuditRow } from '../functions/src/core/ops/audit.js';
import type { z } from 'zod';

export type HistoryRow = z.infer<typeof historyRowSchema> & { uid: string };
export type StateDoc = PlayerState & { uid: string };
/** A ticket with the mode its path names, which must agree with the mode it records. */
export type TicketAt = TicketDoc & { pathMode: string };

export interface Snapshot {
  tickets: TicketAt[];
  rooms: RoomDoc[];
  players: Player[];
  history: HistoryRow[];
  states: StateDoc[];
  parties: Party[];
  archives: SeasonArchive[];
  closes: SeasonClose[];
  /** Deleted accounts' tombstones; absent in snapshots made before accounts could be deleted. */
  deleted?: Tombstone[];
  /** The operators' actions (`audit/*`): bans lifted since, pauses; absent in snapshots made before them. */
  audit?: AuditRow[];
}
