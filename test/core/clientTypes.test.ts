import { expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type * as client from '@ladder/client';
import type { partySchema } from '../../functions/src/core/player/party.js';
import type { playerSchema, playerStateSchema } from '../../functions/src/core/player/player.js';
import type { Presence } from '../../functions/src/core/queue/presence.js';
import type { ticketDocSchema } from '../../functions/src/core/queue/ticket.js';
import type { queueStatsSchema } from '../../functions/src/core/ops/queueStats.js';
import type { roomDocSchema } from '../../functions/src/core/room/room.js';
import type { HistoryEntry, historyRowSchema } from '../../functions/src/core/room/history.js';
import type { LeaderboardRow } from '../../functions/src/core/ladder/leaderboard.js';
import type { calibrationDocSchema } from '../../functions/src/core/ops/calibration.js';
import type { reviewFlagSchema } from '../../functions/src/core/fairplay/reportAbuse.js';
import type { modePauseSchema } from '../../functions/src/core/mode/pause.js';
import type { banSchema } from '../../functions/src/core/ops/ban.js';
import type { auditRowSchema } from '../../functions/src/core/ops/audit.js';
import type { seasonArchiveSchema, seasonCloseSchema } from '../../functions/src/core/ladder/season.js';
import type { Unbranded } from '../support/unbranded.js';

// The client declares the documents it reads as plain types so its build carries no server code; this file
// fails `npm run typecheck` as soon as they and the server's schemas disagree.
it("declares the documents exactly as the server's schemas define them", () => {
  expectTypeOf<client.Player>().toEqualTypeOf<z.infer<typeof playerSchema>>();
  expectTypeOf<client.PlayerState>().toEqualTypeOf<Unbranded<z.infer<typeof playerStateSchema>>>();
  expectTypeOf<client.Party>().toEqualTypeOf<Unbranded<z.infer<typeof partySchema>>>();
  expectTypeOf<client.Ticket>().toEqualTypeOf<Unbranded<z.infer<typeof ticketDocSchema>>>();
  expectTypeOf<client.QueueStats>().toEqualTypeOf<Unbranded<z.infer<typeof queueStatsSchema>>>();
  expectTypeOf<client.Room>().toEqualTypeOf<Unbranded<z.infer<typeof roomDocSchema>>>();
  expectTypeOf<client.HistoryRow>().toEqualTypeOf<z.infer<typeof historyRowSchema>>();
  expectTypeOf<client.HistoryEntry>().toEqualTypeOf<HistoryEntry>();
  expectTypeOf<client.Presence>().toEqualTypeOf<Unbranded<Presence>>();
  expectTypeOf<client.LeaderboardRow>().toEqualTypeOf<LeaderboardRow>();
  expectTypeOf<client.SeasonArchive>().toEqualTypeOf<z.infer<typeof seasonArchiveSchema>>();
  expectTypeOf<client.SeasonClose>().toEqualTypeOf<z.infer<typeof seasonCloseSchema>>();
  expectTypeOf<client.Calibration>().toEqualTypeOf<z.infer<typeof calibrationDocSchema>>();
  expectTypeOf<client.ReviewFlag>().toEqualTypeOf<z.infer<typeof reviewFlagSchema>>();
  expectTypeOf<client.ModePause>().toEqualTypeOf<z.infer<typeof modePauseSchema>>();
  expectTypeOf<client.Ban>().toEqualTypeOf<z.infer<typeof banSchema>>();
  expectTypeOf<client.AuditRow>().toEqualTypeOf<z.infer<typeof auditRowSchema>>();
});
