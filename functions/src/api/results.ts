import { z } from 'zod';
import { documentIdSchema } from '../core/ids.js';
import { ffaReportSchema, teamReportSchema } from '../core/room/room.js';
import { assertNotBanned, type Ban } from '../core/ops/ban.js';
import { reportResult as record } from '../store/settlement.js';
import { paidCallable } from './callable.js';

/**
 * Reports a room's result: `{ roomId, outcome: 'A' | 'B' | 'draw' }` for team modes, `{ roomId, placements:
 * { uid: place } }` for free-for-all (1 is best; equal places tie).
 */
export const reportResult = paidCallable(
  z.union([
    teamReportSchema.extend({ roomId: documentIdSchema }),
    ffaReportSchema.extend({ roomId: documentIdSchema }),
  ]),
  async ({ roomId: id, ...result }, caller, ctx) => {
    const authoritative = caller.token[ctx.config.results.gameServerClaim] === true;
    // A trusted game server is no player: only a player's own report is held to their ban, read from the
    // claim the ban mirrors onto their token (store/bans.ts), so a report costs no read.
    if (!authoritative)
      assertNotBanned(
        caller.token.ban as Pick<Ban, 'until' | 'reason'> | undefined,
        'report a result',
        ctx.clock.now(),
      );
    const { room, first } = await record(ctx, { uid: caller.uid, authoritative }, id, result);
    return { answer: { room }, paid: first };
  },
);
