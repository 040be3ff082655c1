import { z } from 'zod';
import { config } from '../config.js';
import { documentIdSchema } from '../core/ids.js';
import { ffaReportSchema, teamReportSchema } from '../core/room/room.js';
import { assertMayReport } from '../store/bans.js';
import { reportResult as record } from '../store/settlement.js';
import { callable } from './callable.js';

/**
 * Reports a room's result: `{ roomId, outcome: 'A' | 'B' | 'draw' }` for team modes, `{ roomId, placements:
 * { uid: place } }` for free-for-all (1 is best; equal places tie).
 */
export const reportResult = callable(
  z.union([
    teamReportSchema.extend({ roomId: documentIdSchema }),
    ffaReportSchema.extend({ roomId: documentIdSchema }),
  ]),
  async ({ roomId: id, ...result }, caller) => {
    const authoritative = caller.token[config.results.gameServerClaim] === true;
    // A trusted game server is no player: only a player's own report is held to their ban.
    if (!authoritative) await assertMayReport(caller.uid);
    return { room: await record({ uid: caller.uid, authoritative }, id, result) };
  },
);
